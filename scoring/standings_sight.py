"""Who may follow the standings, and up to which round: **the one rule** (issue #23, "live
standings during play").

Every surface that shows standings — the standings page, its live fragment, version and
stream, the event and session pages, the API, a score card's rank, the links on the table
screen and My page — asks :func:`standings_sight` (a section) or
:func:`tournament_standings_sight` (an event's combined pages) and shows
:func:`standings_document`; nothing else decides it.

* Once the event is **released** (or closed), everyone sees every round.
* The event's **directors** (:func:`tournaments.visibility.is_director`: never someone
  playing in it) always see every round.
* Before the release, the event's setting (:class:`tournaments.models.LiveStandings`,
  chosen by its directors on the event's *Standings during play* page) decides:

  - ``everyone``: everyone sees every round, as it is entered;
  - ``players``: the event's **players** (an entrant of any of its sections) see every
    round; nobody else;
  - ``hide_last``: the event's players see the standings **computed from the rounds
    before the last N** of their section (N = ``live_hidden_rounds``); nothing while
    fewer rounds than that have been played; the combined pages wait for the release;
  - ``hidden``: nobody but the directors, until the release.

The public results pages (travellers, hand records, files) are not standings: they follow
:mod:`scoring.release` and the deal rule, and so wait for the release whatever the setting.
"""

from __future__ import annotations

import contextlib
from dataclasses import dataclass

from django.core.cache import cache
from django.db.models import Max
from django.utils.translation import gettext as _
from django.utils.translation import ngettext

from clubs.permissions import member_id_of
from scoring import live
from scoring.tally import SectionInput, section_input_load, standings_compute
from tournaments.models import LiveStandings, Seating, Section, Tournament
from tournaments.visibility import is_director, member_plays_in

_SIGHT_CACHE = "_tenace_standings_sight"
#: The standings of the rounds before the hidden ones, per section, data version and round.
CUT_KEY = "scoring:standings-cut:{}:{}:{}"
CUT_SECONDS = 600


@dataclass(frozen=True)
class StandingsSight:
    """``allowed`` to see the standings; ``up_to_round`` the last round they count (None:
    every round); ``reason`` a sentence saying why not (or why only so far)."""

    allowed: bool
    up_to_round: int | None = None
    reason: str = ""

    @property
    def every_round(self) -> bool:
        return self.allowed and self.up_to_round is None


_EVERY = StandingsSight(allowed=True)


def _refused(tournament: Tournament) -> StandingsSight:
    if tournament.live_standings == LiveStandings.HIDDEN:
        reason = _("The directors show these standings when they release the results.")
    else:
        reason = _(
            "During play these standings are shown to the event's players only; everyone "
            "sees them when the directors release the results."
        )
    return StandingsSight(allowed=False, reason=reason)


def _plays(user, tournament: Tournament) -> bool:
    cache_ = user.__dict__.setdefault(_SIGHT_CACHE, {}) if user is not None else {}
    if tournament.pk not in cache_:
        cache_[tournament.pk] = member_plays_in(member_id_of(user), tournament)
    return cache_[tournament.pk]


def _before_release(user, tournament: Tournament) -> StandingsSight | None:
    """The sight of everyone but a director before the release; None: every round."""
    setting = tournament.live_standings
    if setting == LiveStandings.EVERYONE:
        return None
    if setting == LiveStandings.HIDDEN or not _plays(user, tournament):
        return _refused(tournament)
    if setting == LiveStandings.HIDE_LAST:
        return StandingsSight(allowed=True, up_to_round=0)  # the section decides the round
    return None


def _base_sight(user, tournament: Tournament) -> StandingsSight:
    if tournament.standings_released or is_director(user, tournament):
        return _EVERY
    return _before_release(user, tournament) or _EVERY


def section_rounds(section_id: int) -> int:
    """How many rounds the section's schedule has (0 before a movement is saved)."""
    return Seating.objects.filter(section_id=section_id).aggregate(n=Max("round"))["n"] or 0


def standings_sight(user, section: Section) -> StandingsSight:
    """May ``user`` see ``section``'s standings now, and up to which round (the module's
    rule). At most two queries (is the reader a director; do they play), one more for the
    section's rounds with ``hide_last``; none for a released event."""
    tournament = section.session.tournament
    sight = _base_sight(user, tournament)
    if sight.up_to_round is None:
        return sight
    hidden = tournament.live_hidden_rounds
    last = section_rounds(section.pk) - hidden
    if last < 1:
        return StandingsSight(
            allowed=False,
            reason=ngettext(
                "The standings of the last round are hidden until the release.",
                "The standings of the last %(n)d rounds are hidden until the release.",
                hidden,
            )
            % {"n": hidden},
        )
    return StandingsSight(
        allowed=True,
        up_to_round=last,
        reason=ngettext(
            "Standings after round %(round)d: the last round is hidden until the release.",
            "Standings after round %(round)d: the last %(n)d rounds are hidden until the release.",
            hidden,
        )
        % {"round": last, "n": hidden},
    )


def tournament_standings_sight(user, tournament: Tournament) -> StandingsSight:
    """The same rule for the event's and sessions' combined standings: with ``hide_last``
    they wait for the release (each section shows the rounds before the hidden ones)."""
    sight = _base_sight(user, tournament)
    if sight.up_to_round is not None:
        return StandingsSight(
            allowed=False,
            reason=_(
                "The last rounds are hidden until the release: each section's standings "
                "show the rounds before them."
            ),
        )
    return sight


def _cut(section_input: SectionInput, up_to_round: int) -> SectionInput:
    rows = tuple(row for row in section_input.results if row.round <= up_to_round)
    return SectionInput(
        section_id=section_input.section_id,
        method=section_input.method,
        movement=section_input.movement,
        entries=section_input.entries,
        results=rows,
        compass_single_winner=section_input.compass_single_winner,
    )


def standings_cut(section_id: int, up_to_round: int) -> dict:
    """The standings document (:mod:`scoring.tally`) of the section's results in rounds 1
    to ``up_to_round``, with ``version`` (the section's data version) and ``up_to_round``;
    computed once per data version and round, then read from the cache."""
    version = live.data_version(section_id)
    key = CUT_KEY.format(section_id, version, up_to_round)
    try:
        data = cache.get(key)
    except Exception:  # noqa: BLE001 - the cache is down: compute
        data = None
    if data is None:
        data = standings_compute(_cut(section_input_load(section_id), up_to_round))
        data.update(version=version, up_to_round=up_to_round)
        with contextlib.suppress(Exception):  # the cache is down: computed next time
            cache.set(key, data, timeout=CUT_SECONDS)
    return data


def standings_document(section: Section, sight: StandingsSight, snapshot_data: dict | None):
    """What a reader with ``sight`` is shown: the newest snapshot's document, or the one of
    the rounds before the hidden ones (None when they may see nothing)."""
    if not sight.allowed:
        return None
    if sight.up_to_round is None:
        return snapshot_data
    return standings_cut(section.pk, sight.up_to_round)
