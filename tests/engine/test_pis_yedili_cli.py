"""Pis Yedili on the command line: the replay contract of DESIGN.md, and the arena."""

import io
import json

from cardems import arena
from cardems.cli import main
from cardems.pis_yedili.rules import PisYedili
from tests.engine.pis_yedili_helpers import arranged


def run(*argv):
    out, err = io.StringIO(), io.StringIO()
    code = main(list(argv), out=out, err=err)
    return code, out.getvalue(), err.getvalue()


DECK = arranged("2C AC AD AH AS 9S 7H", "3C 9H KD QD 8D 6D 4D", stock="2S 3S 4S 5S 6S 8S 10S")


def test_replay_of_an_arranged_round_going_out_with_a_seven():
    moves = "2C 3C AC AD AH AS 9S 9H 7H"
    code, out, err = run(
        "replay", "pis-yedili", "--deck", " ".join(DECK), "--moves", moves, "--option", "target=151"
    )
    assert code == 0 and err == ""
    data = json.loads(out)
    # seat 1 holds KD QD 8D 6D 4D and the four cards the Aces gave it: 52 points, tripled
    assert data["scores"] == [0, 156] and data["over"] is True and data["winner"] == 0
    assert data["options"] == {
        "players": 2,
        "ten_rule": "bounce",
        "target": 151,
        "mode": "match",
        "eight_skips": False,
        "ace": "again",
        "seven_stack": "add",  # the house
        "jack_on_jack": True,
        "jack_doubles": True,
        "jokers": False,
    }  # rules' defaults
    assert data["to_move"] is None


def test_replay_mid_round_reports_whose_turn_it_is():
    code, out, _ = run("replay", "pis-yedili", "--deck", " ".join(DECK), "--moves", "2C 3C AC")
    data = json.loads(out)
    assert data["to_move"] == 0 and data["over"] is False and data["captured"] == [5, 7]


def test_replay_of_a_seeded_match_matches_the_engine():
    game = PisYedili.new({"players": 3}, seed=12)
    while not game.is_over():
        game.play(game.legal_moves()[-1])
    code, out, _ = run(
        "replay", "pis-yedili", "--seed", "12", "--option", "players=3", "--moves", " ".join(game.moves)
    )
    data = json.loads(out)
    assert data["scores"] == list(game.result().scores) and data["over"]


def test_an_illegal_move_exits_2_naming_it():
    code, out, err = run("replay", "pis-yedili", "--deck", " ".join(DECK), "--moves", "2C 3C JD")
    assert code == 2 and out == "" and "move 3 (JD)" in err and err.count("\n") == 1
    code, out, err = run("replay", "pis-yedili", "--deck", " ".join(DECK), "--moves", "2C pass")
    assert code == 2 and "move 2 (pass)" in err and "opening" in err


def test_the_arena_compares_penalties_so_that_larger_is_better():
    score = arena.run(
        "pis-yedili",
        ["normal", "easy"],
        10,
        4,
        {"players": 2, "ten_rule": "bounce", "target": 101, "mode": "round"},
    )
    assert score.games == 20 and score.mean_diff > 0 and score.wins > score.losses
