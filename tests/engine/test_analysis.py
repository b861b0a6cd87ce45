"""Tests for engine.analysis: double-dummy tricks through the optional endplay extra."""

import importlib.util
import subprocess
import sys
import threading

import pytest

from engine.analysis import (
    analyse_boards,
    analysis_available,
    dd_table,
    dd_tables_many,
    dd_tricks,
    dd_tricks_many,
)
from engine.boards import STRAINS, board_set, make_board
from engine.cards import FULL_DECK, Seat, Suit
from engine.deal import Deal, deal_from_seed, parse_pbn_deal
from engine.errors import AnalysisUnavailable

needs_endplay = pytest.mark.skipif(
    importlib.util.find_spec("endplay") is None,
    reason="the 'analysis' extra (endplay) is not installed: pip install tenace[analysis]",
)

# N holds all the spades, E all the hearts, S all the diamonds, W all the clubs.
SUITED = parse_pbn_deal("N:AKQJT98765432... .AKQJT98765432.. ..AKQJT98765432. ...AKQJT98765432")
HOLDER = {Suit.SPADES: Seat.N, Suit.HEARTS: Seat.E, Suit.DIAMONDS: Seat.S, Suit.CLUBS: Seat.W}


def _thirteen_trumps_in_north(seed: str) -> Deal:
    """N holds every spade; the other 39 cards are shared out by a seeded deal."""
    rest = [card for seat in Seat for card in deal_from_seed(seed).hand(seat)]
    rest = [card for card in rest if card.suit is not Suit.SPADES]
    spades = [card for card in FULL_DECK if card.suit is Suit.SPADES]
    return Deal.from_hands(
        {Seat.N: spades, Seat.E: rest[0:13], Seat.S: rest[13:26], Seat.W: rest[26:39]}
    )


@needs_endplay
def test_dd_tricks_the_holder_of_all_thirteen_trumps_takes_every_trick():
    for seed in ("a", "b", "c"):
        deal = _thirteen_trumps_in_north(seed)
        for dealer in Seat:
            assert dd_tricks(deal, dealer, Suit.SPADES) == (13, 0)


@needs_endplay
def test_dd_tricks_suited_deal_no_trump_goes_to_the_leaders_side():
    # At no trump each hand is one solid suit, so whoever leads takes every trick.
    for dealer in Seat:
        leader = dealer.left
        expected = (13, 0) if leader in (Seat.N, Seat.S) else (0, 13)
        assert dd_tricks(SUITED, dealer, None) == expected


@needs_endplay
def test_dd_tricks_suited_deal_trumps_go_to_their_holder():
    for trump, holder in HOLDER.items():
        for dealer in Seat:
            expected = (13, 0) if holder in (Seat.N, Seat.S) else (0, 13)
            assert dd_tricks(SUITED, dealer, trump) == expected


@needs_endplay
def test_dd_table_suited_deal_by_declarer_and_strain():
    table = dd_table(SUITED)
    for seat in Seat:
        assert table.declarer_tricks(seat, None) == 0  # the leader (declarer's left) takes all
        for trump, holder in HOLDER.items():
            expected = 13 if seat.side is holder.side else 0
            assert table.declarer_tricks(seat, trump) == expected


@needs_endplay
def test_dd_table_agrees_with_dd_tricks_for_every_dealer_and_strain():
    for deal in (deal_from_seed("agree-1"), deal_from_seed("agree-2")):
        table = dd_table(deal)
        for dealer in Seat:
            for trump in STRAINS:
                result = dd_tricks(deal, dealer, trump)
                assert sum(result) == 13
                assert table.whist_tricks(dealer, trump) == result


@needs_endplay
def test_dd_batched_calls_give_the_single_results_in_order():
    boards = board_set(6, seed="batch")
    batch = dd_tricks_many([(b.deal, b.dealer, b.trump) for b in boards])
    assert batch == [dd_tricks(b.deal, b.dealer, b.trump) for b in boards]
    assert all(sum(result) == 13 for result in batch)
    assert dd_tables_many([b.deal for b in boards[:3]]) == [dd_table(b.deal) for b in boards[:3]]
    assert dd_tricks_many([]) == [] and dd_tables_many([]) == []


@needs_endplay
def test_analyse_boards_fills_tables_and_keeps_existing_ones():
    boards = list(board_set(3, seed="fill"))
    known = make_board(2, boards[1].deal, dd_tricks=dd_table(boards[0].deal))  # deliberately odd
    filled = analyse_boards([boards[0], known, boards[2]])
    assert filled[1] is known
    assert filled[0].dd_result == dd_tricks(boards[0].deal, boards[0].dealer, boards[0].trump)
    assert filled[2].dd_tricks == dd_table(boards[2].deal)


@needs_endplay
def test_dd_tricks_from_two_threads_at_once_is_safe():
    boards = board_set(4, seed="threads")
    expected = [dd_tricks(b.deal, b.dealer, b.trump) for b in boards]
    results: dict[int, list] = {}

    def work(key: int) -> None:
        results[key] = [dd_tricks(b.deal, b.dealer, b.trump) for b in boards]

    threads = [threading.Thread(target=work, args=(k,)) for k in range(2)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    assert results == {0: expected, 1: expected}


def test_analysis_without_the_extra_raises_analysis_unavailable(monkeypatch):
    for name in ("endplay", "endplay.dds", "endplay.types"):
        monkeypatch.setitem(sys.modules, name, None)
    assert analysis_available() is False
    with pytest.raises(AnalysisUnavailable, match=r"pip install tenace\[analysis\]"):
        dd_tricks(SUITED, Seat.N, None)
    with pytest.raises(AnalysisUnavailable):
        dd_tables_many([SUITED])


def test_importing_the_engine_does_not_load_endplay():
    code = (
        "import importlib, pkgutil, sys, engine\n"
        "for module in pkgutil.iter_modules(engine.__path__):\n"
        "    importlib.import_module('engine.' + module.name)\n"
        "loaded = sorted(m for m in sys.modules if m.split('.')[0] in ('endplay', 'matplotlib'))\n"
        "assert not loaded, loaded\n"
        "assert 'engine.analysis' in sys.modules\n"
    )
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True)
    assert done.returncode == 0, done.stderr


def test_analysis_available_reports_the_installation():
    assert analysis_available() is (importlib.util.find_spec("endplay") is not None)


@needs_endplay
def test_dd_batches_larger_than_dds_allows_are_sent_in_chunks(monkeypatch):
    import engine.analysis as analysis

    monkeypatch.setattr(analysis, "BOARDS_PER_BATCH", 2)
    monkeypatch.setattr(analysis, "TABLES_PER_BATCH", 2)
    boards = board_set(5, seed="chunks")
    items = [(b.deal, b.dealer, b.trump) for b in boards]
    assert dd_tricks_many(items) == [dd_tricks(*item) for item in items]
    assert dd_tables_many([b.deal for b in boards]) == [dd_table(b.deal) for b in boards]
