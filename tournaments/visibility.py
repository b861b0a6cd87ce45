"""Who sees a deal, and when: **the one rule** (issue #12, "fair play").

A deal — the cards, the turned card, the hand record, the double-dummy tricks, the PBN,
and a board's traveller (the other tables' results on it) — is visible:

* to everyone, once **every** event that plays its board set has released its results
  (status released or closed, :data:`~tournaments.models.STATUSES_RESULTS_PUBLIC`);
* before that, for each event still playing the set, only to

  - the event's **directors** (:func:`is_director`; never someone playing in it), and
  - an **entrant** whose own pair has played that board in that event, in the schedule's
    order: a result (of any kind) stands for their board play, in the pair's current round
    or an earlier one (:mod:`tournaments.rounds`; a result for a later round opens
    nothing). A traveller then shows what the board's results are at that moment;

  a board is visible to a user only when every such event lets them see it (the same
  deal is played by each event that uses the set);
* a board set no event uses yet: to the club's organisers and secretaries only.

Everyone else (anonymous visitors, other members, a **playing organiser**, a member of
another club) waits for the release. Every page, API route and export that shows a deal
or a traveller asks :func:`deal_access` (or one of the shortcuts below) — nothing else
decides it. Board sets are *listed* only to their club's organisers and secretaries
(:func:`board_sets_listed`); a set's seed, which deals all its boards, is read only by
who may see every board and prepares them (:func:`seed_visible`).

Costs: :func:`deal_access` reads the sections that use a set (one query); for each event
still playing it that the user does not direct, one query decides whether they direct it
and one finds the boards their pair has played. Answers are kept on the user object for
the request.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass

from django.apps import apps
from django.core.exceptions import PermissionDenied
from django.db.models import (
    BooleanField,
    CharField,
    Exists,
    ExpressionWrapper,
    F,
    OuterRef,
    Q,
    QuerySet,
    Value,
)
from django.db.models.fields.json import KT
from django.db.models.functions import Cast
from django.utils import timezone
from django.utils.translation import gettext as _

from clubs.models import Member, Membership, Role
from clubs.permissions import Action, can, member_id_of
from tournaments import rounds
from tournaments.models import (
    STATUSES_RESULTS_PUBLIC,
    Board,
    BoardPlay,
    BoardSet,
    Entry,
    EntryChange,
    Section,
    Tournament,
)

_DIRECTOR_CACHE = "_tenace_directs"
_DEALS_CACHE = "_tenace_deal_access"
_STAFF_ROLES = (Role.ORGANISER, Role.SECRETARY)

#: Refusal codes (the API's ``code``) and their texts.
DEALS_HIDDEN = "deals_hidden"
DIRECTORS_ONLY = "directors_only"


def deals_hidden_message() -> str:
    return _(
        "These deals and results are not public yet: during the event only its directors "
        "see them, and each pair once it has played the board. Everyone sees them when "
        "the results are released."
    )


def directors_only_message() -> str:
    return _("Only the event's directors can do this (a director never plays in the event).")


class NotDirector(PermissionDenied):
    """A director-only action refused (a styled 403 page; in the API a 403 whose JSON has
    the reason in ``detail`` and ``code`` ``directors_only``)."""

    code = DIRECTORS_ONLY


# --- Directors -------------------------------------------------------------------------


def _entrant_q(tournament_ref, member_ref) -> QuerySet[Entry]:
    return Entry.objects.filter(section__session__tournament_id=tournament_ref).filter(
        Q(member1_id=member_ref) | Q(member2_id=member_ref)
    )


def _replaced_q(tournament_ref, member_ref) -> QuerySet[EntryChange]:
    """A player substituted out of an entry of the event (they may have seen boards)."""
    ref = member_ref if hasattr(member_ref, "resolve_expression") else Value(member_ref)
    who = Cast(ref, output_field=CharField())
    return (
        EntryChange.objects.filter(entry__section__session__tournament_id=tournament_ref)
        .alias(was1=KT("before__member1"), was2=KT("before__member2"))
        .filter(Q(was1=who) | Q(was2=who))
    )


def _plays(tournament_ref, member_ref) -> Q:
    """The member plays (or played) in the event: an entrant of any of its sections, or a
    player substituted out of one."""
    return Q(Exists(_entrant_q(tournament_ref, member_ref))) | Q(
        Exists(_replaced_q(tournament_ref, member_ref))
    )


def _staff_now(club_ref, member_ref) -> QuerySet[Membership]:
    today = timezone.localdate()
    return Membership.objects.filter(
        club_id=club_ref, member_id=member_ref, role__in=_STAFF_ROLES, valid_from__lte=today
    ).filter(Q(valid_to__isnull=True) | Q(valid_to__gte=today))


def _named_directors_now(tournament_ref):
    """The through rows of the named directors who qualify today (staff, not playing)."""
    through = Tournament.directors.through
    return (
        through.objects.filter(tournament_id=tournament_ref)
        .filter(Exists(_staff_now(OuterRef("tournament__club_id"), OuterRef("member_id"))))
        .exclude(_plays(OuterRef("tournament_id"), OuterRef("member_id")))
    )


def member_plays_in(member_id: int | None, tournament: Tournament) -> bool:
    """Whether the member is a player of any entry of any section of the event."""
    return (
        member_id is not None
        and Tournament.objects.filter(pk=tournament.pk)
        .filter(_plays(OuterRef("pk"), member_id))
        .exists()
    )


def is_director(user, tournament: Tournament) -> bool:
    """Whether ``user`` directs ``tournament`` (the rule is in :class:`Tournament`'s
    docstring): an organiser or secretary of its club, not playing in it, and named — or,
    while no named member qualifies, any organiser or secretary who is not playing. One
    query (none for anonymous visitors and members without a staff role); kept for the
    request."""
    if user is None or not user.is_authenticated:
        return False
    cache: dict[int, bool] = user.__dict__.setdefault(_DIRECTOR_CACHE, {})
    if tournament.pk in cache:
        return cache[tournament.pk]
    answer = False
    if can(user, Action.ORGANISE, tournament.club_id):
        member_id = member_id_of(user)
        row = (
            Tournament.objects.filter(pk=tournament.pk)
            .annotate(
                playing=ExpressionWrapper(
                    _plays(OuterRef("pk"), member_id or 0), output_field=BooleanField()
                ),
                named=Exists(
                    Tournament.directors.through.objects.filter(
                        tournament_id=OuterRef("pk"), member_id=member_id or 0
                    )
                ),
                others=Exists(_named_directors_now(OuterRef("pk"))),
            )
            .values_list("playing", "named", "others")
            .first()
        )
        if row is not None:
            playing, named, others = row
            answer = not playing and (named or not others or user.is_superuser)
    cache[tournament.pk] = answer
    return answer


def director_require(user, tournament: Tournament) -> None:
    """The one check of every director-only action, on every surface (pages, API, the
    control room, table devices, code locks, the codes on guide cards): raise
    :class:`NotDirector`, with the reason, unless ``user`` directs ``tournament``
    (:func:`is_director`). Being an organiser of the club is not enough: an organiser who
    plays in the event, or one not named while others are, is refused."""
    if not is_director(user, tournament):
        raise NotDirector(directors_only_message())


def event_directors(tournament: Tournament) -> list[Member]:
    """The members who direct the event today (for its pages): the named ones who
    qualify, or — while none does — the club's organisers and secretaries not playing."""
    named = Member.objects.filter(
        pk__in=_named_directors_now(tournament.pk).values("member_id")
    ).order_by("name")
    if named:
        return list(named)
    return list(directors_eligible(tournament))


