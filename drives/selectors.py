"""Reads: drives for the lists, and a drive's whole evening as the engine sees it
(:func:`drive_state`: four queries however many players and hands)."""

from __future__ import annotations

from dataclasses import dataclass, field
from functools import cached_property

from django.db.models import Count, Q, QuerySet

from clubs.models import Club
from drives.models import (
    Drive,
    DriveCut,
    DriveEntry,
    DrivePlayer,
    DriveRound,
    DriveStatus,
    DriveTable,
)
from engine.drives.cards import Card, player_cards, ranking
from engine.drives.drive import Entry, Holding, TableHand, hand_tables, round_tables
from engine.drives.movement import Seating, seating_from_json
from engine.drives.prizes import Award, award_prizes
from engine.drives.run import couples_of
from engine.drives.settings import DriveSettings, Role


def drives_listed(*, club: Club | None = None) -> QuerySet[Drive]:
    """Drives newest first with their club and player count; a club's, or every one."""
    queryset = Drive.objects.select_related("club").annotate(player_count=Count("players"))
    return queryset.filter(club=club) if club is not None else queryset


def drive_get(pk: int) -> Drive | None:
    return Drive.objects.select_related("club", "organiser").filter(pk=pk).first()


def table_by_code(code: str) -> DriveTable | None:
    return DriveTable.objects.select_related("drive__club").filter(code=code).first()


@dataclass
class DriveState:
    """A drive as the engine sees it: settings, players, each round's seating, the tables'
    entries; the table hands, cards and prizes derived from them."""

    drive: Drive
    settings: DriveSettings
    players: dict[int, DrivePlayer]
    seatings: list[Seating]
    entries: dict[tuple[int, int], DriveEntry]
    cuts: dict[int, DriveCut] = field(default_factory=dict)
    waiting: list[list[int]] = field(default_factory=list)  # per round (``seating_after``)

    @property
    def holdings(self) -> list[Holding]:
        return [
            Holding(p.pk, p.token, p.first_round, p.last_round)
            for p in self.players.values()
            if p.token is not None
        ]

    @cached_property
    def hands(self) -> list[list[TableHand]]:
        values = {key: Entry(e.tricks_a, e.tricks_b) for key, e in self.entries.items()}
        return hand_tables(self.settings, self.seatings, self.holdings, values, self.waiting)

    def hand(self, number: int) -> list[TableHand]:
        return self.hands[number - 1] if 1 <= number <= len(self.hands) else []

    @cached_property
    def cards(self) -> dict[int, Card]:
        roles = {pk: Role(p.role) for pk, p in self.players.items() if p.token is not None}
        return player_cards(self.settings, self.hands, roles)

    @cached_property
    def awards(self) -> list[Award]:
        couples = (
            couples_of(self.seatings[0], self.holdings)
            if (self.seatings and self.settings.fixed_partners)
            else []
        )
        cuts = {prize: cut.winner_id for prize, cut in self.cuts.items()}
        return award_prizes(self.settings, self.cards, cuts, couples)

    def ranked(self, role: str, *, half_time: bool = False) -> list[tuple[int, Card]]:
        cards = [c for c in self.cards.values() if c.role == role]
        return ranking(cards, half_time=half_time)

    def name(self, player: int | None) -> str:
        return self.players[player].name if player in self.players else ""

    def late_tables(self) -> list[tuple[int, list[int]]]:
        """Hands already past with tables still to enter: (hand, tables)."""
        current = self.drive.current_hand
        late = [(row[0].hand, [th.table for th in row if not th.done]) for row in self.hands]
        return [(hand, tables) for hand, tables in late if tables and hand < current]

    @property
    def waiting_arrivals(self) -> list[DrivePlayer]:
        return [p for p in self.players.values() if p.token is None]


def drive_state(drive: Drive) -> DriveState:
    """The evening so far (players, rounds, entries, cuts: four queries)."""
    return drive_states([drive])[0]


