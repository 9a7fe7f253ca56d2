"""Pis Yedili rules, each on its own, on arranged deals (shared/rules/pis-yedili.md)."""

import pytest

from cardems.errors import BadInput, IllegalMove, Reason
from cardems.game import GameOver
from cardems.pis_yedili.events import Again, Draw, Play, RoundEnd
from cardems.pis_yedili.rules import PisYedili
from tests.engine.pis_yedili_helpers import arranged, kinds, new, play_all
from tests.engine.refusals import refusal


def points(cards) -> int:
    """Penalty points as the rules file lists them (written out again here on purpose)."""
    table = {"A": 11, "J": 25, "Q": 10, "K": 10, "10": 10}
    return sum(table.get(c[:-1]) or int(c[:-1]) for c in cards)


FILL0 = "QS QH QD KS"
FILL1 = "KH KD 8D 6D"


# ---------------------------------------------------------------- deal


@pytest.mark.parametrize("players,deck", [(2, 52), (3, 104), (4, 104)])
def test_deal_one_deck_for_two_two_decks_for_more_seven_each(players, deck):
    game = PisYedili.new({"players": players}, seed=5)
    assert [len(h) for h in game.hands] == [7] * players
    assert len(game.stock) == deck - 7 * players
    assert game.pile == [] and game.to_move == 0 and game.phase == "opening"


def test_arranged_deal_order_hands_in_turn_then_the_stock_from_its_top():
    deck = arranged("2C 3C 4C 5C 6C 8C 9C", "2H 3H 4H 5H 6H 8H 9H", stock="KD QD")
    game = PisYedili.new(deck=deck)
    assert game.hands[0] == deck[:7] and game.hands[1] == deck[7:14]
    play_all(game, "2C")
    assert game.legal_moves() == ["draw"]  # no club in seat 1's hand
    game.play("draw")
    assert game.hands[1][-1] == "KD"
    game.play("draw")
    assert game.hands[1][-1] == "QD"


def test_a_deck_of_the_wrong_size_or_with_a_stranger_is_refused():
    with pytest.raises(BadInput, match="52"):
        PisYedili.new(deck=arranged("2C 3C 4C 5C 6C 8C 9C", "2H 3H 4H 5H 6H 8H 9H")[:-1])
    with pytest.raises(BadInput, match="104"):
        PisYedili.new({"players": 3}, deck=arranged("2C 3C 4C 5C 6C 8C 9C", "2H 3H 4H 5H 6H 8H 9H"))
    with pytest.raises(BadInput, match="ten_rule"):
        PisYedili.new({"ten_rule": "sideways"})


# ---------------------------------------------------------------- opening


def test_opening_only_plain_clubs_count():
    game = new("JC 7C 10C AC 5C 2H 3H", "2C 3D 4D 5D 6D 8D 9D")
    assert game.legal_moves() == ["5C"]
    for move in ("JC:S", "7C", "10C", "AC", "2H", "pass"):
        with pytest.raises(IllegalMove):
            game.play(move)
    assert refusal(game, "draw").code == "draw_opening"  # it holds a playable club
    assert refusal(game, "7C").code == "opening_club"


def test_opening_draws_one_at_a_time_until_a_playable_club_arrives():
    game = new("2H 3H 4H 5H 6H 8H 9H", "2C 3D 4D 5D 6D 8D 9D", stock="7C JC AC 10C KC")
    for _ in range(5):
        assert game.legal_moves() == ["draw"]
        game.play("draw")
    assert game.to_move == 0 and game.legal_moves() == ["KC"]
    assert refusal(game, "pass").code == "pass_opening"
    game.play("KC")
    assert game.to_move == 1


def test_opening_has_no_twin_pisti_and_ends_after_everyone_with_the_first_player_to_move():
    game = new("4C 2H 3H 5H 6H 8H 9H", "4C 2S 3S 5S 6S 8S 9S", "5C 2D 3D 4D 5D 6D 8D")
    play_all(game, "4C")
    events = game.play("4C")  # the twin of 4C: no extra play in the opening
    assert Again not in kinds(events) and game.to_move == 2
    assert game.phase == "opening"
    game.play("5C")
    assert game.phase == "play" and game.to_move == 0


