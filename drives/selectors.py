"""Reads: drives for the lists, and a drive's whole evening as the engine sees it
(:func:`drive_state`: four queries however many players and hands)."""

from __future__ import annotations

from dataclasses import dataclass, field
from functools import cached_property

from django.db.models import Count, Q, QuerySet

from clubs.models import Club
from drives.models import Drive, DriveCut, DriveEntry, DrivePlayer, DriveStatus, DriveTable
from engine.drives.cards import Card, player_cards, ranking
from engine.drives.drive import Entry, Holding, TableHand, hand_tables
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
        return hand_tables(self.settings, self.seatings, self.holdings, values)

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

    @property
    def waiting_arrivals(self) -> list[DrivePlayer]:
        return [p for p in self.players.values() if p.token is None]


def drive_state(drive: Drive) -> DriveState:
    """The evening so far (players, rounds, entries, cuts: four queries)."""
    players = {p.pk: p for p in DrivePlayer.objects.filter(drive=drive).order_by("number")}
    seatings = [seating_from_json(r.seating) for r in drive.rounds.order_by("number")]
    entries = {(e.hand, e.table): e for e in DriveEntry.objects.filter(drive=drive)}
    cuts = {c.prize: c for c in DriveCut.objects.filter(drive=drive).order_by("cut_at", "pk")}
    return DriveState(drive, drive.rules(), players, seatings, entries, cuts)


def member_drive_results(member_id: int) -> list[tuple[Drive, int, int]]:
    """For a player page: each finished drive the member played, with their total and
    their rank among their role (ladies or gents)."""
    played = (
        DrivePlayer.objects.filter(member_id=member_id, drive__status=DriveStatus.FINISHED)
        .select_related("drive__club")
        .order_by("-drive__date")
    )
    results = []
    for player in played:
        state = drive_state(player.drive)
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
