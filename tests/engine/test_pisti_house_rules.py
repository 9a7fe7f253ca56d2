"""Pişti's house rules (docs/pisti.md, "House rules"): replays of arranged deals with
scores worked out by hand, through the rules and through the ``replay`` command."""

import io
import json

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from cardems.cli import main
from cardems.pisti.events import Capture, DealScored, Sweep
from cardems.pisti.rules import Pisti, score_deal
from cardems.rng import Rng
from tests.engine.helpers import arranged, play_all

# The opening 2S 3S 4S, 5S face up; you hold 5H 6H 8C 9C, the computer 6D 7D KD QD ... JD
JACKS = arranged("2S 3S 4S 5S", "5H JH 8C 9C", "JD 7D KD QD")
FIRST = arranged("2S 3S 4S 5S", "5H 6H 8C 9C", "6D 7D KD QD", stock="QH AD 3C 4C AC 7S 8S 9S")


def replay(*argv: str) -> dict:
    out, err = io.StringIO(), io.StringIO()
    assert main(["replay", "pisti", *argv], out=out, err=err, inp=io.StringIO("")) == 0, err.getvalue()
    return json.loads(out.getvalue())


@pytest.mark.parametrize("worth", [20, 10])
def test_a_jack_pisti_is_worth_the_option(worth):
    # 5H takes the opening pile (5 cards, no pişti); JD on the empty pile takes nothing;
    # JH on the lone JD: a Jack pişti. You: 7 cards (most: 3), two Jacks (2), the pişti.
    game = Pisti.new({"jack_pisti": worth}, deck=JACKS)
    events = play_all(game, "5H JD JH")
    capture = [e for e in events if isinstance(e, Capture)][-1]
    assert (capture.pisti, capture.points) == ("jack_pisti", worth)
    assert game.result().scores == (3 + 2 + worth, 0)
    assert game.view(1).jack_pisti_points == worth
    data = replay("--deck", " ".join(JACKS), "--option", f"jack_pisti={worth}", "--moves", "5H JD JH")
    assert data["scores"] == [3 + 2 + worth, 0] and data["options"]["jack_pisti"] == worth


def test_an_ordinary_pisti_stays_10_when_a_jack_pisti_is_worth_10():
    game = Pisti.new({"jack_pisti": 10}, deck=FIRST)
    events = play_all(game, "5H 6D 6H")
    assert [e.points for e in events if isinstance(e, Capture)] == [0, 10]


@pytest.mark.parametrize("counts,points", [(True, 25), (False, 15)])
def test_no_pisti_in_the_first_round(counts, points):
    # Round 1: 5H takes the opening pile, 6H makes a pişti on the lone 6D (10, or nothing
    # with the option off); 7D 8C KD 9C QD build a pile. Round 2: QH takes it, AC on the
    # empty pile, AD makes a pişti (10 either way). You: 15 cards (3), two Aces (2).
    game = Pisti.new({"first_round_pisti": counts}, deck=FIRST)
    events = play_all(game, "5H 6D 6H 7D 8C KD 9C QD")
    assert [e.pisti for e in events if isinstance(e, Capture)] == [None, "pisti" if counts else None]
    assert game.view(0).pisti_now is True  # round 2 has begun
    events = play_all(game, "QH AC AD")
    assert [(e.pisti, e.points) for e in events if isinstance(e, Capture)] == [(None, 0), ("pisti", 10)]
    assert game.result().scores == (points, 0)
    data = replay(
        "--deck",
        " ".join(FIRST),
        "--option",
        f"first_round_pisti={str(counts).lower()}",
        "--moves",
        "5H 6D 6H 7D 8C KD 9C QD QH AC AD",
    )
    assert data["scores"] == [points, 0]


def test_the_view_says_when_a_pisti_would_not_count():
    game = Pisti.new({"first_round_pisti": False}, deck=FIRST)
    assert not game.view(0).pisti_now and not game.view(1).pisti_now
    assert Pisti.new(deck=FIRST).view(0).pisti_now