# ---------------------------------------------------------------- normal turns


def opened(h0: str, h1: str, stock: str = "", **options) -> PisYedili:
    """Two players; seat 0 opens with its first card, seat 1 with its first card."""
    game = new(h0, h1, stock=stock, **options)
    play_all(game, f"{h0.split()[0]} {h1.split()[0]}")
    assert game.phase == "play" and game.to_move == 0
    return game


def test_match_by_suit_or_rank_and_an_illegal_card_changes_nothing():
    game = opened("2C 5C 3H 9D QS QH QD", "3C 5H 9H 4D 6D 8D KD")
    assert set(game.legal_moves()) == {"5C", "3H", "draw"}  # club, or a three
    before = game.to_json(), game.view(0)
    assert refusal(game, "9D") == Reason("must_match", {"card": "3C"})
    assert (game.to_json(), game.view(0)) == before
    game.play("3H")
    assert game.to_move == 1 and set(game.legal_moves()) == {"5H", "9H", "draw"}


def test_draw_is_allowed_with_a_play_then_play_or_pass_but_no_pass_without_drawing():
    game = opened("2C 5C QS QH QD KS KH", "3C 9C 9H 4D 6D 8D KD", stock="2S 3S")
    assert refusal(game, "pass").code == "pass_undrawn"
    game.play("draw")  # 5C was playable: drawing is allowed anyway
    assert game.hands[0][-1] == "2S" and game.to_move == 0
    assert "draw" not in game.legal_moves() and "pass" in game.legal_moves()
    assert refusal(game, "draw").code == "drawn"
    game.play("pass")
    assert game.to_move == 1 and "draw" in game.legal_moves()
    game.play("draw")
    game.play("9C")  # after drawing, any legal card may be played
    assert game.to_move == 0


# ---------------------------------------------------------------- the 7


def test_seven_on_seven_on_seven_then_a_player_without_one_draws_nine_and_plays():
    game = new(
        "2C 7C QS QH QD KS KH",
        "3C 7H KD QC 8D 6D 4D",
        "4C 7S 8H 6H 4H 3H 2H",
        "5C 2S JS 9D 9S 8S 6S",
        stock="AH AD AS 2D 3D 4S 5S 6C 8C 9C",
    )
    play_all(game, "2C 3C 4C 5C")
    game.play("7C")
    assert game.pending == 3 and game.to_move == 1
    assert game.legal_moves() == ["7H", "draw"]
    game.play("7H")
    assert game.pending == 6 and game.to_move == 2
    game.play("7S")
    assert game.pending == 9 and game.to_move == 3
    assert game.legal_moves() == ["draw"]
    assert refusal(game, "JS:H") == Reason("seven_pending", {"n": 9})  # a Jack cannot answer a 7
    assert refusal(game, "pass") == Reason("pass_pending", {"n": 9})
    events = game.play("draw")
    assert events[0] == Draw(3, 9, "penalty")
    assert len(game.hands[3]) == 6 + 9 and game.pending == 0
    assert game.to_move == 3 and not game.drawn  # then a normal turn
    assert "draw" in game.legal_moves() and "JS:H" in game.legal_moves()
    game.play("2S")
    assert game.to_move == 0 and game.pending == 0


def test_a_player_may_refuse_to_answer_a_seven_and_then_draw_again_in_its_turn():
    game = opened("2C 7C QS QH QD KS KH", "3C 7H KD QC 8D 6D 4D", stock="2S 3S 4S 5S")
    game.play("7C")
    game.play("draw")  # holds 7H, takes the 3 anyway
    assert game.hands[1][-3:] == ["2S", "3S", "4S"]
    game.play("draw")  # the normal turn's own card
    assert game.hands[1][-1] == "5S" and game.drawn
    game.play("7H")  # a 7 on the 7: a fresh penalty for seat 0
    assert game.to_move == 0 and game.pending == 3


