"""Entries in bulk and late arrivals, as a director does them at the door.

* :func:`entries_list_read` reads a pasted list (one pair per line, or one player per line
  in an individual event), matches each name to a member of the club and takes the rest as
  guests; it saves nothing and says, line by line, what it would do or why it cannot.
* :func:`entries_list_add` adds the read lines, all or none.
* :func:`entry_late_pair` seats a late pair in the place of a pair that did not come (a
  withdrawn entry, whose opponents have been sitting out), from a given round on — what
  EBUScore calls giving the late pair the phantom's number. Before play starts a late pair
  is simply added (:func:`~tournaments.services.events.entry_add`) and the schedule made
  again.
"""

from __future__ import annotations

import re
import unicodedata
from dataclasses import dataclass, field

from django.db import transaction
from django.utils.translation import gettext as _
from django.utils.translation import ngettext

from clubs.models import Member
from tournaments import selectors
from tournaments.errors import EntryError
from tournaments.models import Board, BoardPlay, Entry, EntryChange, Seating, Section
from tournaments.services.events import _entry_snapshot, before_start, entry_add

#: Between the two players of a pair: & + / , ; a tab, a dash between spaces.
SEPARATORS = re.compile(r"\s*(?:[&+/,;\t]|\s[-–—]\s)\s*")
#: Or a word: and (en), y (es), a (cs).
WORD_SEPARATORS = re.compile(r"\s+(?:and|y|a)\s+", re.IGNORECASE)
MAX_LINES = 100


def _key(name: str) -> str:
    """A name as compared: without accents, case or repeated spaces."""
    plain = unicodedata.normalize("NFKD", name)
    plain = "".join(c for c in plain if not unicodedata.combining(c))
    return " ".join(plain.casefold().split())


@dataclass(frozen=True)
class PlayerMatch:
    """A name as typed, and the member it was matched to (None: a guest)."""

    text: str
    member: Member | None = None

    @property
    def guest(self) -> str:
        return "" if self.member is not None else self.text


@dataclass
class EntryLine:
    """One line of the list: its players, or why it cannot be added (``error``)."""

    number: int
    text: str
    players: list[PlayerMatch] = field(default_factory=list)
    error: str = ""
    #: A warning that does not refuse the line (a player in another running event).
    warning: str = ""


class _Members:
    """The club's members by name: the same name (accents and case aside), else the one
    member whose name holds every word typed."""

    def __init__(self, club_id: int) -> None:
        self.members = list(
            Member.objects.filter(memberships__club_id=club_id, erased__isnull=True)
            .distinct()
            .order_by("name")
        )
        self.keys = [(_key(m.name), m) for m in self.members]

    def find(self, name: str) -> tuple[Member | None, str]:
        key = _key(name)
        same = [m for k, m in self.keys if k == key]
        if not same:
            words = key.split()
            same = [m for k, m in self.keys if all(w in k.split() for w in words)]
        if len(same) > 1:
            return None, _("Several members match “%(name)s”: write the full name.") % {
                "name": name
            }
        return (same[0] if same else None), ""


def _split(text: str) -> list[str]:
    parts = [p for p in SEPARATORS.split(text) if p.strip()]
    if len(parts) == 1:
        parts = [p for p in WORD_SEPARATORS.split(text) if p.strip()]
    return [p.strip() for p in parts]


def elsewhere_warning(names: dict[str, list[str]]) -> str:
    """The director's warning for players entered in another running event."""
    return ngettext(
        "%(players)s also plays in %(events)s, running now: finish that event, or make sure "
        "their phone opens the table of the right event.",
        "%(players)s also play in %(events)s, running now: finish that event, or make sure "
        "their phones open the table of the right event.",
        len(names),
    ) % {
        "players": ", ".join(sorted(names)),
        "events": ", ".join(sorted({event for events in names.values() for event in events})),
    }


def _warn_playing_elsewhere(section: Section, lines: list[EntryLine]) -> None:
    members = {p.member.pk: p.member for line in lines for p in line.players if p.member}
    elsewhere = selectors.playing_elsewhere(section, members)
    for line in lines:
        names = {
            p.member.name: elsewhere[p.member.pk]
            for p in line.players
            if p.member and p.member.pk in elsewhere
        }
        if names:
            line.warning = elsewhere_warning(names)


