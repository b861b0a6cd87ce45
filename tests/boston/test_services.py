"""Entering Boston hands: the engine judges the auction and the tricks, the payments are
stored as computed, impossible entries are refused with nothing stored, and a second phone
entering the same hand gets a conflict showing what is stored."""

from __future__ import annotations

import os
import threading

import pytest
from django.db import connection

from boston.models import BostonHand
from boston.selectors import running_totals, seat_totals
from boston.services import HandEntry, hand_enter
from clubs.errors import HandConflict, HandRefused

pytestmark = pytest.mark.django_db


def _enter(table, number, **entry):
    calls = tuple(entry.pop("calls", ()))
    return hand_enter(
        table=table, expected_number=number, entry=HandEntry(calls=calls, **entry), by=None
    )


def test_hand_enter_calls_pido_supported_and_made_pays_each_adversary(table):
    # N deals (8 to the pool, the others 4); E asks for hearts, S passes, W supports: 8 tricks.
    hand = _enter(table, 1, calls=["PIDO:H", "pass", "sostengo"], tricks=9)
    assert (hand.dealer, hand.declarer, hand.supporter, hand.level) == ("N", "E", "W", "PIDO")
    assert hand.made is True
    # 5 for 8 tricks + 1 over = 6 from each of N and S to each of E and W; E and W share 20.
    assert seat_totals([hand]) == {"N": -20, "E": 18, "S": -16, "W": 18}
    assert hand.change_pool == 0


def test_hand_enter_illegal_call_is_refused_with_the_engines_reason(table):
    with pytest.raises(HandRefused, match="does not outrank"):
        _enter(table, 1, calls=["GRAN_INDEPENDENCIA:S", "PIDO:H"], tricks=8)
    assert BostonHand.objects.count() == 0


def test_hand_enter_unfinished_auction_names_who_speaks(table):
    with pytest.raises(HandRefused, match="Carla"):
        _enter(table, 1, calls=["PIDO:H"], tricks=8)


def test_hand_enter_all_pass_redeals_and_the_stakes_stay_in_the_pool(table):
    first = _enter(table, 1, calls=["pass"] * 4)
    assert first.level == "" and first.change_pool == 20
    second = _enter(table, 2, level="PEQUENA_INDEPENDENCIA", suit="S", declarer="S", tricks=6)
    assert second.dealer == "E"
    rows = running_totals([first, second])
    assert rows[-1].pool == 0  # the declarer took the 40 in the pool
    # S: 4 + 4 stakes, +3 from each adversary, +40 from the pool.
    assert rows[-1].totals[2] == -8 + 9 + 40


def test_hand_enter_misere_failed_pays_each_adversary(table):
    hand = _enter(table, 1, level="GRAN_MISERIA", declarer="W", tricks=1)
    assert hand.made is False and hand.suit == ""
    assert seat_totals([hand])["W"] == -4 - 3 * 12
    assert hand.change_pool == 20  # nothing taken from the pool (pool_on_failure "none")


def test_hand_enter_fourteen_tricks_is_refused_with_nothing_stored(table):
    with pytest.raises(HandRefused):
        _enter(table, 1, level="PIDO", suit="H", declarer="E", tricks=14)
    assert BostonHand.objects.count() == 0


def test_hand_enter_price_missing_from_the_table_names_it(table):
    with pytest.raises(HandRefused, match="no price"):
        _enter(table, 1, level="INDEPENDENCIA_DE_NUEVE", suit="C", declarer="N", tricks=5)


@pytest.mark.parametrize(
    "entry",
    [
        {"level": "PIDO", "declarer": "E", "tricks": 5},  # no suit
        {"level": "GRAN_MISERIA", "suit": "H", "declarer": "E", "tricks": 0},
        {"level": "GRAN_INDEPENDENCIA", "suit": "H", "declarer": "E", "supporter": "W"},
        {"level": "PIDO", "suit": "H", "declarer": "E"},  # no tricks
        {"calls": ["pass"] * 4, "tricks": 3},
        {"calls": ["PIDO:X"], "tricks": 3},
    ],
)
def test_hand_enter_incomplete_or_contradictory_entries_are_refused(table, entry):
    with pytest.raises(HandRefused):
        _enter(table, 1, **entry)
    assert BostonHand.objects.count() == 0


