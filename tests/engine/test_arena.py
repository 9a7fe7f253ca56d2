"""The arena CLI: mirrored deals, paired interval, JSON and bad input."""

import io
import json
import sys

import pytest

from cardems import arena
from cardems.cli import main


def run(*argv):
    out, err = io.StringIO(), io.StringIO()
    return main(list(argv), out=out, err=err), out.getvalue(), err.getvalue()


def test_json_has_the_promised_keys_and_consistent_counts():
    code, out, err = run("arena", "pisti", "--bots", "normal,easy", "--deals", "30", "--seed", "1", "--json")
    data = json.loads(out)
    assert code == 0 and set(data) == {"wins", "draws", "losses", "games", "mean_diff", "ci95"}
    assert data["games"] == 60 and data["wins"] + data["draws"] + data["losses"] == 60
    low, high = data["ci95"]
    assert low <= data["mean_diff"] <= high and data["mean_diff"] > 0
    assert "30/30 deals" in err  # progress


def test_a_bot_against_itself_is_even_on_mirrored_deals():
    score = arena.run("pisti", ["easy", "easy"], 40, 3, {"players": 2})
    assert score.wins + score.draws + score.losses == 80
    # mirrored deals with identical bots: every deal's pair of results cancels out exactly
    # except for the bots' own random choices, so the interval must contain 0
    assert score.ci95[0] <= 0 <= score.ci95[1]


def test_the_same_seed_gives_the_same_figures_and_jobs_do_not_change_them():
    a = arena.run("pisti", ["normal", "easy"], 12, 9, {"players": 2})
    assert a == arena.run("pisti", ["normal", "easy"], 12, 9, {"players": 2})
    if sys.platform != "emscripten":  # no processes in Pyodide
        assert a == arena.run("pisti", ["normal", "easy"], 12, 9, {"players": 2}, jobs=2)


@pytest.mark.parametrize("players,games", [(3, 3 * 6), (4, 2 * 6)])
def test_more_players(players, games):
    score = arena.run("pisti", ["normal", "easy"], 6, 2, {"players": players})
    assert score.games == games


@pytest.mark.parametrize(
    "argv,needle",
    [
        (["--bots", "hard"], "two levels"),
        (["--bots", "hard,godly"], "unknown level"),
        (["--players", "5"], "players"),
        (["--deals", "0"], "--deals"),
        (["--seed", "x"], "seed"),
        (["--option", "target=0"], "target"),
    ],
)
def test_bad_input_exits_2(argv, needle):
    code, out, err = run("arena", "pisti", "--deals", "2", *argv)
    assert code == 2 and out == "" and needle in err and err.count("\n") == 1