# ---------------------------------------------------------------- the Jack


def test_jack_goes_on_anything_and_names_the_suit_to_follow():
    game = opened("2C JD QS QH QD KS KH", "3C 5H 3D JS 8D 6D 4D")
    with pytest.raises(BadInput, match="names the suit"):
        game.play("JD")
    game.play("JD:H")
    assert game.named == "H" and game.to_move == 1
    assert set(game.legal_moves()) == {"5H", "JS:S", "JS:H", "JS:D", "JS:C", "draw"}
    assert refusal(game, "3D") == Reason("named_suit", {"suit": "H"})  # the Jack's own suit no longer counts
    game.play("JS:C")  # a Jack on a Jack
    assert game.named == "C" and game.to_move == 0


# ---------------------------------------------------------------- the 10


def four(h0, h1, h2, h3, stock="", **options) -> PisYedili:
    """Four players, each opening with its first card (seats 0..3), seat 0 to move."""
    game = new(h0, h1, h2, h3, stock=stock, **options)
    play_all(game, " ".join(h.split()[0] for h in (h0, h1, h2, h3)))
    assert game.phase == "play" and game.to_move == 0
    return game


H4 = ("2C 10C 8C 9D QS QH QD", "3C 5S 5H 5D KS KH KD", "4C 9H 4S 4H 4D 3S 3H", "5C 6C 10H 9S 2S 2H 2D")


def test_ten_rule_trace_one_four_players():
    # seat 0 plays a 10; seat 3 plays; seat 0 plays; seat 1 plays.
    game = four(*H4)
    game.play("10C")
    assert game.to_move == 3 and game.stack == [0]
    game.play("6C")
    assert game.to_move == 0 and game.stack == []
    game.play("8C")
    assert game.to_move == 1


def test_ten_rule_chain_four_players_comes_back_through_the_chain():
    # 0 plays a 10, 3 plays a 10, 2 plays, then 3, 0, 1.
    game = four(*H4)
    game.play("10C")
    game.play("10H")
    assert game.to_move == 2 and game.stack == [0, 3]
    game.play("9H")
    assert game.to_move == 3
    game.play("9S")
    assert game.to_move == 0
    game.play("9D")
    assert game.to_move == 1 and game.stack == []


def test_ten_rule_chain_three_players():
    game = new("2C 10C 5H QS QH QD KS", "3C 10H 5S 8D 6D 4D KD", "4C 10D 6S 8H 6H 4H KH")
    play_all(game, "2C 3C 4C")
    game.play("10C")  # 0 -> left is 2
    assert game.to_move == 2
    game.play("10D")  # 2 -> left is 1
    assert game.to_move == 1 and game.stack == [0, 2]
    game.play("10H")  # 1 plays a 10 too: left is 0
    assert game.to_move == 0 and game.stack == [0, 2, 1]
    game.play("5H")  # not a 10: back through the chain, last first
    assert game.to_move == 1
    game.play("5S")
    assert game.to_move == 2
    game.play("6S")
    assert game.to_move == 0
    assert game.stack == []


def test_ten_penalty_from_the_chain_lands_on_the_seat_owed_a_turn():
    game = four(
        "2C 10C QS QH QD KS KH", "3C 5S 5H 5D KD 6S 6H", "4C 9H 4S 4H 4D 3S 3H", "5C 7C 10H 9S 2S 2H 2D"
    )
    game.play("10C")
    game.play("7C")  # seat 3 answers the 10 with a 7: the owed seat 0 faces it
    assert game.to_move == 0 and game.pending == 3


def test_ten_with_two_players_changes_nothing():
    for rule in ("bounce", "reverse"):
        game = opened("2C 10C 8C QS QH QD KS", "3C 4C 5C KD 6D 8D 4D", ten_rule=rule)
        game.play("10C")
        assert game.to_move == 1
        game.play("4C")
        assert game.to_move == 0


