"""The Boston engine's rulings (``engine.boston`` error codes) in the reader's language,
registered by :class:`boston.apps.BostonConfig`; ``tests/clubs/test_rulings.py`` fails for an
engine code with no text here."""

from __future__ import annotations

from django.utils.translation import gettext_lazy as _

BOSTON_RULINGS = {
    "boston_call_unreadable": _("%(call)s is not a Boston call"),
    "boston_misere_has_no_trump": _("%(contract)s is a misère: it has no trump suit"),
    "boston_support_invalid": _("only another player can support, and only a pido or a demande"),
    "boston_auction_boston_ranks_suits_preference_suit": _(
        "this Boston ranks suits by preference: give the suit turned"
    ),
    "boston_auction_over": _("the auction is over"),
    "boston_bid_incomplete": _("%(call)s is not a complete bid"),
    "boston_bid_needs_trump": _("%(contract)s needs a trump suit"),
    "boston_bid_too_low": _("%(call)s does not outrank %(high)s"),
    "boston_contract_not_in_ladder": _("%(contract)s is not a contract of this Boston"),
    "boston_contracts_boston_de_fontainebleau_bids_without": _(
        "only Boston de Fontainebleau bids without a trump (grand)"
    ),
    "boston_contracts_preference_order_needs_suit_turned": _(
        "the preference order needs the suit turned this deal"
    ),
    "boston_fish_number_tricks_undertake": _(
        "%(undertaken)s is not a number of tricks to undertake"
    ),
    "boston_fish_player_partner_together_undertake_tricks": _(
        "only a player and partner together undertake 8, 10 or 12 tricks"
    ),
    "boston_fish_side_holds_honours": _("a side holds 0 to 4 honours, not %(honours)s"),
    "boston_fish_side_take_tricks": _("a side cannot take %(tricks_taken)s tricks"),
    "boston_fish_table_number_tricks_suit_club": _(
        "table %(name)s has no number for %(undertaken)s tricks in a %(trump)s suit: the club must set it"
    ),
    "boston_fish_tricks_do_make": _("%(tricks_won)s tricks do not make %(undertaken)s"),
    "boston_fish_trump_first_second_common": _(
        "the trump is first, second or common, not %(trump)s"
    ),
    "boston_fish_undertaken_short": _("%(undertaken)s undertaken cannot be %(short)s short"),
    "boston_four_aces_missing": _("%(name)s bid miseria de cuatro ases without the four aces"),
    "boston_night_settlement_does_all_four_seats": _(
        "settlement %(number)s does not give all four seats"
    ),
    "boston_night_settlement_does_balance_seats_pool": _(
        "settlement %(number)s does not balance: seats and pool must sum to 0"
    ),
    "boston_night_settlement_say_who_sat_each": _(
        "settlement %(number)s: say who sat in each of the four seats"
    ),
    "boston_night_settlement_takes_more_out_pool": _(
        "settlement %(number)s takes more out of the pool than it holds"
    ),
    "boston_no_price_failed": _(
        "table %(name)s has no price for %(need)s tricks bid and %(short)s short"
    ),
    "boston_no_price_made": _("table %(name)s has no price for making %(need)s tricks"),
    "boston_no_price_misere": _("table %(name)s has no price for %(label)s"),
    "boston_not_a_call": _("%(call)s is not a call (pass, sostengo or a bid)"),
    "boston_not_your_turn": _("it is %(turn)s's turn, not %(player)s's"),
    "boston_nothing_to_support": _("sostengo needs a standing pido to support"),
    "boston_passed_cannot_bid": _("%(player)s passed and cannot bid again"),
    "boston_passed_misere_only": _("%(player)s passed and may come back only with a misère"),
    "boston_payments_all_passed_boston_redeals_there": _(
        "all passed and this Boston redeals: there is nothing to pay"
    ),
    "boston_payments_failed_list_price_short_short": _(
        "failed[%(key)s] must be a list: the price for 1 short, 2 short, …"
    ),
    "boston_payments_failed_prices_tricks_bid_most": _(
        "failed[%(key)s] has %(count)s prices but %(tricks)s tricks bid can be at most %(tricks)s short"
    ),
    "boston_payments_four_players_tricks_add_up": _(
        "the four players' tricks must add up to 13, not %(shown)s"
    ),
    "boston_payments_misere_mis_re_choose": _(
        "misere: %(key)s is not a misère (choose from %(choices)s)"
    ),
    "boston_payments_number_tricks": _("%(where)s: %(key)s is not a number of tricks from 1 to 13"),
    "boston_payments_object_keyed_tricks_contract": _(
        "%(key)s must be an object keyed by tricks or contract"
    ),
    "boston_payments_payment_table_field_fields": _(
        "a payment table has no field %(unknown)s (fields: %(fields)s)"
    ),
    "boston_payments_payment_table_json_object_name": _(
        "a payment table is a JSON object with a name and its prices"
    ),
    "boston_payments_payment_table_needs_name": _("a payment table needs a name"),
    "boston_payments_payment_table_valid_json": _("the payment table is not valid JSON: %(exc)s"),
    "boston_payments_pool_failure_one": _("pool_on_failure must be one of %(choices)s"),
    "boston_payments_tricks_all_four_players": _("give the tricks of all four players"),
    "boston_payments_whole_number_counters_more": _(
        "%(where)s: %(value)s is not a whole number of counters (0 or more)"
    ),
    "boston_pido_suit": _("a pido is in the pequeño or the bueno (%(suits)s)"),
    "boston_play_any_hand": _("%(card)s is not in any hand"),
    "boston_play_cards_played_hand_tricks": _(
        "%(count)s cards played but a hand has only %(size)s tricks"
    ),
    "boston_play_dealt_twice": _("%(twice)s is dealt twice"),
    "boston_play_discard_hand": _("%(name)s cannot discard %(card)s: not in the hand"),
    "boston_play_each_player_holds_cards_hand": _(
        "each player holds %(size)s cards; a hand is 13 (12 after the discard)"
    ),
    "boston_play_each_player_holds_cards_hand_2": _(
        "each player holds %(size)s cards, but this hand needs %(want)s%(after)s"
    ),
    "boston_play_every_player_discards_one_card": _(
        "every player discards one card; %(names)s did not"
    ),
    "boston_play_every_player_hold_same_number": _(
        "every player must hold the same number of cards"
    ),
    "boston_play_played_trick_was_s_turn": _(
        "%(name)s played %(card)s in trick %(number)s but it was %(name2)s's turn"
    ),
    "boston_play_record_stops_inside_trick": _("the record stops inside trick %(number)s"),
    "boston_play_was_already_played_before_trick": _(
        "%(card)s was already played before trick %(number)s"
    ),
    "boston_support_own_pido": _("%(player)s cannot support his own pido"),
    "boston_tricks_out_of_range": _("a side cannot take %(tricks_taken)s tricks%(after)s"),
    "boston_trump_choice_unknown": _("trump must be pequeño or bueno, not %(choice)s"),
    "boston_variant_unknown": _("no Boston variant called %(name)s; choose %(names)s"),
    "boston_variants_boston_setting_called": _("Boston has no setting called %(unknown)s"),
    "boston_variants_boston_setting_called_2": _("Boston has no setting called %(key)s"),
    "boston_variants_unknown_boston_setting_value": _("unknown Boston setting value: %(exc)s"),
}