def drive_states(drives: list[Drive]) -> list[DriveState]:
    """The state of each of ``drives``, in four queries however many drives."""
    ids = [d.pk for d in drives]
    players: dict[int, dict[int, DrivePlayer]] = {pk: {} for pk in ids}
    for p in DrivePlayer.objects.filter(drive_id__in=ids).order_by("number"):
        players[p.drive_id][p.pk] = p
    seatings: dict[int, list[Seating]] = {pk: [] for pk in ids}
    waiting: dict[int, list[list[int]]] = {pk: [] for pk in ids}
    for r in DriveRound.objects.filter(drive_id__in=ids).order_by("number"):
        seatings[r.drive_id].append(seating_from_json(r.seating))
        waiting[r.drive_id].append(list(r.waiting))
    entries: dict[int, dict] = {pk: {} for pk in ids}
    for e in DriveEntry.objects.filter(drive_id__in=ids):
        entries[e.drive_id][(e.hand, e.table)] = e
    cuts: dict[int, dict] = {pk: {} for pk in ids}
    for c in DriveCut.objects.filter(drive_id__in=ids).order_by("cut_at", "pk"):
        cuts[c.drive_id][c.prize] = c
    return [
        DriveState(
            d, d.rules(), players[d.pk], seatings[d.pk], entries[d.pk], cuts[d.pk], waiting[d.pk]
        )
        for d in drives
    ]


@dataclass
class RoundView:
    """One round of a drive, read on its own (three queries, whatever the hands before it):
    what an entry and the call of the next hand need, so their cost does not grow with the
    evening."""

    drive: Drive
    settings: DriveSettings
    number: int
    players: dict[int, DrivePlayer]
    seating: Seating
    waiting: list[int]
    entries: dict[tuple[int, int], DriveEntry]

    @property
    def holdings(self) -> list[Holding]:
        return [
            Holding(p.pk, p.token, p.first_round, p.last_round)
            for p in self.players.values()
            if p.token is not None
        ]

    def rows(self, extra: dict[tuple[int, int], Entry] | None = None) -> list[list[TableHand]]:
        """Each hand of the round, table by table (with ``extra`` entries being checked)."""
        values = {key: Entry(e.tricks_a, e.tricks_b) for key, e in self.entries.items()}
        values |= extra or {}
        return round_tables(
            self.settings, self.number, self.seating, self.holdings, values, self.waiting
        )

    def name(self, player: int | None) -> str:
        return self.players[player].name if player in self.players else ""


def round_view(drive: Drive, number: int) -> RoundView:
    settings = drive.rules()
    row = DriveRound.objects.get(drive=drive, number=number)
    hands = settings.hands_of(number)
    players = {p.pk: p for p in DrivePlayer.objects.filter(drive=drive).order_by("number")}
    entries = {
        (e.hand, e.table): e
        for e in DriveEntry.objects.filter(drive=drive, hand__gte=hands[0], hand__lte=hands[-1])
    }
    return RoundView(
        drive, settings, number, players, seating_from_json(row.seating), list(row.waiting), entries
    )


def member_drive_results(member_id: int) -> list[tuple[Drive, int, int]]:
    """For a player page: each finished drive the member played, newest first, with their
    total and their rank among their role (ladies or gents). Five queries."""
    played = list(
        DrivePlayer.objects.filter(member_id=member_id, drive__status=DriveStatus.FINISHED)
        .select_related("drive__club")
        .order_by("-drive__date", "-drive_id")
    )
    results = []
    for player, state in zip(played, drive_states([p.drive for p in played]), strict=True):
        card = state.cards.get(player.pk)
        if card is None:
            continue
        rank = next(r for r, c in state.ranked(player.role) if c.player == player.pk)
        results.append((player.drive, card.total, rank))
    return results


def drives_public_recent(limit: int = 10) -> QuerySet[Drive]:
    """Drives to show on the site's home page: running ones and the latest finished."""
    return (
        Drive.objects.select_related("club")
        .filter(Q(status=DriveStatus.RUNNING) | Q(status=DriveStatus.FINISHED))
        .order_by("-date", "-pk")[:limit]
    )
