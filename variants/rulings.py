"""The engine's rulings for the whist family, by code, in the reader's language
(registered with :func:`clubs.rulings.rulings_register` when the app starts)."""

from django.utils.translation import gettext_lazy as _

RULINGS = {
    "unknown_setting": _("%(game)s has no setting called %(setting)s."),
    "bad_setting": _("%(value)s is not a value of the setting %(setting)s."),
    "unknown_preset": _("There are no rules called %(preset)s; choose %(choices)s."),
    "bad_table": _("A table has 2 to 8 players."),
    "auction_over": _("The auction is over."),
    "not_your_turn": _("It is %(turn)s's turn, not %(player)s's."),
    "settlement_unbalanced": _("The payments do not add up to zero."),
    "player_tricks_out_of_range": _("%(player)s cannot take %(tricks)s tricks of %(cards)s."),
    "count_out_of_range": _("%(tricks)s is not a number of tricks from 0 to %(most)s."),
    "tricks_do_not_add_up": _("The tricks add up to %(total)s, not %(cards)s."),
    "card_not_held": _("%(card)s is not in that player's hand."),
    "card_not_allowed": _("%(card)s may not be played there."),
    "record_incomplete": _("The record must play every card of every hand."),
    "bad_players": _("This game is not for %(players)s players."),
    "bid_out_of_range": _("%(bid)s is not a bid here (at most %(cards)s)."),
    "hooked_bid": _(
        "%(player)s deals and may not bid %(bid)s: the bids would add up to the %(cards)s tricks."
    ),
    "entry_incomplete": _("Give a bid and the tricks for every player."),
    "tricks_of_players_in": _("Give the tricks of every player still in, and only theirs."),
    "game_over": _("The game is over."),
    "bad_bid_colour": _("%(colour)s is not black or red."),
    "turned_after_grand": _("The turning stops at the first high card."),
    "bidding_incomplete": _("Turn the bid cards until a high one, or all four."),
    "bid_too_low": _("%(bid)s does not outrank %(standing)s."),
    "first_trick_needed": _("Say who won the first trick: the kitty's book is theirs."),
    "no_price": _("The table %(table)s has no price for %(contract)s: the club must enter it."),
    "bad_table_shape": _("The table of prices needs a name and its entries."),
    "bad_table_entry": _("The table of prices has a wrong entry: %(entry)s."),
    "unknown_call": _("%(call)s is not a call of this game."),
    "nothing_to_accept": _("There is no proposal to accept."),
    "passed_already": _("%(player)s passed and cannot bid again."),
    "contract_not_played": _("%(contract)s is not played here."),
    "partner_needed": _("A proposal needs the partner who accepted it."),
    "played_alone": _("%(contract)s is played alone."),
    "redeal_not_played": _("All passed: the cards are redealt here."),
    "wrong_number_of_players": _("%(contract)s is played by %(players)s."),
    "bad_level": _("%(contract)s cannot be bid at %(level)s."),
    "suit_needed": _("%(contract)s is played with trumps: name the suit."),
    "no_trump_contract": _("%(contract)s has no trumps."),
    "wait_first_only": _("Only the first speaker may wait, on his first call."),
    "nothing_to_join": _("There is no ask to join."),
    "waited_join_only": _("%(player)s waited and may only join or pass."),
    "troel_not_bid": _("Troel is declared with three aces: call “troel”, with no level or suit."),
    "troel_partner_needed": _("Troel needs its partner: the holder of the fourth ace joins."),
    "troel_ace_led_needed": _(
        "Say whether the fourth ace was played in the first round: troel's aim is 8 tricks "
        "if it was, else 9."
    ),
    "troel_trump_suit_needed": _(
        "Say whether the partner's shown trump card is in his ace's suit: troel's aim is 8 "
        "tricks if it is, else 9."
    ),
    "unjoined_ask_choice": _("Nobody joined: play alone, bid a special contract, or pass."),
}