def test_ten_rule_reverse_turns_the_direction():
    game = four(*H4, ten_rule="reverse")
    game.play("10C")
    assert game.to_move == 3 and game.direction == -1
    game.play("10H")
    assert game.to_move == 0 and game.direction == 1
    game.play("QH")
    assert game.to_move == 1


# ---------------------------------------------------------------- the Ace


def test_ace_each_other_player_draws_one_in_turn_order_and_the_ace_plays_again():
    game = new("2C AC 8C QS QH QD KS", "3C 5S 5H 5D KD 6S 6H", "4C 9H 4S 4H 4D 3S 3H", stock="2D 3D 4H 9C")
    play_all(game, "2C 3C 4C")
    events = game.play("AC")
    assert kinds(events) == [Play, Draw, Draw, Again]
    assert game.hands[1][-1] == "2D" and game.hands[2][-1] == "3D"
    assert game.to_move == 0 and not game.drawn
    game.play("draw")  # its extra turn is a whole turn
    assert game.hands[0][-1] == "4H"
    game.play("8C")
    assert game.to_move == 1


def test_an_ace_may_not_be_the_last_card():
    game = opened("2C AC AD AH 4H 4S AS", "3C 4D 9S KD QD 8D 6D")
    play_all(game, "AC AD AH")  # three extra plays
    assert game.to_move == 0 and len(game.hands[1]) == 6 + 3
    game.play("4H")
    play_all(game, "4D 4S")
    assert game.hands[0] == ["AS"]
    game.play("9S")
    assert "AS" not in game.legal_moves()
    assert refusal(game, "AS").code == "ace_last"
    game.play("draw")
    assert "AS" in game.legal_moves()


# ---------------------------------------------------------------- two-deck pişti


def test_twin_pisti_plays_again_but_not_on_a_special_card():
    game = new("2C 5H 7D QS QH QD KS", "3C 5H 7H 8D 6D 4D KD", "4C 4H 8H 6H 3H 2H 2S")
    play_all(game, "2C 3C 4C draw pass draw pass 4H")
    events = game.play("5H")
    assert Again not in kinds(events) and game.to_move == 1
    events = game.play("5H")  # seat 1 on the identical twin: plays again
    assert Again in kinds(events) and game.to_move == 1 and len(game.hands[1]) == 6
    game.play("7H")
    assert game.to_move == 2 and game.pending == 3


def test_twin_pisti_on_a_seven_is_no_pisti():
    game = new("2C 8C 7H QS QH QD KS", "3C 8H 7H 6D 4D KD 2D", "4C 2H 8S 6S 4S 3S 2S")
    play_all(game, "2C 3C 4C 8C 8H 2H 7H")
    assert game.to_move == 1 and game.pending == 3
    events = game.play("7H")  # answers the 7 with its twin: a penalty, no extra play
    assert Again not in kinds(events) and game.to_move == 2 and game.pending == 6


def test_going_out_on_a_twin_is_allowed():
    game = new("2C 5H QS QH QD KS KH", "3C AC AH AD AS 9S 5H", "4C 9H 8H 6H 4H 3H 2H", mode="round")
    play_all(game, "2C 3C 4C draw pass")
    play_all(game, "AC AH AD AS 9S")  # seat 1: four extra plays, then down to 5H
    assert game.hands[1] == ["5H"] and game.to_move == 2
    play_all(game, "9H 5H")
    events = game.play("5H")  # seat 1's last card, on its twin
    assert RoundEnd in kinds(events)
    finish_picks(game)
    assert game.rounds[-1].out == 1
    assert game.rounds[-1].multiplier == 1


# ---------------------------------------------------------------- end of a round


def out_with(last: str, h1: str, stock: str = "2S 3S 4S 5S 6S 8S 10S", **options) -> PisYedili:
    """Seat 0 sheds with four Aces and a 9S, then goes out with ``last`` after seat 1's 9H."""
    game = opened(f"2C AC AD AH AS 9S {last}", h1, stock=stock, **options)
    play_all(game, "AC AD AH AS 9S 9H")
    events = game.play(f"{last}:C" if last[0] == "J" else last)
    assert RoundEnd in kinds(events)
    return game


