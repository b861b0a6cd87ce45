"""What the apps below offer the site, declared on their ``AppConfig`` as dotted paths (so an
app needs no import of the site layer, and the site needs no list of the apps):

* ``season_ladders = "<app>.ladder.SEASON_LADDERS"`` — a list of
  :class:`clubs.ladder.SeasonLadder`: linked from the season's ladder page, and the member's
  results listed on the player page.
* ``demo_loader = "<app>.demo.demo_load"`` — a function ``(club, options) -> list[str]``
  (``options``: :class:`clubs.demo.DemoOptions`) that loads the app's demo data for the demo
  club (safe to run again) and returns lines for the summary.

Apps are visited in ``INSTALLED_APPS`` order, which follows the layers (a demo loader finds
what the apps below it loaded).
"""

from __future__ import annotations

from collections.abc import Callable

from django.apps import apps
from django.utils.module_loading import import_string

from clubs.demo import DemoOptions
from clubs.ladder import SeasonLadder
from clubs.models import Club


def _declared(attribute: str) -> list:
    return [
        import_string(path)
        for config in apps.get_app_configs()
        if (path := getattr(config, attribute, None))
    ]


def season_ladders() -> tuple[SeasonLadder, ...]:
    """Every app's own season ladders, in ``INSTALLED_APPS`` order."""
    return tuple(ladder for declared in _declared("season_ladders") for ladder in declared)


def demo_loaders() -> list[Callable[[Club, DemoOptions], list[str]]]:
    """Every app's demo loader, in ``INSTALLED_APPS`` order."""
    return _declared("demo_loader")
