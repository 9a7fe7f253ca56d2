"""Each rule of shared/rules/pisti.md, on arranged deals."""

import json

import pytest

from cardems.errors import BadInput, IllegalMove, Reason
from cardems.pisti.events import Capture, Deal, Redeal, Sweep
from cardems.pisti.rules import Pisti, score_deal
from tests.engine.helpers import arranged, finish_first_legal, play_all
from tests.engine.refusals import refusal


def kinds(events):
    return [type(e) for e in events]


# ---------------------------------------------------------------- the deal
def test_arranged_order_pile_bottom_up_then_hands_from_the_lead():
    deck = arranged("2S 3S 4S 5S", "AH 2H 3H 4H", "5H 6H 7H 8H")
    game = Pisti.new(deck=deck)
    assert game.pile == ["2S", "3S", "4S", "5S"]
    assert game.hands == [["AH", "2H", "3H", "4H"], ["5H", "6H", "7H", "8H"]]
    assert game.to_move == 0 and len(game.stock) == 40
    view = game.view(0)
    assert view.pile_top == "5S" and view.pile_hidden == 3 and view.pile_size == 4


@pytest.mark.parametrize(
    "pile,expected",
    [
        ("2S 3S 4S JS", ["2S", "3S", "JS", "4S"]),  # the card directly below
        ("2S 3S JD JS", ["2S", "JS", "JD", "3S"]),  # below is a Jack: the one below that
        ("2S JC JD JS", ["JS", "JC", "JD", "2S"]),  # only the bottom card is not a Jack
    ],
)
def test_opening_jack_is_exchanged_with_the_nearest_non_jack(pile, expected):
    game = Pisti.new(deck=arranged(pile))
    assert game.pile == expected
    assert game.view(0).pile_top == expected[-1]
    assert game.view(1).opening_known == ("JS",)  # everybody saw the Jack turn up


def test_four_jacks_in_the_centre_means_a_new_shuffle():
    game = Pisti.new(deck=arranged("JS JH JD JC"), seed=9)
    assert Redeal in kinds(game.start_events)
    assert not all(c[0] == "J" for c in game.pile)
    assert sum(len(h) for h in game.hands) + len(game.pile) + len(game.stock) == 52


def test_later_rounds_deal_four_each_from_the_stock_in_order():
    deck = arranged("2S 3S 4S 5S", "AH 2H 3H 4H", "6H 7H 8H 9H", stock="AD 2D 3D 4D 6D 7D 8D 9D")
    game = Pisti.new(deck=deck)
    events = play_all(game, "AH 6H 2H 7H 3H 8H 4H 9H")
    assert Deal in kinds(events)
    assert game.hands == [["AD", "2D", "3D", "4D"], ["6D", "7D", "8D", "9D"]]


# ---------------------------------------------------------------- captures and piştis
def test_matching_rank_captures_the_whole_pile_without_pisti():
    game = Pisti.new(deck=arranged("2S 3S 4S 5S", "5H AH 2H 3H", "6H 7H 8H 9H"))
    events = game.play("5H")
    capture = next(e for e in events if isinstance(e, Capture))
    assert (capture.side, capture.count, capture.pisti) == (0, 5, None)
    assert capture.points == 0 and game.captured[0] and game.pile == []
    assert "2S" not in capture.cards  # face-down opening cards stay secret


def test_pisti_on_a_single_card_is_worth_ten():
    game = Pisti.new(deck=arranged("2S 3S 4S 5S", "5H AH 2H 3H", "AC 7H 8H 9H"))
    game.play("5H")  # seat 0 takes the opening pile
    game.play("AC")  # seat 1 leaves a lone Ace
    events = game.play("AH")  # seat 0: pişti
    capture = next(e for e in events if isinstance(e, Capture))
    assert capture.pisti == "pisti" and capture.points == 10
    assert game.pistis[0] == [1, 0]


def test_jack_pisti_on_a_single_jack_is_worth_twenty():
    game = Pisti.new(deck=arranged("2S 3S 4S 5S", "5H JH 2H 3H", "JC 7H 8H 9H"))
    game.play("5H")
    events = game.play("JC")  # a Jack on an empty pile captures nothing and stays
    assert Capture not in kinds(events) and game.pile == ["JC"]
    events = game.play("JH")
    capture = next(e for e in events if isinstance(e, Capture))
    assert capture.pisti == "jack_pisti" and capture.points == 20
    assert game.pistis[0] == [0, 1]