@pytest.mark.parametrize("last,multiplier", [("JD", 2), ("7H", 3), ("QH", 1)])
def test_going_out_multiplies_the_others_penalty(last, multiplier):
    h1 = "3C 9H KD QD 8D 6D 4D"
    game = out_with(last, h1, mode="round")
    assert game.is_over()
    score = game.rounds[-1]
    assert score.out == 0 and score.multiplier == multiplier
    hand1 = ["KD", "QD", "8D", "6D", "4D", "2S", "3S", "4S", "5S"]  # the Aces gave it 4 cards
    assert sorted(game.hands[1]) == sorted(hand1)
    assert score.penalties == (0, multiplier * points(hand1))
    assert game.result().scores == (0, multiplier * points(hand1)) and game.result().winner == 0


def test_going_out_ends_the_round_at_once_and_a_seven_penalty_lapses():
    game = out_with("7H", "3C 9H KD QD 8D 6D 4D", mode="match", target=201)
    assert game.round_no == 2 and game.pending == 0 and game.phase == "opening"
    assert game.first == 1 and game.to_move == 1  # the first player moves on


def finish_picks(game: PisYedili) -> None:
    while game.phase == "muamele":
        game.play("pick:1")


def drain(game: PisYedili, leave: int) -> None:
    """Both players draw and pass until ``leave`` cards are left in the stock."""
    while len(game.stock) > leave:
        game.play("draw")
        game.play("pass")


def test_the_stock_running_out_mid_penalty_ends_the_round_with_no_winner():
    game = opened("2C 7C QS QH QD KS KH", "3C 9H KD 5D 8D 6D 4D", mode="round")
    drain(game, 2)
    assert game.to_move == 0
    game.play("7C")
    events = game.play("draw")  # 3 wanted, 2 there
    assert events[0].count == 2 and RoundEnd in kinds(events)
    finish_picks(game)
    score = game.rounds[-1]
    assert score.out is None and score.multiplier == 1
    for seat in (0, 1):
        assert score.penalties[seat] == points(score.hands[seat]) + points(score.picks[seat])


def test_the_stock_giving_exactly_the_penalty_does_not_end_the_round():
    game = opened("2C 7C 8C QS QH QD KS", "3C 9H KD 5D 8D 6D 4D")
    game.play("8C")
    drain(game, 3)
    assert game.to_move == 0
    game.play("7C")
    game.play("draw")
    assert game.phase == "play" and game.to_move == 1 and not game.stock
    events = game.play("draw")  # now a draw from the empty stock
    assert RoundEnd in kinds(events)
    finish_picks(game)
    assert game.rounds[-1].out is None


def test_the_stock_running_out_on_an_ace_ends_the_round():
    game = new("2C AC QS QH QD KS KH", "3C 9C KD QD 8D 6D 4D", "4C 8C 3D 4D 5D 6D 8D", mode="round")
    play_all(game, "2C 3C 4C")
    while len(game.stock) > 1:
        game.play("draw")
        game.play("pass")
    assert game.to_move == 1
    play_all(game, "9C 8C")
    events = game.play("AC")  # seat 1 gets the last card, seat 2 none
    assert [e.count for e in events if isinstance(e, Draw)] == [1, 0]
    finish_picks(game)
    assert game.rounds[-1].out is None


# ---------------------------------------------------------------- muamele