def directors_eligible(tournament: Tournament) -> QuerySet[Member]:
    """Who may be named a director: the club's organisers and secretaries today, not
    playing in the event."""
    return (
        Member.objects.filter(Exists(_staff_now(tournament.club_id, OuterRef("pk"))))
        .exclude(_plays(tournament.pk, OuterRef("pk")))
        .order_by("name")
    )


# --- Deals ------------------------------------------------------------------------------


@dataclass(frozen=True)
class DealAccess:
    """Which boards of one set a user may see: ``every`` board, or those in ``board_ids``."""

    every: bool
    board_ids: frozenset[int] = frozenset()

    def allows(self, board_id: int) -> bool:
        return self.every or board_id in self.board_ids

    @property
    def nothing(self) -> bool:
        return not self.every and not self.board_ids


_EVERY = DealAccess(every=True)
_NONE = DealAccess(every=False)


def _played_board_ids(member_id: int, section_ids: list[int]) -> frozenset[int]:
    """Boards of these sections that the member's own entry has played in the schedule's
    order: a result stands for its board play, in the entry's current round or an earlier
    one (:mod:`tournaments.rounds`)."""
    if not apps.is_installed("scoring"):
        return frozenset()
    entries = list(
        Entry.objects.filter(section_id__in=section_ids)
        .filter(Q(member1_id=member_id) | Q(member2_id=member_id))
        .values_list("pk", flat=True)
    )
    if not entries:
        return frozenset()
    seated = Q()
    for seat in rounds.SEATS:
        seated |= Q(**{f"seating__{seat}_id__in": entries})
    return frozenset(
        BoardPlay.objects.filter(seating__section_id__in=section_ids, result__isnull=False)
        .filter(seated)
        .annotate(now=rounds.round_now(section=OuterRef("seating__section_id"), entries=entries))
        .filter(Q(now__isnull=True) | Q(seating__round__lte=F("now")))
        .values_list("board_id", flat=True)
    )