def test_jack_captures_a_pile_of_two():
    game = Pisti.new(deck=arranged("2S 3S 4S 5S", "5H AH 2H 3H", "KC JD 8H 9H"))
    game.play("5H")
    game.play("KC")  # seat 1 leads onto the empty pile
    game.play("AH")
    events = game.play("JD")
    capture = next(e for e in events if isinstance(e, Capture))
    assert (capture.side, capture.count, capture.pisti) == (1, 3, None)


def test_jack_on_a_lone_non_jack_takes_two_but_is_no_pisti():
    game = Pisti.new(deck=arranged("2S 3S 4S 5S", "5H AH 2H 3H", "KC JD 8H 9H"))
    game.play("5H")
    game.play("KC")
    events = game.play("AH")
    assert Capture not in kinds(events)
    game2 = Pisti.new(deck=arranged("2S 3S 4S 5S", "5H JH 2H 3H", "KC 7D 8H 9H"))
    game2.play("5H")
    game2.play("KC")
    events = game2.play("JH")
    capture = next(e for e in events if isinstance(e, Capture))
    assert (capture.side, capture.count, capture.pisti) == (0, 2, None) and capture.points == 0


def test_jack_captures_any_pile_and_the_opening_pile_never_gives_pisti():
    game = Pisti.new(deck=arranged("2S 3S 4S 5S", "JH AH 2H 3H", "6H 7H 8H 9H"))
    events = game.play("JH")
    capture = next(e for e in events if isinstance(e, Capture))
    assert (capture.side, capture.count, capture.pisti) == (0, 5, None)


# ---------------------------------------------------------------- end of the deal
def test_last_capturer_takes_what_is_left_in_the_centre():
    game = finish_first_legal(Pisti.new(seed=11))
    assert game.is_over() and game.pile == []
    assert sum(len(c) for c in game.captured) == 52


def test_sweep_goes_to_the_last_capturer():
    game = Pisti.new(seed=4)
    while not game.is_over():
        before_last = game.last_capturer
        events = game.play(game.legal_moves()[0])
        sweep = next((e for e in events if isinstance(e, Sweep)), None)
        if sweep is not None:
            capture = next((e for e in events if isinstance(e, Capture)), None)
            expected = capture.side if capture else before_last
            assert sweep.side == expected


def test_last_card_pisti_option():
    # The very last card of the deal makes a pişti: counted by default, not with the option off.
    for seed in range(400):
        game = Pisti.new(seed=seed)
        while len(game.moves) < 47:
            game.play(game.legal_moves()[0])
        top = game.pile[-1] if len(game.pile) == 1 else None
        last = game.hands[1][0]
        if top and last[:-1] == top[:-1]:
            break
    else:
        pytest.fail("no deal ending in a last-card pişti among the seeds")
    on = Pisti.from_json(game.to_json())
    off_save = game.to_json()
    off_save["options"]["last_card_pisti"] = False
    off = Pisti.from_json(off_save)
    on_events, off_events = on.play(last), off.play(last)
    assert next(e for e in on_events if isinstance(e, Capture)).points >= 10
    assert next(e for e in off_events if isinstance(e, Capture)).points == 0
    diff = on.result().scores[1] - off.result().scores[1]
    assert diff in (10, 20)


# ---------------------------------------------------------------- scoring and winning
def test_worked_example_two_aces_ten_of_diamonds_and_a_pisti_is_fifteen():
    breakdown = score_deal([["AS", "AH", "10D", "5C", "5D"], ["2S"] * 47], [[1, 0], [0, 0]])
    assert breakdown[0].total == 2 + 3 + 10
    assert breakdown[1].most_cards == 3


def test_26_26_gives_nobody_the_most_cards_points():
    b = score_deal([["AS"] * 26, ["2S"] * 26], [[0, 0], [0, 0]])
    assert [x.most_cards for x in b] == [0, 0]
    b = score_deal([["AS"] * 27, ["2S"] * 25], [[0, 0], [0, 0]])
    assert [x.most_cards for x in b] == [3, 0]


