"""The replay contract of DESIGN.md, and terminal play."""

import io
import json
import subprocess
import sys

import pytest

from cardems.cards import standard_deck
from cardems.cli import main
from cardems.pisti.rules import Pisti
from tests.engine.helpers import arranged


def run(*argv, stdin=""):
    out, err = io.StringIO(), io.StringIO()
    code = main(list(argv), out=out, err=err, inp=io.StringIO(stdin))
    return code, out.getvalue(), err.getvalue()


def test_replay_agrees_with_the_rules_on_an_arranged_deal():
    deck = arranged("2S 3S 4S 5S", "5H AH 2H 3H", "AC 7H 8H 9H")
    code, out, err = run("replay", "pisti", "--deck", " ".join(deck), "--moves", "5H AC AH")
    assert code == 0 and err == ""
    data = json.loads(out)
    assert data["game"] == "pisti" and data["over"] is False and data["to_move"] == 1
    assert data["captured"] == [7, 0]  # the opening pile + 5H, then the pişti pair
    assert data["scores"][0] >= 10 + 1 + 1  # a pişti, the AH and AC
    assert data["winner"] is None
    assert data["options"] == {
        "mode": "classic",
        "players": 2,
        "target": 151,
        "last_card_pisti": True,
        "jack_pisti": 20,
        "first_round_pisti": True,
        "most_cards_tie": "nobody",
    }


def test_replay_of_a_whole_deal_matches_the_engine():
    game = Pisti.new(seed=31)
    while not game.is_over():
        game.play(game.legal_moves()[-1])
    code, out, _ = run("replay", "pisti", "--seed", "31", "--moves", " ".join(game.moves))
    data = json.loads(out)
    result = game.result()
    assert code == 0 and data["over"] is True and data["to_move"] is None
    assert data["scores"] == list(result.scores) and data["captured"] == list(result.captured)
    assert data["winner"] == result.winner


def test_replay_options_and_level():
    code, out, _ = run(
        "replay",
        "pisti",
        "--seed",
        "3",
        "--option",
        "players=4",
        "--option",
        "level=hard",
        "--option",
        "last_card_pisti=false",
    )
    data = json.loads(out)
    assert code == 0 and data["options"]["players"] == 4 and len(data["scores"]) == 2


@pytest.mark.parametrize(
    "argv,needle",
    [
        (["replay", "pisti", "--seed", "1", "--moves", "AS KS"], "move 1 (AS)"),
        (["replay", "pisti", "--deck", "AS KS"], "2 cards"),
        (["replay", "pisti", "--deck", " ".join(["AS"] * 52)], "duplicated"),
        (["replay", "pisti", "--deck", "ZZ"], "unknown card code"),
        (["replay", "pisti", "--seed", "1", "--option", "players=5"], "players"),
        (["replay", "pisti", "--seed", "1", "--option", "level=godlike"], "level"),
        (["replay", "pisti", "--seed", "-4"], "seed"),
        (["replay", "pisti"], "--deck"),
        (["replay", "chess", "--seed", "1"], "chess"),
        (["replay", "war", "--seed", "1", "--moves", "2S/3S/4S"], "move 1"),
    ],
)
def test_bad_input_exits_2_with_one_line_on_stderr_and_nothing_on_stdout(argv, needle):
    code, out, err = run(*argv)
    assert code == 2 and out == ""
    assert err.count("\n") == 1 and needle in err


def test_terminal_play_against_the_computer():
    game = Pisti.new(seed=12)
    first = game.hands[0][0]
    code, out, _ = run("play", "pisti", "--seed", "12", "--level", "easy", stdin=f"ZZ\n{first}\nquit\n")
    assert code == 0
    assert "Not legal" in out and "You played" in out and "Bye" in out


def test_terminal_play_to_the_end():
    # Offer every card in turn: those not in hand are refused, the others played.
    answers = "\n".join(standard_deck() * 30)
    code, out, _ = run("play", "pisti", "--seed", "12", stdin=answers)
    assert code == 0 and ("You win" in out or "computer wins" in out or "Draw" in out)


@pytest.mark.skipif(sys.platform == "emscripten", reason="no subprocesses in Pyodide")
def test_module_entry_point():
    proc = subprocess.run(
        [sys.executable, "-m", "cardems", "replay", "pisti", "--seed", "2"], capture_output=True, text=True
    )
    assert proc.returncode == 0 and json.loads(proc.stdout)["to_move"] == 0