def deal_access(user, board_set: BoardSet | int, *, club_id: int | None = None) -> DealAccess:
    """Which boards of ``board_set`` ``user`` may see now (the module's rule)."""
    set_id = board_set if isinstance(board_set, int) else board_set.pk
    cache = None
    if user is not None:
        cache = user.__dict__.setdefault(_DEALS_CACHE, {})
        if set_id in cache:
            return cache[set_id]
    rows = list(Section.objects.filter(board_set_id=set_id).values_list(*_SECTION_FIELDS))
    if not rows and club_id is None:
        club_id = (
            board_set.club_id
            if isinstance(board_set, BoardSet)
            else BoardSet.objects.filter(pk=set_id).values_list("club_id", flat=True).first()
        )
    access = _access_of(user, rows, club_id)
    if cache is not None:
        cache[set_id] = access
    return access


def deal_access_many(user, board_sets: Iterable[BoardSet]) -> dict[int, DealAccess]:
    """:func:`deal_access` for several sets (a list page): one query reads the sections of
    them all; an event still playing one of them costs what it costs there, once."""
    sets = {board_set.pk: board_set for board_set in board_sets}
    cache = user.__dict__.setdefault(_DEALS_CACHE, {}) if user is not None else {}
    missing = [pk for pk in sets if pk not in cache]
    rows: dict[int, list[tuple]] = {pk: [] for pk in missing}
    if missing:
        for set_id, *row in Section.objects.filter(board_set_id__in=missing).values_list(
            "board_set_id", *_SECTION_FIELDS
        ):
            rows[set_id].append(tuple(row))
    for pk in missing:
        cache[pk] = _access_of(user, rows[pk], sets[pk].club_id)
    return {pk: cache[pk] for pk in sets}


def sessions_deals_visible(user, sessions: Iterable) -> bool:
    """Whether ``user`` may see every deal of these sessions (their sections' board sets),
    in one query: a released session whose boards another event is still playing keeps
    them hidden until that event releases too."""
    session_ids = [session.pk for session in sessions]
    rows: dict[int, list[tuple]] = {}
    for set_id, *row in Section.objects.filter(
        board_set_id__in=Section.objects.filter(session_id__in=session_ids).values("board_set_id")
    ).values_list("board_set_id", *_SECTION_FIELDS):
        rows.setdefault(set_id, []).append(tuple(row))
    return all(_access_of(user, set_rows, None).every for set_rows in rows.values())