def test_the_most_cards_points_on_a_tie_by_the_option():
    tied = [["AS"] * 26, ["2S"] * 26]
    assert [b.most_cards for b in score_deal(tied, [[0, 0]] * 2)] == [0, 0]
    assert [b.most_cards for b in score_deal(tied, [[0, 0]] * 2, tie="last", last=1)] == [0, 3]
    assert [b.most_cards for b in score_deal(tied, [[0, 0]] * 2, tie="carry", last=1)] == [0, 0]
    # with three players, the last to capture gets them only if it is one of those tied
    three = [["AS"] * 20, ["2S"] * 20, ["3S"] * 12]
    assert [b.most_cards for b in score_deal(three, [[0, 0]] * 3, tie="last", last=1)] == [0, 3, 0]
    assert [b.most_cards for b in score_deal(three, [[0, 0]] * 3, tie="last", last=2)] == [0, 0, 0]
    # points carried from tied deals go with the next majority
    assert [b.most_cards for b in score_deal([["AS"] * 30, ["2S"] * 22], [[0, 0]] * 2, most_points=6)] == [
        6,
        0,
    ]


TIED_SEED = 73  # its first deal, played with each seat's first legal card, ends 26-26


def first_deal(options: dict) -> tuple[Pisti, list]:
    game = Pisti.new({"mode": "match", "target": 51, **options}, seed=TIED_SEED)
    events = []
    while game.deal_no == 1:
        events += game.play(game.legal_moves()[0])
    return game, events


def last_capture_side(events: list) -> int:
    return [e.side for e in events if isinstance(e, (Capture, Sweep))][-1]


def test_a_tied_deal_by_each_rule_and_the_carried_points_in_the_next():
    game, events = first_deal({})
    deal = game.deal_results[0]
    assert [b.cards for b in deal] == [26, 26] and [b.most_cards for b in deal] == [0, 0]
    # the cards of that deal: side 0 has 2 Aces, a Jack, 2♣, 10♦ (8); side 1 2 Aces, 3 Jacks (5)
    assert [b.total for b in deal] == [8, 5] and game.view(0).most_cards_points == 3
    last, events = first_deal({"most_cards_tie": "last"})
    taker = last_capture_side(events)
    assert [b.most_cards for b in last.deal_results[0]] == [3 if s == taker else 0 for s in (0, 1)]
    assert last.match_scores == [8 + 3 * (taker == 0), 5 + 3 * (taker == 1)]
    carry, _ = first_deal({"most_cards_tie": "carry"})
    assert carry.match_scores == [8, 5] and carry.view(1).most_cards_points == 6
    while carry.deal_no == 2:
        carry.play(carry.legal_moves()[0])
    second = carry.deal_results[1]
    counts = [b.cards for b in second]
    assert counts[0] != counts[1]  # this one has a majority: 3 + the 3 carried
    assert [b.most_cards for b in second] == [6 if c == max(counts) else 0 for c in counts]
    assert carry.view(0).most_cards_points == 3  # and nothing is carried further


def test_in_classic_a_carried_tie_gives_nobody_the_points():
    game = Pisti.new({"most_cards_tie": "carry"}, seed=TIED_SEED)
    while not game.is_over():
        game.play(game.legal_moves()[0])
    assert [b.most_cards for b in game.deal_results[0]] == [0, 0] and game.result().scores == (8, 5)


def test_old_saves_without_the_house_rules_load_with_the_seeds_rules():
    game = Pisti.new(seed=5)
    play_all(game, " ".join(game.legal_moves()[:1]))
    save = game.to_json()
    for name in ("jack_pisti", "first_round_pisti", "most_cards_tie"):
        del save["options"][name]
    again = Pisti.from_json(save)
    assert again.options == game.options and again.view(0) == game.view(0)


@settings(max_examples=25, deadline=None)
@given(st.integers(0, 2**32), st.sampled_from([2, 3, 4]))
def test_in_a_match_carried_points_are_never_lost_nor_made(seed, players):
    # Each deal puts 3 most-cards points in play: given to a majority, or carried on (those
    # of the match's last deal, if tied, are carried out of it: lost).
    game = Pisti.new(
        {"mode": "match", "target": 51, "players": players, "most_cards_tie": "carry"}, seed=seed
    )
    rng = Rng(seed)
    given_out = 0
    while not game.is_over():
        for e in game.play(rng.choice(game.legal_moves())):
            if isinstance(e, DealScored):
                given_out += sum(b.most_cards for b in e.scores)
                assert sum(1 for b in e.scores if b.most_cards) <= 1
    assert given_out + game.carried == 3 * len(game.deal_results)
