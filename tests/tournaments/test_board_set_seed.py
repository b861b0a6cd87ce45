"""A board set's seed deals nothing alone (issue #22, "fair play, closed"): the boards are
dealt from the seed with the site's deal secret, the seed is never part of a name, and sets
stored before keep their deals and the rule they were dealt by."""

from __future__ import annotations

import datetime as dt
import importlib

import pytest
from django.apps import apps as django_apps
from django.utils import translation

from engine.boards import board_set as engine_board_set
from engine.deal import keyed_seed
from tests.tournaments.factories import ClubFactory
from tournaments import services
from tournaments.dealing import deal_secret
from tournaments.errors import BoardSetError
from tournaments.models import Board, BoardSet
from tournaments.services.boards import board_set_default_name

pytestmark = pytest.mark.django_db


def _deals(board_set: BoardSet) -> list[str]:
    return list(board_set.boards.order_by("number").values_list("deal", flat=True))


def test_the_seed_alone_deals_none_of_the_boards():
    board_set = services.board_set_generate(club=ClubFactory(), count=8, seed="tuesday")
    from_the_seed_alone = [b.deal.to_pbn() for b in engine_board_set(8, "tuesday")]
    assert all(a != b for a, b in zip(_deals(board_set), from_the_seed_alone, strict=True))
    with_the_secret = engine_board_set(8, keyed_seed("tuesday", deal_secret()))
    assert _deals(board_set) == [b.deal.to_pbn() for b in with_the_secret]
    assert board_set.dealing == BoardSet.Dealing.KEYED


def test_the_deal_secret_setting_deals_the_boards(settings):
    """Pinned: board 1 of seed "tuesday" under DEAL_SECRET "club-secret"."""
    settings.DEAL_SECRET = "club-secret"
    board_set = services.board_set_generate(club=ClubFactory(), count=1, seed="tuesday")
    assert _deals(board_set) == [
        "N:QJ82.QT.J842.K73 6543.J6.K95.Q862 T7.AK7542.AQ.AT5 AK9.983.T763.J94"
    ]


def test_without_a_deal_secret_the_key_comes_from_secret_key(settings):
    first = services.board_set_generate(club=ClubFactory(), count=4, seed="tuesday")
    settings.SECRET_KEY = "another-long-secret-key-for-this-test-only-0123456789"
    second = services.board_set_generate(club=ClubFactory(), count=4, seed="tuesday")
    assert _deals(first) != _deals(second)
    assert _deals(first) == _deals(BoardSet.objects.get(pk=first.pk))  # stored, not dealt again


def test_the_default_name_says_how_many_boards_and_when_never_the_seed():
    when = dt.datetime(2026, 11, 27, 15, 5, tzinfo=dt.UTC)  # 16:05 in Madrid
    assert board_set_default_name(count=24, when=when) == "24 boards dealt 11/27/2026 4:05 p.m."
    assert board_set_default_name(count=1, when=when) == "1 board dealt 11/27/2026 4:05 p.m."
    with translation.override("es"):
        assert board_set_default_name(count=24, when=when).endswith("27/11/2026 16:05")
    with translation.override("cs"):
        assert board_set_default_name(count=24, when=when).endswith("27.11.2026 16:05")
    board_set = services.board_set_generate(club=ClubFactory(), count=3, seed="tuesday")
    assert board_set.name == board_set_default_name(count=3, when=board_set.created)
    assert "tuesday" not in board_set.name


def test_a_name_that_contains_the_seed_is_refused_and_nothing_is_dealt():
    with pytest.raises(BoardSetError, match="must not contain the seed"):
        services.board_set_generate(
            club=ClubFactory(), count=3, seed="tuesday", name="Boards of Tuesday"
        )
    assert not BoardSet.objects.exists()
    # A seed of a few characters is no word of the name: "7" stays in "7 tables".
    kept = services.board_set_generate(club=ClubFactory(), count=3, seed="7", name="7 tables")
    assert (kept.name, kept.seed) == ("7 tables", "7")


def test_the_migration_renames_the_former_default_names_in_their_language():
    rename = importlib.import_module(
        "tournaments.migrations.0008_board_set_names_without_seed"
    ).rename
    club = ClubFactory()
    spanish = BoardSet.objects.create(
        club=club, seed="abc123", name="Tableros de la semilla abc123"
    )
    english = BoardSet.objects.create(
        club=club, seed="x" * 64, name=("Boards from seed " + "x" * 64)[:80]
    )
    chosen = BoardSet.objects.create(club=club, seed="abc123", name="Tuesday pairs")
    imported = BoardSet.objects.create(club=club, source="pbn", name="Imported boards")
    for number in (1, 2):
        Board.objects.create(board_set=spanish, number=number, dealer="N", deal="N:")
    BoardSet.objects.filter(pk=spanish.pk).update(
        created=dt.datetime(2026, 11, 20, 18, 30, tzinfo=dt.UTC)
    )
    rename(django_apps, None)
    names = dict(BoardSet.objects.values_list("pk", "name"))
    with translation.override("es"):
        assert names[spanish.pk] == board_set_default_name(
            count=2, when=dt.datetime(2026, 11, 20, 18, 30, tzinfo=dt.UTC)
        )
    assert names[spanish.pk].endswith("20/11/2026 19:30")
    assert names[english.pk].startswith("0 boards dealt ")
    assert names[chosen.pk] == "Tuesday pairs"
    assert names[imported.pk] == "Imported boards"
    assert not any("abc123" in name or "xxxx" in name for name in names.values())


@pytest.mark.django_db(transaction=True)
def test_sets_stored_before_the_secret_keep_their_deals_and_are_marked_seed_alone():
    """Migrating a set stored before: its deals do not change, and its seed still deals them
    (alone), as ``dealing`` now says."""
    from django.db import connection
    from django.db.migrations.executor import MigrationExecutor

    before = ("tournaments", "0006_tournament_directors")
    executor = MigrationExecutor(connection)
    executor.migrate([before])
    old_apps = executor.loader.project_state([before]).apps
    OldClub = old_apps.get_model("clubs", "Club")
    OldBoardSet = old_apps.get_model("tournaments", "BoardSet")
    OldBoard = old_apps.get_model("tournaments", "Board")
    club = OldClub.objects.create(name="Old club", slug="old-club")
    old = OldBoardSet.objects.create(club=club, seed="monday", name="Monday")
    dealt = [b.deal.to_pbn() for b in engine_board_set(2, "monday")]
    for number, deal in enumerate(dealt, start=1):
        OldBoard.objects.create(board_set=old, number=number, dealer="NESW"[number - 1], deal=deal)
    executor = MigrationExecutor(connection)
    executor.loader.build_graph()
    executor.migrate(executor.loader.graph.leaf_nodes())
    migrated = BoardSet.objects.get(pk=old.pk)
    assert migrated.dealing == BoardSet.Dealing.SEED_ALONE
    assert _deals(migrated) == dealt
    assert BoardSet._meta.get_field("dealing").default == BoardSet.Dealing.KEYED