def entries_list_read(*, section: Section, text: str) -> list[EntryLine]:
    """The pasted list, line by line: each name matched to a member of the club (the same
    name, or the only member whose name holds every word typed) or taken as a guest; a
    line's ``error`` says why it cannot be added (a pair of one, a member already entered
    or named twice, a name that matches several members)."""
    individual = section.session.tournament.individual
    size = 1 if individual else 2
    members = _Members(section.session.tournament.club_id)
    entered = selectors.members_entered(section=section)
    seen: set[int] = set()
    lines: list[EntryLine] = []
    raw = [line.strip() for line in text.splitlines() if line.strip()]
    for number, line in enumerate(raw[:MAX_LINES], 1):
        names = [line] if individual else _split(line)
        entry = EntryLine(number, line)
        lines.append(entry)
        if len(names) != size:
            entry.error = (
                _("One player per line.")
                if individual
                else _("Two players per line, e.g. “Ana López & Jan Novák”.")
            )
            continue
        for name in names:
            member, error = members.find(name)
            entry.error = entry.error or error
            if member is not None and member.pk in entered:
                entry.error = entry.error or _("%(name)s is already entered.") % {
                    "name": member.name
                }
            elif member is not None and member.pk in seen:
                entry.error = entry.error or _("%(name)s is named twice.") % {"name": member.name}
            if member is not None:
                seen.add(member.pk)
            entry.players.append(PlayerMatch(name[:80], member))
    _warn_playing_elsewhere(section, lines)
    if len(raw) > MAX_LINES:
        lines.append(
            EntryLine(
                MAX_LINES + 1,
                raw[MAX_LINES],
                error=_("At most %(n)s lines at a time.") % {"n": MAX_LINES},
            )
        )
    return lines


@transaction.atomic
def entries_list_add(*, section: Section, text: str) -> list[Entry]:
    """Add every line of the list (see :func:`entries_list_read`) as an entry, numbered
    after the section's entries; nothing is added when any line is refused."""
    lines = entries_list_read(section=section, text=text)
    if not lines:
        raise EntryError(_("The list is empty: one pair per line."))
    refused = [line for line in lines if line.error]
    if refused:
        raise EntryError(
            "; ".join(
                _("Line %(n)s: %(error)s") % {"n": line.number, "error": line.error}
                for line in refused
            )
        )
    added = []
    for line in lines:
        first = line.players[0]
        second = line.players[1] if len(line.players) > 1 else PlayerMatch("")
        added.append(
            entry_add(
                section=section,
                member1=first.member,
                guest1=first.guest,
                member2=second.member,
                guest2=second.guest,
            )
        )
    return added


def names_list_text(names: list[str], *, individual: bool) -> str:
    """Picked players as a list to read back (:func:`entries_list_read`): two a line in
    the order given (a last odd one alone, for the director to pair), or one a line."""
    if individual:
        return "\n".join(names)
    lines = [f"{a} & {b}" for a, b in zip(names[::2], names[1::2], strict=False)]
    if len(names) % 2:
        lines.append(names[-1])
    return "\n".join(lines)


@transaction.atomic
def entry_late_pair(
    *,
    entry: Entry,
    from_round: int,
    member1: Member | None = None,
    member2: Member | None = None,
    guest1: str = "",
    guest2: str = "",
    changed_by=None,
    reason: str,
) -> int:
    """Seat a late pair in the place of ``entry``, a pair that did not come (withdrawn): the
    entry takes the late players and plays again from ``from_round`` on (its boards there
    are played, unless the other side is withdrawn too); the rounds before stay sit-outs.
    Kept in the entry's history. Returns how many board plays are back in play."""
    section = Section.objects.select_related("session__tournament").get(pk=entry.section_id)
    if before_start(section.session.tournament):
        raise EntryError(_("Play has not started: add the pair and choose the movement again."))
    if not entry.withdrawn:
        raise EntryError(
            _("Pair %(n)s is playing: a late pair takes the place of a pair that did not come.")
            % {"n": entry.number}
        )
    _late_players_check(section, entry, (member1, member2), (guest1, guest2), reason)
    before = _entry_snapshot(entry)
    entry.member1, entry.member2 = member1, member2
    entry.guest1 = "" if member1 is not None else guest1.strip()
    entry.guest2 = "" if member2 is not None else guest2.strip()
    entry.withdrawn = False
    entry.full_clean()
    entry.save()
    withdrawn = set(
        Entry.objects.filter(section=section, withdrawn=True).values_list("pk", flat=True)
    )
    seatings = [
        seating.pk
        for seating in Seating.objects.filter(
            selectors.seated_q(entry.pk), section=section, round__gte=from_round
        )
        if not {seating.ns_id, seating.ew_id, seating.south_id, seating.west_id} & withdrawn
    ]
    back = BoardPlay.objects.filter(seating__in=seatings, not_played=True).update(not_played=False)
    EntryChange.objects.create(
        entry=entry,
        changed_by=changed_by,
        before=before,
        after=_entry_snapshot(entry) | {"from_round": from_round},
        reason=reason.strip()[:200],
    )
    return back