def test_hand_enter_same_number_twice_is_a_conflict_showing_the_stored_hand(table):
    _enter(table, 1, level="PIDO", suit="H", declarer="E", tricks=5)
    with pytest.raises(HandConflict) as caught:
        _enter(table, 1, level="GRAN_MISERIA", declarer="W", tricks=0)
    assert caught.value.stored.level == "PIDO"
    assert "5 tricks" in str(caught.value)
    assert BostonHand.objects.count() == 1


def test_hand_enter_skipping_a_number_is_a_conflict(table):
    with pytest.raises(HandConflict) as caught:
        _enter(table, 2, level="PIDO", suit="H", declarer="E", tricks=5)
    assert caught.value.stored is None


@pytest.mark.skipif(
    not os.environ.get("DATABASE_URL", "").startswith("postgres"), reason="needs PostgreSQL"
)
@pytest.mark.django_db(transaction=True)
def test_hand_enter_two_phones_at_once_store_one_hand(table):
    barrier = threading.Barrier(2)
    outcomes: list[str] = []

    def phone(tricks: int) -> None:
        try:
            barrier.wait()
            _enter(table, 1, level="PIDO", suit="H", declarer="E", tricks=tricks)
            outcomes.append("stored")
        except HandConflict:
            outcomes.append("conflict")
        finally:
            connection.close()

    threads = [threading.Thread(target=phone, args=(t,)) for t in (5, 3)]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    assert sorted(outcomes) == ["conflict", "stored"]
    assert BostonHand.objects.filter(table=table).count() == 1


def test_hand_enter_pido_must_be_in_the_pequeno_or_the_bueno(table):
    _enter(table, 1, calls=["pass"] * 4, turned="C")  # the bueno: clubs
    with pytest.raises(HandRefused, match="pequeño or the bueno"):
        _enter(table, 2, calls=["PIDO:S", "pass", "pass", "pass"], turned="H", tricks=5)
    hand = _enter(
        table, 2, calls=["PIDO:C", "pass", "pass", "pass"], turned="H", trump="bueno", tricks=5
    )
    assert (hand.suit, hand.trump, hand.declarer) == ("C", "bueno", "S")


def test_hand_enter_trump_named_wrongly_is_refused(table):
    with pytest.raises(HandRefused, match="pequeño is not spades"):
        _enter(
            table, 1, level="PIDO", suit="S", declarer="E", trump="pequeno", turned="H", tricks=5
        )


def test_anglo_american_table_ranks_by_preference_and_needs_the_turned_suit(night, people):
    from boston.services import boston_table_create
    from tests.boston.conftest import CLUB_TABLE

    table = boston_table_create(
        club_night=night,
        members={seat: people[seat].member for seat in "NESW"},
        variant="boston_anglo",
        payment_table="own",
        own_payment_table=CLUB_TABLE,
    )
    with pytest.raises(HandRefused, match="suit turned"):
        _enter(table, 1, calls=["SIX:C"], tricks=6)
    # Hearts turned: diamonds (colour) outbid clubs (plain) at six.
    hand = _enter(table, 1, calls=["SIX:C", "SIX:D", "pass", "pass", "pass"], turned="H", tricks=7)
    assert (hand.declarer, hand.suit, hand.made) == ("S", "D", True)
    with pytest.raises(HandRefused, match="not a contract of this Boston"):
        _enter(table, 2, level="PIDO", suit="H", declarer="E", tricks=5)


def test_fontainebleau_demande_in_grand_needs_no_suit(night, people):
    from boston.services import boston_table_create
    from tests.boston.conftest import CLUB_TABLE

    table = boston_table_create(
        club_night=night,
        members={seat: people[seat].member for seat in "NESW"},
        variant="boston_fontainebleau",
        payment_table="own",
        own_payment_table=CLUB_TABLE,
    )
    hand = _enter(table, 1, calls=["DEMANDE", "pass", "sostengo"], tricks=8)
    assert (hand.level, hand.suit, hand.supporter, hand.made) == ("DEMANDE", "", "W", True)


def _table(night, people, variant: str):
    from boston.services import boston_table_create
    from tests.boston.conftest import CLUB_TABLE

    return boston_table_create(
        club_night=night,
        members={seat: people[seat].member for seat in "NESW"},
        variant=variant,
        payment_table="own",
        own_payment_table=CLUB_TABLE,
    )


