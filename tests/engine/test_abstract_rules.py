"""Abstract's rules on arranged deals: the test vectors of abstract.md, layouts, limits, scoring."""

import json

import pytest

from cardems.abstract.rules import Abstract, full_deck
from cardems.abstract.score import combinations, score_combinations, score_half
from cardems.errors import BadInput, Reason
from tests.engine.refusals import refusal
from tests.engine.test_cli import run

LAYOUT = "AS AD QS 9H QH AC JH KH KS KD 10S 9D 9S JS KC JC JD 10H 10D 10C AH QD QC 9C"
EXAMPLE = "first 2 2 2 3 1 1 2 3 1 3 2 2"


def deal(moves: str, deck: str = LAYOUT, **options) -> Abstract:
    game = Abstract.new({"mode": "deal", **options}, deck=deck)
    for move in moves.split():
        game.play(move)
    return game


def always(size: int, deck: str = LAYOUT, **options) -> Abstract:
    game = Abstract.new({"mode": "deal", **options}, deck=deck)
    game.play("first")
    while not game.is_over():
        game.play(min(size, game.legal_moves()[-1]))
    return game


def test_the_worked_example_gives_168_to_250_with_its_combinations():
    game = deal(EXAMPLE)
    nondealer, dealer = game.deal_results[-1].halves[0]
    assert game.dealer == 1 and game.chooser == 0
    assert sorted(game.deal_taken[0]) == sorted("AS 9S AH QH AC AD KD QD JD 9D".split())
    assert (nondealer.cards, nondealer.points, nondealer.multiplier, nondealer.score) == (10, 12, 14, 168)
    assert (dealer.cards, dealer.points, dealer.multiplier, dealer.score) == (14, 25, 10, 250)
    kinds = sorted((c.kind, c.points, len(c.cards)) for c in nondealer.combinations)
    assert kinds == [("sequence", 4, 4), ("set", 8, 4)]  # four Aces; A K Q J of diamonds (9D is apart)
    dealer_kinds = sorted((c.kind, c.points, len(c.cards)) for c in dealer.combinations)
    assert dealer_kinds == [
        ("sequence", 3, 3),
        ("sequence", 4, 4),
        ("sequence", 6, 5),
        ("set", 2, 3),
        ("set", 2, 3),
        ("set", 8, 4),
    ]
    assert game.result().scores == (168, 250) and game.result().winner == 1


@pytest.mark.parametrize("size, scores", [(1, (60, 96)), (2, (144, 120)), (3, (96, 84))])
def test_always_taking_the_same_gives_the_seeds_outcomes(size, scores):
    assert always(size).result().scores == scores


def test_replay_cli_gives_the_worked_example():
    code, out, err = run("replay", "abstract", "--deck", LAYOUT, "--moves", EXAMPLE, "--option", "mode=deal")
    data = json.loads(out)
    assert code == 0 and err == ""
    assert data["scores"] == [168, 250] and data["captured"] == [10, 14] and data["winner"] == 1


def test_replay_cli_refuses_a_take_beyond_the_limit_with_its_number():
    code, out, err = run("replay", "abstract", "--deck", LAYOUT, "--moves", "first 2 4")
    assert code == 2 and out == "" and "move 3 (4)" in err and "1 to 3" in err


def test_only_maximal_sequences_score_and_a_card_counts_twice():
    combos = combinations("AS KS QS JS AH AD".split())
    assert sorted((c.kind, c.points) for c in combos) == [("sequence", 4), ("set", 2)]
    assert [c.points for c in combinations("AS KS QS JS 10S 9S".split())] == [12]
    assert [c.points for c in combinations("AS KS QS 10S 9S".split())] == [3]  # 10 9 is too short
    assert combinations("AS KS AH KH".split()) == []


def test_misery_gives_the_other_score_to_the_player_without_combinations():
    a, b = score_combinations("AS AH AD KS QS".split(), "JS 10H 9D".split())
    assert a.points == 2 + 3 and b.points == 0
    assert (a.score, b.score, b.misery, b.multiplier) == (0, 5 * 3, True, 3)
    a, b = score_combinations("AS KH".split(), "JS 10H".split())
    assert (a.score, b.score) == (0, 0)


def test_illegal_moves_change_nothing():
    game = Abstract.new(deck=LAYOUT)
    assert refusal(game, "1") == Reason("choose_first", {"seat": 0})
    game.play("second")
    before = game.to_json()
    assert refusal(game, "first").code == "chosen"
    assert refusal(game, "4") == Reason("take_limit", {"limit": 3})
    assert game.to_json() == before and game.to_move == 1  # the dealer moves first
    with pytest.raises(BadInput):
        game.play("lots")


def test_the_non_dealer_chooses_and_the_deal_alternates_in_a_match():
    game = Abstract.new({"target": 10_000}, deck=LAYOUT)
    assert (game.dealer, game.to_move, game.legal_moves()) == (1, 0, ["first", "second"])
    for move in EXAMPLE.split():
        game.play(move)
    assert game.deal_no == 2 and game.dealer == 0 and game.to_move == 1 and game.choosing
    assert game.result().scores == (168, 250) and not game.is_over()
    game.play("first")
    assert game.to_move == 1