def test_a_played_26_26_deal_has_13_card_points():
    for seed in range(2000):
        game = finish_first_legal(Pisti.new(seed=seed))
        if [len(c) for c in game.captured] == [26, 26]:
            deal = game.deal_results[-1]
            assert sum(b.total - b.pisti_points for b in deal) == 13
            return
    pytest.fail("no 26-26 deal found")


def test_three_way_tie_for_most_cards_gives_nobody_the_bonus():
    b = score_deal([["AS"] * 20, ["2S"] * 20, ["3S"] * 12], [[0, 0]] * 3)
    assert [x.most_cards for x in b] == [0, 0, 0]


def test_classic_tie_breaks_on_cards_then_draw():
    game = Pisti.new(seed=1)
    game.captured = [["AS"] * 20 + ["2S"] * 10, ["AH"] + ["3S"] * 21]
    game.pistis = [[0, 0], [1, 0]]
    game.deal_results = [score_deal(game.captured, game.pistis)]
    # side 0: 20 aces + 3 for most cards = 23; side 1: 1 ace + a pişti = 11
    assert game._decide() == 0
    game.deal_results = [score_deal([["2S"] * 30, ["3S"] * 22], [[0, 0], [0, 0]])]
    # totals 3 vs 0: side 0
    assert game._decide() == 0
    game.deal_results = [score_deal([["AS"] * 3 + ["2S"] * 27, ["AH"] * 6 + ["3S"] * 16], [[0, 0], [0, 0]])]
    # totals 3+3=6 vs 6; cards 30 vs 22: side 0 wins the tie-break
    assert game._decide() == 0
    game.deal_results = [score_deal([["AS"] * 26, ["AH"] * 26], [[0, 0], [0, 0]])]
    assert game._decide() == "draw"


# ---------------------------------------------------------------- bad input changes nothing
def test_illegal_moves_raise_and_change_nothing():
    game = Pisti.new(deck=arranged("2S 3S 4S 5S", "5H AH 2H 3H", "6H 7H 8H 9H"))
    before = json.dumps(game.to_json()), game.view(0)
    assert refusal(game, "6H") == Reason(
        "not_in_hand", {"card": "6H", "seat": 0}
    )  # seat 1's card, out of turn
    with pytest.raises(IllegalMove, match="6H is not in the hand of seat 0, whose turn it is"):
        game.play("6H")  # and the engine says so in English
    with pytest.raises(IllegalMove):
        game.play("KD")
    with pytest.raises(BadInput, match="unknown card code"):
        game.play("ZZ")
    assert (json.dumps(game.to_json()), game.view(0)) == before
    finish_first_legal(game)
    assert refusal(game, "AS").code == "over"


def test_bad_options_and_decks_are_refused():
    with pytest.raises(BadInput, match="players"):
        Pisti.new({"players": 5})
    with pytest.raises(BadInput, match="unknown option"):
        Pisti.new({"colour": "red"})
    with pytest.raises(BadInput, match="duplicated"):
        Pisti.new(deck=["AS"] * 52)


# ---------------------------------------------------------------- modes that build on the deal
def test_match_passes_the_lead_and_carries_scores_to_the_target():
    game = Pisti.new({"mode": "match", "target": 51}, seed=5)
    leads = [game.lead]
    while not game.is_over():
        deals = game.deal_no
        game.play(game.legal_moves()[0])
        if game.deal_no != deals:
            leads.append(game.lead)
            assert game.to_move == game.lead
    totals = [sum(deal[s].total for deal in game.deal_results) for s in range(2)]
    assert list(game.match_scores) == totals
    assert max(totals) >= 51 and game.winner == totals.index(max(totals))
    assert leads == [i % 2 for i in range(len(leads))]


def test_four_players_pool_captures_by_partnership():
    game = finish_first_legal(Pisti.new({"players": 4}, seed=8))
    assert len(game.captured) == 2 and sum(len(c) for c in game.captured) == 52
    assert len(game.result().scores) == 2
    assert game.round_no == 3