_SECTION_FIELDS = (
    "pk",
    "session__tournament_id",
    "session__tournament__status",
    "session__tournament__club_id",
)


def _access_of(user, rows, club_id: int | None) -> DealAccess:
    if rows:
        return _access_while_played(user, rows)
    # A set no event uses yet: its club's organisers and secretaries.
    return _EVERY if club_id is not None and can(user, Action.ORGANISE, club_id) else _NONE


def _access_while_played(user, rows) -> DealAccess:
    playing: dict[int, tuple[int, list[int]]] = {}
    for section_id, tournament_id, status, club_id in rows:
        if status not in STATUSES_RESULTS_PUBLIC:
            playing.setdefault(tournament_id, (club_id, []))[1].append(section_id)
    if not playing:
        return _EVERY
    if user is None or not user.is_authenticated:
        return _NONE
    visible: frozenset[int] | None = None
    for tournament_id, (club_id, section_ids) in playing.items():
        if is_director(user, Tournament(pk=tournament_id, club_id=club_id)):
            continue
        # An entrant needs no role in the club (a former member may still play): their
        # own entry decides.
        member_id = member_id_of(user)
        if member_id is None:
            return _NONE
        played = _played_board_ids(member_id, section_ids)
        visible = played if visible is None else visible & played
        if not visible:
            return _NONE
    return _EVERY if visible is None else DealAccess(every=False, board_ids=visible)


def deal_visible(user, board: Board) -> bool:
    """Whether ``user`` may see ``board``'s deal (and its traveller) now."""
    return deal_access(user, board.board_set_id).allows(board.pk)


def traveller_visible(user, board: Board) -> bool:
    """A board's traveller (the other tables' results on it) follows its deal."""
    return deal_visible(user, board)


def boards_visible_qs(user, board_set: BoardSet | int) -> QuerySet[Board]:
    """The boards of a set that ``user`` may see, in number order."""
    set_id = board_set if isinstance(board_set, int) else board_set.pk
    access = deal_access(user, board_set)
    boards = Board.objects.filter(board_set_id=set_id).order_by("number")
    if access.every:
        return boards
    return boards.filter(pk__in=access.board_ids)


def section_board_numbers_visible(user, section: Section) -> set[int] | None:
    """The board numbers of ``section`` whose deal and traveller ``user`` may see, or
    None for every board (one query more when only some are)."""
    if section.board_set_id is None:
        return set()
    access = deal_access(user, section.board_set_id)
    if access.every:
        return None
    if access.nothing:
        return set()
    return set(Board.objects.filter(pk__in=access.board_ids).values_list("number", flat=True))


# --- Board sets -------------------------------------------------------------------------


def board_sets_listed(user) -> QuerySet[BoardSet]:
    """The board sets ``user`` may list: their clubs' sets, for the club's organisers and
    secretaries (every set for the site's administrator)."""
    if user is None or not user.is_authenticated:
        return BoardSet.objects.none()
    if user.is_superuser:
        return BoardSet.objects.all()
    today = timezone.localdate()
    clubs = (
        Membership.objects.filter(member__user=user, role__in=_STAFF_ROLES, valid_from__lte=today)
        .filter(Q(valid_to__isnull=True) | Q(valid_to__gte=today))
        .values("club_id")
    )
    return BoardSet.objects.filter(club_id__in=clubs)


def seed_visible(user, board_set: BoardSet) -> bool:
    """Whether ``user`` may read the set's seed, which deals every board of it (with the
    site's deal secret, :mod:`tournaments.dealing`; alone, for sets dealt before it): the
    club's organisers and secretaries who may see every board now — the directors of each
    event still playing the set, never one who plays in it."""
    return can(user, Action.ORGANISE, board_set.club_id) and deal_access(user, board_set).every


def board_set_listed(user, board_set: BoardSet) -> bool:
    """Whether ``user`` may see that ``board_set`` exists (its club's organisers and
    secretaries), or sees some of its deals."""
    return can(user, Action.ORGANISE, board_set.club_id) or not deal_access(user, board_set).nothing