def test_a_match_ends_when_a_player_reaches_the_target_with_more_points():
    game = Abstract.new({"target": 200}, deck=LAYOUT)
    for move in EXAMPLE.split():
        game.play(move)
    assert game.is_over() and game.result().winner == 1 and game.result().scores == (168, 250)
    game = Abstract.new({"target": 251}, deck=LAYOUT)
    for move in EXAMPLE.split():
        game.play(move)
    assert not game.is_over()


def test_a_match_tied_above_the_target_goes_on():
    game = Abstract.new({"target": 5}, seed=3)
    game.match_scores = [10, 10]
    assert game._decide() is None
    game.match_scores = [10, 9]
    assert game._decide() == 0


def test_suit_variant_limits_by_the_exposed_suit():
    game = Abstract.new({"variant": "suit"}, deck=LAYOUT)
    game.play("first")
    assert game.legal_moves() == [1]  # AS: spades, exactly one
    game.play(1)
    assert game.legal_moves() == [1, 2, 3, 4]  # AD: diamonds, up to four
    game.play(4)  # AD QS 9H QH
    assert game.legal_moves() == [1, 2, 3]  # AC
    game.play(1)
    assert game.legal_moves() == [1, 2]  # JH
    assert refusal(game, 3) == Reason("suit_limit", {"card": "JH", "limit": 2})


def test_suit_limits_never_exceed_the_cards_left():
    deck = "AS KS QS JS 10S 9S AH KH QH JH 10H 9H AC KC QC JC 10C 9C AD KD QD JD 10D 9D"
    game = deal("first " + "1 " * 21, deck=deck, variant="suit")
    assert game.row[game.pos :] == ["JD", "10D", "9D"] and game.legal_moves() == [1, 2, 3]


def test_unlimited_has_the_joker_first_and_takes_grow_by_one_at_most():
    deck = "X " + LAYOUT
    game = Abstract.new({"variant": "unlimited"}, deck=deck)
    game.play("first")
    assert game.legal_moves() == list(range(1, 13))
    game.play(5)
    assert game.legal_moves() == list(range(1, 7))
    game.play(1)
    assert game.legal_moves() == [1, 2]
    assert refusal(game, 3) == Reason("previous_take", {"previous": 1, "limit": 2})
    with pytest.raises(BadInput, match="joker"):
        Abstract.new({"variant": "unlimited"}, deck=LAYOUT + " X")
    assert len(full_deck("unlimited")) == 25


def test_unlimited_joker_counts_as_a_card_but_not_in_combinations():
    game = deal("first 12 12 1", deck="X " + LAYOUT, variant="unlimited")
    a, b = game.deal_results[-1].halves[0]
    assert a.cards == 13 and b.cards == 12
    assert "X" in game.deal_taken[0]
    assert all("X" not in c.cards for c in a.combinations)


def test_abstract_52_has_two_rows_and_the_second_half_swaps_the_order():
    deck = full_deck("52")
    game = Abstract.new({"variant": "52", "mode": "deal"}, deck=" ".join(deck))
    assert [len(r) for r in game.rows] == [26, 26] and game.view(0).next_row == 26
    assert game.view(0).dealt == tuple(deck[:26])
    game.play("second")  # the chooser (seat 0) goes second: seat 1 first
    assert game.to_move == 1
    while game.half == 0:
        game.play(game.legal_moves()[-1])
    assert game.first == 0 and game.to_move == 0 and game.view(0).dealt == tuple(deck[26:])
    while not game.is_over():
        game.play(1)
    result = game.deal_results[-1]
    assert result.firsts == (1, 0)
    assert result.totals == tuple(h0.score + h1.score for h0, h1 in zip(*result.halves))


def test_abstract_52_product_score_and_short_multiplier():
    a = "AS KS QS JS 10S AH KH AD AC 9C 8C 7C".split()  # 12 cards
    b = [c for c in full_deck("52")[:26] if c not in a][:14]
    mine, theirs = score_half(a, b)
    # longest suit 5 (spades), longest run A K Q J 10 9 8 7 = 8, largest set 4 Aces; short by one: x2
    assert (len(mine.longest_suit), len(mine.longest_sequence), len(mine.largest_set)) == (5, 8, 4)
    assert mine.short == 2 and mine.score == 5 * 8 * 4 * 2
    assert theirs.short == 0 and theirs.cards == 14
    lone, _ = score_half(["2S"], ["3S"] * 13)
    assert lone.score == 1 * 1 * 1 * (13 - 1)


def test_decks_and_options_are_checked():
    with pytest.raises(BadInput, match="24"):
        Abstract.new(deck=LAYOUT + " 8S")
    with pytest.raises(BadInput, match="not in this game's deck"):
        Abstract.new(deck=LAYOUT.replace("9C", "8C"))
    with pytest.raises(BadInput, match="target"):
        Abstract.new({"target": "-5"})
    with pytest.raises(BadInput, match="variant"):
        Abstract.new({"variant": "huge"})
    assert Abstract.new({"target": "750"}).options["target"] == 750


def test_save_and_replay_round_trip_across_deals():
    game = Abstract.new({"variant": "52", "target": 100_000}, seed=9)
    while game.deal_no < 3:
        game.play(game.legal_moves()[-1])
    again = Abstract.from_json(json.loads(json.dumps(game.to_json())))
    assert again.view(0) == game.view(0) and again.match_scores == game.match_scores