def test_muamele_three_picks_per_seven_and_a_picked_seven_gives_three_more():
    stock = "2S 3S 4S 5S 7D 2H 3H 4H 5H 6H 8H 10H"
    game = opened("2C AC AD AH AS 9S JD", "3C 9H 7S QD 8D 6D 4D", stock=stock, mode="round")
    play_all(game, "AC AD AH AS 9S 9H JD:C")
    assert game.phase == "muamele" and game.to_move == 1
    assert game.picks_left == 3
    game.play("pick:2")  # the second face-down card: 2H, not 7D
    assert game.picked[1] == ["2H"] and game.picks_left == 2
    game.play("pick:1")  # 7D: three more
    assert game.picks_left == 1 + 3
    play_all(game, "pick:1 pick:1 pick:1 pick:1")
    assert game.picked[1] == ["2H", "7D", "3H", "4H", "5H", "6H"]
    assert game.is_over()
    hand = ["7S", "QD", "8D", "6D", "4D", "2S", "3S", "4S", "5S"]
    assert game.rounds[-1].penalties == (0, 2 * (points(hand) + points(game.picked[1])))


def test_muamele_picks_come_from_the_discard_pile_once_the_stock_is_empty():
    game = opened("2C 7C QS QH QD KS KH", "3C 9H KD 5D 8D 6D 4D", mode="round")
    drain(game, 0)
    held = [s for s in (0, 1) if any(c[:-1] == "7" for c in game.hands[s])]
    game.play("draw")  # seat 0 draws from the empty stock
    assert game.phase in ("muamele", "over")
    if game.phase == "muamele":
        seat = game.to_move
        assert seat == held[0] and game.pile == ["3C"] and game.stock == ["2C"]
        game.play("pick:1")
    assert game.is_over()
    picked = [c for p in game.rounds[-1].picks for c in p]
    assert picked == (["2C"] if held else [])  # the pile without its top, then nothing left


def test_muamele_seats_pick_in_seat_order_from_seat_0():
    game = PisYedili.new(
        {"players": 3, "mode": "round"},
        deck=arranged(
            "2C 7C QS QH QD KS KH",
            "3C 7D KD QD 8D 6D 4D",
            "4C 7S 9H 8H 6H 4H KH",
            stock="2S 3S 4S 5S 6S 8S 9S 10S 2H 3H",
        ),
    )
    play_all(game, "2C 3C 4C")
    while game.stock:
        game.play("draw")
        game.play("pass")
    game.play("draw")
    order = []
    while not game.is_over():
        order.append(game.to_move)
        game.play("pick:1")
    assert order == sorted(order) and order[0] == 0


def test_pick_notation():
    game = PisYedili.new(seed=3)
    assert game.parse_move(" Pick:07 ") == "pick:7"
    for bad in ("pick:0", "pick:x", "pick:"):
        with pytest.raises(BadInput, match="pick"):
            game.parse_move(bad)
    assert refusal(game, "pick:1").code == "pick_not_now"
    with pytest.raises(BadInput, match="only a Jack"):
        game.parse_move("9C:S")


# ---------------------------------------------------------------- match


def test_match_goes_on_below_the_target_and_penalties_add_up():
    game = out_with("7H", "3C 9H KD QD 8D 6D 4D", target=201)
    penalty = 3 * points(["KD", "QD", "8D", "6D", "4D", "2S", "3S", "4S", "5S"])
    assert penalty == 156
    assert not game.is_over() and game.totals == [0, penalty] and game.round_no == 2
    assert game.result().scores == (0, penalty) and game.result().winner is None


def test_match_ends_after_the_round_that_reaches_the_target():
    game = out_with("7H", "3C 9H KD QD 8D 6D 4D", target=151)
    assert game.is_over() and game.result().winner == 0
    assert game.result().scores == (0, 156) and game.to_move is None


def test_equal_lowest_totals_share_the_win():
    game = PisYedili.new({"players": 3, "target": 31}, seed=1)
    game.totals = [40, 12, 12]
    assert game._decide() == "draw" and game._leaders() == [1, 2]
    game.totals = [40, 11, 12]
    assert game._decide() == 1 and game._leaders() == [1]
    game.totals = [30, 11, 12]
    assert game._decide() is None and game._leaders() is None
    game.totals = [40, 12, 12]
    event = game._end(game._decide())
    assert game.is_over() and game.winner == "draw" and game.winners == [1, 2]
    assert event == GameOver("draw")