def _late_players_check(
    section: Section,
    entry: Entry | None,
    members: tuple[Member | None, Member | None],
    guests: tuple[str, str],
    reason: str,
) -> None:
    """Refuse a late pair without a reason, without its players, or with a player already
    entered in the section (``entry``'s own players aside)."""
    (member1, member2), (guest1, guest2) = members, guests
    if not reason.strip():
        raise EntryError(_("Say why the pair changes."))
    if member1 is None and not guest1.strip():
        raise EntryError(_("Give the first player: a member or a guest's name."))
    individual = section.session.tournament.individual
    if not individual and member2 is None and not guest2.strip():
        raise EntryError(_("A pair needs a second player: a member or a guest's name."))
    if member1 is not None and member2 is not None and member1.pk == member2.pk:
        raise EntryError(_("A player cannot partner themselves."))
    own = entry.member_ids() if entry is not None else set()
    taken = (selectors.members_entered(section=section) - own) & {
        m.pk for m in (member1, member2) if m is not None
    }
    if taken:
        names = ", ".join(m.name for m in Member.objects.filter(pk__in=taken))
        raise EntryError(_("Already entered in this section: %(names)s") % {"names": names})


@transaction.atomic
def section_late_pair(
    *,
    section: Section,
    from_round: int,
    member1: Member | None = None,
    member2: Member | None = None,
    guest1: str = "",
    guest2: str = "",
    changed_by=None,
    reason: str,
) -> Entry:
    """Seat a late pair in a Howell with a built-in sit-out: it becomes the movement's
    phantom pair (numbered after the last pair) and plays the phantom's table from
    ``from_round`` on, against the pair that would have sat out; the rounds before it did
    not play, and their results stand. The section's movement is changed to match (its
    tables, cards and the table screens follow). Kept in the new entry's history."""
    section = (
        Section.objects.select_for_update().select_related("session__tournament").get(pk=section.pk)
    )
    if before_start(section.session.tournament):
        raise EntryError(_("Play has not started: add the pair and choose the movement again."))
    movement, number, taken = _phantom_place(section, from_round)
    _late_players_check(section, None, (member1, member2), (guest1, guest2), reason)
    if Entry.objects.filter(section=section, number=number).exists():
        raise EntryError(_("Pair %(n)s is already entered.") % {"n": number})
    entry = Entry(
        section=section,
        number=number,
        member1=member1,
        member2=member2,
        guest1="" if member1 is not None else guest1.strip(),
        guest2="" if member2 is not None else guest2.strip(),
    )
    entry.full_clean()
    entry.save()
    _phantom_tables_seat(section, movement, entry, from_round)
    section.movement = taken.to_json()
    section.save(update_fields=["movement"])
    EntryChange.objects.create(
        entry=entry,
        changed_by=changed_by,
        before={},
        after=_entry_snapshot(entry) | {"from_round": from_round, "sit_out_taken": True},
        reason=reason.strip()[:200],
    )
    return entry


def _phantom_place(section: Section, from_round: int):
    """``(movement, the phantom's number, the movement once it is taken from
    from_round)``, or :class:`EntryError` saying why there is no place to take."""
    from tournaments.movements import Movement, MovementError
    from tournaments.movements.model import phantom_number, phantom_taken

    movement = Movement.from_json(section.movement or {"rounds": []})
    number = phantom_number(movement)
    if number is None:
        raise EntryError(_("This section's movement has no sit-out for a late pair to take."))
    rounds = [r.round for r in movement.rounds]
    if from_round not in rounds:
        raise EntryError(
            _("The movement has rounds %(first)s to %(last)s.")
            % {"first": rounds[0], "last": rounds[-1]}
        )
    try:
        return movement, number, phantom_taken(movement, from_round)
    except MovementError:
        raise EntryError(
            _("From round %(round)s on nobody sits out: there is no place for a late pair.")
            % {"round": from_round}
        ) from None


def _phantom_tables_seat(section: Section, movement, entry: Entry, from_round: int) -> None:
    """The seatings and board plays of the phantom's tables from ``from_round`` on, the
    late ``entry`` in the phantom's seat (boards of a withdrawn opponent not played)."""
    entries = {e.number: e for e in Entry.objects.filter(section=section)}
    boards = {b.number: b for b in Board.objects.filter(board_set_id=section.board_set_id)}
    for rnd in movement.rounds:
        table = rnd.phantom
        if rnd.round < from_round or table is None:
            continue
        ns, ew = entries[table.ns], entries[table.ew]
        seating = Seating.objects.create(
            section=section, round=rnd.round, table=table.table, ns=ns, ew=ew
        )
        BoardPlay.objects.bulk_create(
            BoardPlay(seating=seating, board=boards[n], not_played=ns.withdrawn or ew.withdrawn)
            for n in table.boards
        )
