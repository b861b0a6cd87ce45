"""The engine's rulings in the reader's language.

The engine raises :class:`engine.errors.EngineError` with an English message, a ``code`` and
``params``. Each app registers the translatable text of the codes it shows (a lazy
``gettext`` string with ``%(name)s`` placeholders for the params), usually from its
``AppConfig.ready()`` (``clubs`` registers the whist engine's codes, ``boston`` the Boston
ones); a param that is itself an ``EngineError`` is shown as its own ruling; :func:`ruling_text` then gives the ruling in the active language, and
the engine's English message only for a code nobody registered.
"""

from __future__ import annotations

from collections.abc import Mapping

from engine.errors import EngineError

_TEXTS: dict[str, object] = {}


def rulings_register(texts: Mapping[str, object]) -> None:
    """Add translatable texts for engine error codes (``{"card_twice": _("%(card)s …")}``).
    A code is one ruling: registering it again with another text is a programming error."""
    for code, text in texts.items():
        known = _TEXTS.get(code)
        if known is not None and known is not text and str(known) != str(text):
            raise ValueError(f"the ruling code {code!r} is registered twice with two texts")
    _TEXTS.update(texts)


def ruling_text(error: EngineError) -> str:
    """The ruling of ``error`` in the active language (its English message when its code has
    no registered text or its params do not fill the text)."""
    template = _TEXTS.get(getattr(error, "code", ""))
    if template is None:
        return str(error)
    params = {
        key: ruling_text(value) if isinstance(value, EngineError) else value
        for key, value in getattr(error, "params", {}).items()
    }
    try:
        return str(template) % params
    except (KeyError, TypeError, ValueError):
        return str(error)


def ruling_codes() -> frozenset[str]:
    """The codes that have a registered text (the catalogue check compares the engine's)."""
    return frozenset(_TEXTS)


def error_text(error: Exception) -> str:
    """:func:`ruling_text` for an engine error, the message of any other error."""
    return ruling_text(error) if isinstance(error, EngineError) else str(error)
