"""The engine's rulings (its error codes) in the reader's language: cards, deals, PBN, play,
honours, scoring, rubbers, rotation, dummy, duplicate and rule profiles. Registered by
:class:`clubs.apps.ClubsConfig` so that every app above ``clubs`` shows them translated
(``clubs.rulings.ruling_text``); ``tests/clubs/test_rulings.py`` fails for an engine code
with no text here."""

from __future__ import annotations

from django.utils.translation import gettext_lazy as _

WHIST_RULINGS = {
    "rubber_losers_score_out_of_range": _(
        "the losers of a game have 0 to %(most)s points, not %(points)s"
    ),
    "honours_claim_three_or_four": _(
        "claim honours for the side that held 3 or 4 of them, not %(count)s for %(side)s"
    ),
    "analysis_unavailable": _("double-dummy analysis is not installed on this server"),
    "boards_board_numbers_start": _("board numbers start at 1, not %(number)s"),
    "boards_board_trump_turned_card_known": _(
        "board %(number)s: the trump is the turned card, but it is not known"
    ),
    "boards_board_turned_card_dealer_s": _(
        "board %(number)s: the turned card %(turned)s is not the dealer's (%(dealer)s)"
    ),
    "boards_double_dummy_table_strains_each": _(
        "a double-dummy table has 5 strains for each of 4 seats"
    ),
    "boards_take_tricks": _("%(seat)s cannot take %(count)s tricks"),
    "card_played_twice": _("%(card)s was already played in trick %(played_in)s"),
    "card_twice": _("%(card)s appears twice"),
    "card_unreadable": _("'%(text)s' is not a card (write it like AS, TD or 10D)"),
    "cards_card_index_outside": _("card index %(index)s is outside 0–51"),
    "deal_deal_four_hands": _("a deal has four hands, not %(count)s"),
    "deal_deal_seed_integer_string_bytes": _(
        "a deal seed is an integer, a string or bytes, not %(seed)s"
    ),
    "deal_does_four_suits_separated_dots": _(
        "'%(text)s'%(where)s does not have four suits separated by dots"
    ),
    "deal_does_start_seat_colon_n": _(
        "'%(text)s' does not start with a seat and a colon, like 'N:'"
    ),
    "deal_hand_given": _("no hand given for %(names)s"),
    "deal_incomplete": _("the deal is incomplete: %(hands)s cards; missing %(missing)s"),
    "deal_pbn_deal_four_hands": _("a PBN deal has four hands, '%(text)s' has %(count)s"),
    "deal_rank_akqjt": _("'%(letter)s'%(where)s is not a rank (use AKQJT98765432)"),
    "deal_s_hand_card": _("%(card)s in %(seat)s's hand is not a card"),
    "deal_turned_card_card": _("the turned card %(turned)s is not a card"),
    "dummy_dummy_one_three_players": _("Dummy is not one of the three players"),
    "dummy_dummy_whist_needs_three_different": _("dummy whist needs three different players"),
    "dummy_not_liable_to_revoke": _(
        "dummy is not liable to the revoke penalty (dummy whist): the trick stands"
    ),
    "dummy_profile_four_players_dummy_whist": _(
        "the %(name)s profile is for four players, not dummy whist"
    ),
    "dummy_rubbers_numbered": _("rubbers are numbered from 1, not %(number)s"),
    "duplicate_duplicate_revoke_paid_tricks_take": _(
        "in duplicate a revoke is paid in tricks: use take_tricks"
    ),
    "duplicate_each_revoke_revoke_side_penalty": _("each revoke must be a Revoke(side, penalty)"),
    "duplicate_profile_scores_rubber_hands_engine": _(
        "the %(name)s profile scores rubber hands: use engine.scoring.score_hand"
    ),
    "game_already_won": _(
        "%(side)s are at %(points)s: the game is won at %(target)s, start a new game"
    ),
    "honours_claim_against_deal": _(
        "The honours claimed (%(claimed)s) do not match the deal: %(shown)s."
    ),
    "honours_divided_have_no_side": _(
        "honours divided means two each: give the side that held 3 or 4"
    ),
    "honours_three_or_four": _("a side scores honours only with 3 or 4 of them, not %(count)s"),
    "pbn_board_line": _("board %(number)s, line %(line)s: %(ruling)s"),
    "pbn_board_line_board_deal_tag": _(
        "board %(number)s, line %(line)s: the board has no [Deal] tag"
    ),
    "pbn_doubledummytricks_hexadecimal_digits_d_n": _(
        "DoubleDummyTricks '%(value)s' is not 20 hexadecimal digits (0–9, a–d) for N, S, E, W in NT, S, H, D, C"
    ),
    "pbn_line_board_number_whole_number": _(
        "line %(line)s: board number '%(value)s' is not a whole number from 1"
    ),
    "pbn_line_comment_opened_never_closed": _(
        "line %(line)s: a comment opened with '{' is never closed"
    ),
    "pbn_line_malformed_tag_name_value": _(
        'line %(line)s: malformed tag %(snippet)s (write [Name "value"])'
    ),
    "pbn_second_tag_first_line": _(
        "%(where)s: a second [%(name)s] tag (the first is on line %(tag)s)"
    ),
    "pbn_trump_s_h_d_c": _("trump '%(value)s' is not S, H, D, C or NT"),
    "play_all_tricks_were_played_there": _(
        "all 13 tricks were played: there is nothing left to claim"
    ),
    "play_claim_tricks_remain": _(
        "%(side)s cannot claim %(tricks)s tricks: only %(remaining)s remain"
    ),
    "play_hand_tricks_record_cards_most": _(
        "a hand has 13 tricks, the record has %(complete)s (52 cards at most)"
    ),
    "play_play_stops_after_trick_without": _(
        "the play stops after trick %(number)s without a claim for the remaining %(remaining)s tricks"
    ),
    "play_record_stops_middle_trick_cards": _(
        "the record stops in the middle of trick %(number)s (%(remainder)s of 4 cards)"
    ),
    "play_trick_one_four_cards": _("a trick has one to four cards, not %(count)s"),
    "play_trump_suit_suit_none_trump": _(
        "%(trump)s is not a trump suit (give a Suit, or None for no trump)"
    ),
    "played_out_of_turn": _("%(player)s played %(card)s but it was %(turn)s's turn"),
    "player_seated_twice": _("player %(player)s is seated twice"),
    "profile_unknown": _("there is no rule profile called %(name)s; choose one of %(names)s"),
    "profiles_choose_one": _("%(key)s cannot be %(coerced)s; choose one of %(kind)s"),
    "profiles_double_exceed_game": _(
        "double_from (%(double_from)s) cannot exceed game (%(target)s)"
    ),
    "profiles_one": _("%(key)s must be one of %(kind)s"),
    "profiles_rule_profile_needs_name_characters": _(
        "a rule profile needs a name of 1 to 60 characters"
    ),
    "profiles_stored_rule_profile_mapping_name": _(
        "a stored rule profile must be a mapping with a name"
    ),
    "profiles_true_false": _("%(key)s must be true or false, not %(value)s"),
    "profiles_unknown_rule_setting_known": _("unknown rule setting %(names)s; known: %(names2)s"),
    "profiles_when_every_trick_counts_duplicate": _(
        "when every trick counts (duplicate) there are no honours and no rubber points"
    ),
    "profiles_whole_number": _(
        "%(key)s must be a whole number from %(low)s to %(high)s, not %(value)s"
    ),
    "rank_unreadable": _("'%(text)s' is not a rank (use A K Q J T 9 … 2)"),
    "rotation_card": _("%(card)s is not a card"),
    "rotation_cut_equal_cards_deal_cut": _(
        "%(order)s and %(order2)s cut equal cards for the deal: cut again"
    ),
    "rotation_cut_equal_cards_partners_cut": _(
        "%(order)s and %(order2)s cut equal cards for partners: cut again"
    ),
    "rotation_every_seat_needs_player": _("every seat needs a player"),
    "rotation_four_players_cut_partners_deal": _("four players cut for partners and deal"),
    "rotation_player_did_play_rubber": _("player %(player)s did not play rubber 1"),
    "rotation_player_seat": _("no player in seat %(names)s"),
    "rotation_player_table": _("player %(player)s is not at this table"),
    "rotation_rubber_played_same_four_players": _(
        "rubber 2 must be played by the same four players as rubber 1"
    ),
    "rotation_rubber_repeats_partnership_rubber": _("rubber 2 repeats a partnership of rubber 1"),
    "rotation_rubber_results_seatings": _("%(count)s rubber results but only %(count2)s seatings"),
    "rotation_seat_n_e_s_w": _("%(seat)s is not a seat (N, E, S or W)"),
    "rotation_was_cut_twice_everyone_cuts": _(
        "%(card)s was cut twice: everyone cuts from the same pack"
    ),
    "rotation_whist_table_seats_exactly_four": _(
        "a whist table seats exactly four players: N, E, S and W"
    ),
    "rubber_not_over": _("the rubber is not over: games stand %(ns)s–%(ew)s"),
    "rubber_over": _("the rubber is over: %(winner)s won it %(won)s–%(lost)s; start a new rubber"),
    "score_not_a_number": _(
        "%(side)s cannot be at %(points)s: a score is a whole number, 0 or more"
    ),
    "scoring_each_revoke_revoke_side_penalty": _("each revoke must be a Revoke(side, penalty)"),
    "scoring_honours_given_honoursheld_honoursheld_claim": _(
        "honours must be given as HonoursHeld (use HonoursHeld.claim)"
    ),
    "scoring_profile_scores_boards_rubber_hands": _(
        "the %(name)s profile scores boards, not rubber hands: use engine.duplicate.score_board"
    ),
    "scoring_revoke_made_ns_ew": _("a revoke is made by NS or EW, not %(side)s"),
    "scoring_revoke_penalty_take_tricks_deduct": _(
        "the revoke penalty must be take_tricks, deduct or add, not %(penalty)s"
    ),
    "scoring_revokes_list_revoke_side_penalty": _(
        "revokes must be a list of Revoke(side, penalty), one per revoke"
    ),
    "scoring_score_before_hand_pair_ns": _("the score before the hand must be a pair: NS, EW"),
    "scoring_there_dummy_four_player_game": _("there is no dummy in a four-player game"),
    "seat_unreadable": _("'%(text)s' is not a seat (use N, E, S or W)"),
    "side_unreadable": _("'%(text)s' is not a side (use NS or EW)"),
    "suit_unreadable": _("'%(text)s' is not a suit (use S, H, D or C)"),
    "tricks_not_a_number": _("NS tricks must be a whole number from 0 to 13, not %(ns_tricks)s"),
    "tricks_out_of_range": _("NS cannot take %(ns_tricks)s tricks (0 to 13)"),
}
