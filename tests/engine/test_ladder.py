"""The ladder: its rows, its JSON, resuming from the cache, and the mean-of-others difference."""

import io
import json
import sys

import pytest

from cardems import arena, ladder
from cardems.cli import main

ROW_KEYS = {"game", "options", "label", "bot", "opponent", "deals", "games", "wins", "draws", "losses",
            "win_rate", "par", "mean_diff", "ci95", "verdict"}


def run(*argv):
    out, err = io.StringIO(), io.StringIO()
    return main(list(argv), out=out, err=err), out.getvalue(), err.getvalue()


def test_every_game_and_seat_count_has_both_rungs():
    labels = [(r.label, r.bot, r.opponent) for r in ladder.rungs()]
    for label in ("pisti 2p", "pisti 3p", "pisti 4p", "war 2p", "pis-yedili 2p", "pis-yedili 3p",
                  "pis-yedili 4p", "abstract base 2p", "abstract suit 2p", "abstract unlimited 2p",
                  "abstract 52 2p"):
        assert (label, "normal", "easy") in labels and (label, "hard", "normal") in labels
    assert len(labels) == len(set(labels)) == 22


def test_json_rows_have_the_promised_shape(tmp_path):
    code, out, err = run("arena", "ladder", "--game", "pisti", "--deals", "2", "--seed", "5", "--json",
                         "--cache", str(tmp_path / "c.jsonl"))
    rows = json.loads(out)
    assert code == 0 and len(rows) == 6 and all(set(r) == ROW_KEYS for r in rows)
    by_label = {(r["label"], r["bot"]): r for r in rows}
    assert by_label["pisti 3p", "hard"]["par"] == pytest.approx(1 / 3, abs=1e-4)
    assert by_label["pisti 4p", "hard"]["par"] == 0.5   # partnerships: two sides
    for r in rows:
        seatings = {"pisti 2p": 2, "pisti 3p": 3, "pisti 4p": 2}[r["label"]]
        assert r["games"] == 2 * seatings == r["wins"] + r["draws"] + r["losses"]
        assert r["ci95"][0] <= r["mean_diff"] <= r["ci95"][1]
        assert r["verdict"] in {"stronger", "not shown stronger", "WEAKER"}
    assert "6/6 shards" in err


def test_the_table_has_a_line_per_row(tmp_path):
    code, out, _ = run("arena", "ladder", "--game", "war", "--deals", "2", "--quiet",
                       "--cache", str(tmp_path / "c.jsonl"))
    lines = out.splitlines()
    assert code == 0 and len(lines) == 2 + 2 and "| war 2p | hard vs normal | 2 |" in out


def test_a_stopped_ladder_resumes_from_its_cache(tmp_path, monkeypatch):
    cache = str(tmp_path / "c.jsonl")
    monkeypatch.setattr(ladder, "SHARD", 2)
    first = ladder.run(3, 7, cache=cache, games=["war"])
    with open(cache) as handle:
        lines = handle.readlines()
    assert len(lines) == 4                      # 2 rungs x 2 shards (deals 0-1, 2)
    with open(cache, "w") as handle:            # as if stopped in the middle of the last shard
        handle.writelines(lines[:3] + [lines[3][:20]])
    played = []
    real = ladder.play_shard
    monkeypatch.setattr(ladder, "play_shard", lambda task: played.append(task[2:]) or real(task))
    assert ladder.run(3, 7, cache=cache, games=["war"]) == first
    assert played == [(2, 3)]                   # only the torn shard was played again
    played.clear()
    assert ladder.run(3, 7, cache=cache, games=["war"]) == first and played == []
    assert ladder.run(3, 8, cache=cache, games=["war"]) != first   # another seed is another key


@pytest.mark.skipif(sys.platform == "emscripten", reason="no processes in Pyodide")
def test_workers_share_the_shards_and_change_nothing(tmp_path, monkeypatch):
    monkeypatch.setattr(ladder, "SHARD", 1)
    alone = ladder.run(3, 4, games=["war"], pairs=[("normal", "easy")])
    shared = ladder.run(3, 4, jobs=2, cache=str(tmp_path / "c.jsonl"), games=["war"], pairs=[("normal", "easy")])
    assert shared == alone


def test_shards_add_up_to_the_arena_run(monkeypatch):
    monkeypatch.setattr(ladder, "SHARD", 2)
    rows = ladder.run(5, 11, games=["war"])
    score = arena.run("war", ["normal", "easy"], 5, 11, {})
    assert rows[0]["mean_diff"] == score.mean_diff and rows[0]["wins"] == score.wins   # 2 sides: best = mean


@pytest.mark.parametrize("game,options", [
    ("pisti", {"players": 3}), ("pisti", {"players": 4}),
    ("pis-yedili", {"players": 3, "mode": "round"}), ("pis-yedili", {"players": 4, "mode": "round"}),
])
@pytest.mark.parametrize("level", ["easy", "normal"])
def test_equal_bots_differ_by_zero_against_the_mean_of_the_others(game, options, level):
    from cardems.games import game_class

    options = game_class(game).new(options, seed=0).options
    for seed in (1, 2, 3):
        mean_diff, outcomes = arena.play_deal((game, options, seed, [level, level], "mean"))
        assert mean_diff == pytest.approx(0.0, abs=1e-9)
        # the same game in every seating: one seat wins it (partners: the two seatings cancel)
        assert outcomes.count(1) <= 1 and (len(outcomes) > 2 or sum(outcomes) == 0)
    if options["players"] == 3:   # against the best other seat, equal play looks like a loss
        best = [arena.play_deal((game, options, s, [level, level], "best"))[0] for s in (1, 2, 3)]
        assert sum(best) < 0


def test_rows_can_be_chosen_by_seats_and_match_up(tmp_path):
    code, out, _ = run("arena", "ladder", "--game", "pisti", "--players", "3", "--pair", "hard,easy",
                       "--deals", "1", "--json", "--quiet", "--cache", "")
    rows = json.loads(out)
    assert code == 0 and [(r["label"], r["bot"], r["opponent"]) for r in rows] == [("pisti 3p", "hard", "easy")]


def test_bad_ladder_input_exits_2():
    for argv, needle in ((["--deals", "0"], "--deals"), (["--jobs", "0"], "--jobs"),
                         (["--pair", "hard"], "--pair"), (["--pair", "hard,godly"], "godly"),
                         (["--game", "chess"], "chess"), (["--seed", "x"], "seed")):
        code, out, err = run("arena", "ladder", *argv)
        assert code == 2 and out == "" and needle in err