def test_anglo_american_all_pass_is_misere_partout_most_tricks_pays(night, people):
    table = _table(night, people, "boston_anglo")
    with pytest.raises(HandRefused, match="each seat's tricks"):
        _enter(table, 1, calls=["pass"] * 4, turned="H")
    each = (("N", 2), ("E", 6), ("S", 3), ("W", 2))
    hand = _enter(table, 1, calls=["pass"] * 4, turned="H", tricks_each=each)
    # E took most: pays N 4, S 3, W 4 (one counter a trick); the stakes stay in the pool.
    assert seat_totals([hand]) == {"N": -8 + 4, "E": -4 - 11, "S": -4 + 3, "W": -4 + 4}
    assert hand.all_pass_tricks == {"N": 2, "E": 6, "S": 3, "W": 2} and hand.made is None
    with pytest.raises(HandRefused, match="add up to 13"):
        _enter(table, 2, calls=["pass"] * 4, turned="H", tricks_each=each[:3] + (("W", 3),))


def test_fontainebleau_all_pass_pool_to_the_fewest(night, people):
    table = _table(night, people, "boston_fontainebleau")
    each = (("N", 5), ("E", 1), ("S", 4), ("W", 3))
    hand = _enter(table, 1, calls=["pass"] * 4, tricks_each=each)
    assert hand.change_e == -4 + 20 and hand.change_pool == 0


def test_spanish_all_pass_redeal_takes_no_tricks(table):
    with pytest.raises(HandRefused, match="redealt"):
        _enter(table, 1, calls=["pass"] * 4, tricks_each=(("N", 13),))


@pytest.mark.parametrize(
    "entry",
    [
        {"calls": ["PIDO:H", "pass", "sostengo"], "tricks": 6},  # failed, 2 short
        {"level": "PEQUENA_MISERIA", "declarer": "E", "tricks": 0},
        {"level": "GRAN_MISERIA", "declarer": "E", "tricks": 2},
        {"level": "MISERIA_CUATRO_ASES", "declarer": "E", "tricks": 0},
        {"level": "MISERIA_EN_LA_MESA", "declarer": "E", "tricks": 1},
        {"level": "INDEPENDENCIA_DE_NUEVE", "suit": "C", "declarer": "N", "tricks": 0},
    ],
)
def test_a_new_table_with_the_defaults_settles_every_spanish_contract(night, people, entry):
    from boston.services import boston_table_create

    members = {seat: people[seat].member for seat in "NESW"}
    table = boston_table_create(club_night=night, members=members, first_dealer="N")
    assert table.payment_table == "foster_complete"
    hand = _enter(table, 1, **entry)
    assert sum(seat_totals([hand]).values()) + hand.change_pool == 0


def test_default_table_failed_pido_and_sostengo_pays_fosters_eight_row(night, people):
    from boston.services import boston_table_create

    members = {seat: people[seat].member for seat in "NESW"}
    table = boston_table_create(club_night=night, members=members, first_dealer="N")
    hand = _enter(table, 1, calls=["PIDO:H", "pass", "sostengo"], tricks=6)
    # Foster decimal, "Eight" put in for 2: 35 to each adversary from E and from W; the
    # failing side doubles the pool of 20 (Foster), 10 each.
    assert seat_totals([hand]) == {"N": -8 + 70, "E": -4 - 70 - 20, "S": -4 + 70, "W": -4 - 70 - 20}


def test_a_refused_call_is_explained_in_the_readers_language(table):
    from django.utils import translation

    with translation.override("es"), pytest.raises(HandRefused) as spanish:
        _enter(table, 1, calls=["GRAN_INDEPENDENCIA:S", "PIDO:H"], tricks=8)
    with translation.override("cs"), pytest.raises(HandRefused) as czech:
        _enter(table, 1, calls=["GRAN_INDEPENDENCIA:S", "PIDO:H"], tricks=8)
    assert "no supera a" in str(spanish.value) and "does not outrank" not in str(spanish.value)
    assert "nepřebíjí" in str(czech.value)


def test_calls_are_stored_in_one_spelling_and_a_suited_misere_is_refused(table):
    hand = _enter(table, 1, calls=["pido:h", "Pass", "sostengo"], tricks=9)
    assert hand.calls == ["PIDO:H", "pass", "sostengo"]
    with pytest.raises(HandRefused, match="no trump suit"):
        _enter(table, 2, calls=["GRAN_MISERIA:H", "pass", "pass", "pass"], tricks=0)
