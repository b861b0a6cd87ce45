"""Whist drives: the progressive evening's rules (``../shared/drives.md``), pure Python.

- :mod:`engine.drives.settings` — :class:`DriveSettings`, every variation a setting.
- :mod:`engine.drives.movement` — seat tokens, the first seating, how each movement moves.
- :mod:`engine.drives.drive` — who held which seat when, each table's hand, entries.
- :mod:`engine.drives.cards` — every player's card, derived from the tables' entries.
- :mod:`engine.drives.prizes` — the ordered prize list with every tie rule.
- :mod:`engine.drives.run` — a whole drive from given trick counts.

Errors are :class:`engine.drives.errors.DriveError` with a ``code`` and ``params``.
"""
