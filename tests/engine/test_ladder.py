"""The ladder: its rows, its JSON, resuming from the cache, and the mean-of-others difference."""

import io
import json
import sys

import pytest

from cardems import arena, ladder
from cardems.cli import main

ROW_KEYS = {
    "game",
    "options",
    "label",
    "bot",
    "opponent",
    "deals",
    "games",
    "wins",
    "draws",
    "losses",
    "win_rate",
    "par",
    "mean_diff",
    "ci95",
    "verdict",
}


def run(*argv):
    out, err = io.StringIO(), io.StringIO()
    return main(list(argv), out=out, err=err), out.getvalue(), err.getvalue()


def test_every_game_and_seat_count_has_both_rungs():
    labels = [(r.label, r.bot, r.opponent) for r in ladder.rungs()]
    for label in (
        "pisti 2p",
        "pisti 3p",
        "pisti 4p",
        "war 2p",
        "pis-yedili 2p",
        "pis-yedili 3p",
        "pis-yedili 4p",
        "abstract base 2p",
        "abstract suit 2p",
        "abstract unlimited 2p",
        "abstract 52 2p",
    ):
        assert (label, "normal", "easy") in labels and (label, "hard", "normal") in labels
    assert len(labels) == len(set(labels)) == 22


def test_json_rows_have_the_promised_shape(tmp_path):
    code, out, err = run(
        "arena",
        "ladder",
        "--game",
        "pisti",
        "--deals",
        "2",
        "--seed",
        "5",
        "--json",
        "--cache",
        str(tmp_path / "c.jsonl"),
    )
    rows = json.loads(out)
    assert code == 0 and len(rows) == 6 and all(set(r) == ROW_KEYS for r in rows)
    by_label = {(r["label"], r["bot"]): r for r in rows}
    assert by_label["pisti 3p", "hard"]["par"] == pytest.approx(1 / 3, abs=1e-4)
    assert by_label["pisti 4p", "hard"]["par"] == 0.5  # partnerships: two sides
    for r in rows:
        seatings = {"pisti 2p": 2, "pisti 3p": 3, "pisti 4p": 2}[r["label"]]
        assert r["games"] == 2 * seatings == r["wins"] + r["draws"] + r["losses"]
        assert r["ci95"][0] <= r["mean_diff"] <= r["ci95"][1]
        assert r["verdict"] in {"stronger", "not shown stronger", "WEAKER"}
    assert "6/6 shards" in err


def test_the_table_has_a_line_per_row(tmp_path):
    code, out, _ = run(
        "arena", "ladder", "--game", "war", "--deals", "2", "--quiet", "--cache", str(tmp_path / "c.jsonl")
    )
    lines = out.splitlines()
    assert code == 0 and len(lines) == 2 + 2 and "| war 2p | hard vs normal | 2 |" in out


def test_a_stopped_ladder_resumes_from_its_cache(tmp_path, monkeypatch):
    cache = str(tmp_path / "c.jsonl")
    monkeypatch.setattr(ladder, "SHARD", 2)
    first = ladder.run(3, 7, cache=cache, games=["war"])
    with open(cache) as handle:
        lines = handle.readlines()
    assert len(lines) == 4  # 2 rungs x 2 shards (deals 0-1, 2)
    with open(cache, "w") as handle:  # as if stopped in the middle of the last shard
        handle.writelines(lines[:3] + [lines[3][:20]])
    played = []
    real = ladder.play_shard
    monkeypatch.setattr(ladder, "play_shard", lambda task: played.append(task[2:]) or real(task))
    assert ladder.run(3, 7, cache=cache, games=["war"]) == first
    assert played == [(2, 3)]  # only the torn shard was played again
    played.clear()
    assert ladder.run(3, 7, cache=cache, games=["war"]) == first and played == []
    assert ladder.run(3, 8, cache=cache, games=["war"]) != first  # another seed is another key


@pytest.mark.skipif(sys.platform == "emscripten", reason="no processes in Pyodide")
def test_workers_share_the_shards_and_change_nothing(tmp_path, monkeypatch):
    monkeypatch.setattr(ladder, "SHARD", 1)
    alone = ladder.run(3, 4, games=["war"], pairs=[("normal", "easy")])
    shared = ladder.run(
        3, 4, jobs=2, cache=str(tmp_path / "c.jsonl"), games=["war"], pairs=[("normal", "easy")]
    )
    assert shared == alone


def test_shards_add_up_to_the_arena_run(monkeypatch):
    monkeypatch.setattr(ladder, "SHARD", 2)
    rows = ladder.run(5, 11, games=["war"])
    score = arena.run("war", ["normal", "easy"], 5, 11, {})
    assert rows[0]["mean_diff"] == score.mean_diff and rows[0]["wins"] == score.wins  # 2 sides: best = mean


@pytest.mark.parametrize(
    "game,options",
    [
        ("pisti", {"players": 3}),
        ("pisti", {"players": 4}),
        ("pis-yedili", {"players": 3, "mode": "round"}),
        ("pis-yedili", {"players": 4, "mode": "round"}),
    ],
)
@pytest.mark.parametrize("level", ["easy", "normal"])
def test_equal_bots_differ_by_zero_against_the_mean_of_the_others(game, options, level):
    from cardems.games import game_class

    options = game_class(game).new(options, seed=0).options
    for seed in (1, 2, 3):
        mean_diff, outcomes = arena.play_deal((game, options, seed, [level, level], "mean"))
        assert mean_diff == pytest.approx(0.0, abs=1e-9)
        # the same game in every seating: one seat wins it (partners: the two seatings cancel)
        assert outcomes.count(1) <= 1 and (len(outcomes) > 2 or sum(outcomes) == 0)
    if options["players"] == 3:  # against the best other seat, equal play looks like a loss
        best = [arena.play_deal((game, options, s, [level, level], "best"))[0] for s in (1, 2, 3)]
        assert sum(best) < 0


def test_rows_can_be_chosen_by_seats_and_match_up(tmp_path):
    code, out, _ = run(
        "arena",
        "ladder",
        "--game",
        "pisti",
        "--players",
        "3",
        "--pair",
        "hard,easy",
        "--deals",
        "1",
        "--json",
        "--quiet",
        "--cache",
        "",
    )
    rows = json.loads(out)
    assert code == 0 and [(r["label"], r["bot"], r["opponent"]) for r in rows] == [
        ("pisti 3p", "hard", "easy")
    ]


def test_bad_ladder_input_exits_2():
    for argv, needle in (
        (["--deals", "0"], "--deals"),
        (["--jobs", "0"], "--jobs"),
        (["--pair", "hard"], "--pair"),
        (["--pair", "hard,godly"], "godly"),
        (["--game", "chess"], "chess"),
        (["--seed", "x"], "seed"),
    ):
        code, out, err = run("arena", "ladder", *argv)
        assert code == 2 and out == "" and needle in err


def _records(path):
    return {r["key"]: (r["per_deal"], r["outcomes"]) for r in ladder.load_cache(str(path)).values()}


@pytest.mark.skipif(sys.platform == "emscripten", reason="no Dask in Pyodide")
def test_a_dask_cluster_plays_the_same_shards_as_the_process_pool(tmp_path, monkeypatch):
    from distributed import LocalCluster

    monkeypatch.setattr(ladder, "SHARD", 1)
    pool = ladder.run(3, 9, jobs=2, cache=str(tmp_path / "pool.jsonl"), games=["war"])
    with LocalCluster(n_workers=2, threads_per_worker=1, processes=True, dashboard_address=None) as cluster:
        dask = ladder.run(
            3, 9, cache=str(tmp_path / "dask.jsonl"), games=["war"], scheduler=cluster.scheduler_address
        )
        assert _records(tmp_path / "dask.jsonl") == _records(tmp_path / "pool.jsonl")  # deal for deal
        assert len(_records(tmp_path / "dask.jsonl")) == 6
        played = []
        monkeypatch.setattr(
            ladder, "_play_on_dask", lambda tasks, scheduler: played.extend(tasks) or iter(())
        )
        again = ladder.run(
            3, 9, cache=str(tmp_path / "dask.jsonl"), games=["war"], scheduler=cluster.scheduler_address
        )
    assert dask == pool == again and played == []  # the cache is the same cache: nothing played again


def test_an_unreachable_scheduler_is_one_line_of_bad_input(monkeypatch):
    monkeypatch.setattr(ladder, "CONNECT_TIMEOUT", "1s")
    code, out, err = run(
        "arena", "ladder", "--game", "war", "--deals", "1", "--cache", "", "--scheduler", "tcp://127.0.0.1:9"
    )
    # Pyodide has no Dask: there the missing package is the one line instead
    needle = "needs Dask distributed" if sys.platform == "emscripten" else "no Dask scheduler at"
    assert code == 2 and out == "" and err.count("\n") == 1 and needle in err


def test_the_panel_pairs_hard_and_normal_deal_by_deal(monkeypatch):
    from cardems import panel

    fake = {"hard": [3.0, -1.0, 4.0], "normal": [1.0, 1.0, 1.0]}

    def collect(rungs, deals, *rest):
        return {r: ([x + (r.opponent == "greedy") for x in fake[r.bot]], [1, -1] * deals) for r in rungs}

    monkeypatch.setattr(ladder, "collect", collect)
    result = panel.run(3, 1, games=["pisti"], players=[2])
    assert [(r["bot"], r["opponent"]) for r in result["rows"]] == panel.pairs()
    gaps = {g["opponent"]: g for g in result["gaps"]}
    assert set(gaps) == set(panel.MEMBERS)
    assert gaps["greedy"]["mean_diff"] == pytest.approx(1.0)  # (2 - 2 + 3) / 3
    assert gaps["normal"]["mean_diff"] == pytest.approx(2.0)  # against Normal: Hard's own row
    low, high = gaps["greedy"]["ci95"]
    assert low < 1.0 < high
    text = panel.table(result)
    assert "| pisti 2p | hard vs sampler | 3 |" in text and "| pisti 2p | greedy | 3 | +1.00 |" in text


@pytest.mark.skipif(sys.platform == "emscripten", reason="a measuring tool: CPython only (saves CI time)")
def test_the_panel_plays_its_members_on_the_ladders_shards(tmp_path, monkeypatch):
    from cardems import panel

    monkeypatch.setattr(panel, "MEMBERS", ("easy", "greedy"))
    code, out, err = run(
        "arena",
        "panel",
        "--game",
        "pis-yedili",
        "--players",
        "2",
        "--deals",
        "1",
        "--json",
        "--quiet",
        "--cache",
        str(tmp_path / "c.jsonl"),
    )
    result = json.loads(out)
    assert code == 0 and len(result["rows"]) == 4 and len(result["gaps"]) == 2
    rows = {(r["bot"], r["opponent"]): r for r in result["rows"]}
    gap = {g["opponent"]: g["mean_diff"] for g in result["gaps"]}
    assert gap["greedy"] == pytest.approx(
        rows["hard", "greedy"]["mean_diff"] - rows["normal", "greedy"]["mean_diff"]
    )
    again = ladder.run(
        1, 1, cache=str(tmp_path / "c.jsonl"), games=["pis-yedili"], players=[2], pairs=[("hard", "greedy")]
    )  # the ladder reads the panel's shards
    assert again[0]["mean_diff"] == rows["hard", "greedy"]["mean_diff"]


def test_the_option_sets_of_the_ladder_are_the_defaults_each_house_rule_and_all_at_once():
    from cardems.ladder import option_sets, rungs

    assert option_sets("pis-yedili") == [
        {},
        {"eight_skips": True},
        {"ace": "draw"},
        {"seven_stack": "double"},
        {"jack_on_jack": False},
        {"jack_doubles": False},
        {"jokers": True},
        {
            "eight_skips": True,
            "ace": "draw",
            "seven_stack": "double",
            "jack_on_jack": False,
            "jack_doubles": False,
            "jokers": True,
        },
    ]
    assert option_sets("abstract") == [{}]
    house = rungs(["pisti"], [2], [("hard", "normal")], house=True)
    assert [r.label for r in house] == [
        "pisti 2p",
        "pisti 2p jack_pisti=10",
        "pisti 2p first_round_pisti=false",
        "pisti 2p most_cards_tie=last",
        "pisti 2p most_cards_tie=carry",
        "pisti 2p first_round_pisti=false jack_pisti=10 most_cards_tie=last",
    ]
    given = rungs(None, [2], [("hard", "normal")], option={"jokers": "true"})
    assert [r.label for r in given] == ["pis-yedili 2p jokers=true"]
    assert given[0].parsed_options()["jokers"] is True


def test_the_ladder_command_takes_an_option_set_and_refuses_a_bad_one():
    import io

    from cardems.cli import main

    out, err = io.StringIO(), io.StringIO()
    argv = ["arena", "ladder", "--option", "burn=1", "--deals", "2", "--cache", "", "--quiet"]
    assert main(argv, out=out, err=err) == 0
    assert [line.split("|")[1].strip() for line in out.getvalue().splitlines()[2:]] == ["war 2p burn=1"] * 2
    for bad, words in (("burn=2", "not allowed"), ("nope=1", "no game of the ladder")):
        out, err = io.StringIO(), io.StringIO()
        assert main(["arena", "ladder", "--option", bad, "--cache", ""], out=out, err=err) == 2
        assert words in err.getvalue() and out.getvalue() == ""


def test_each_games_house_rules_name_its_options_with_a_value_other_than_the_default():
    from cardems.games import house_rules, options_spec, playable

    assert set(house_rules("pis-yedili")) >= {"eight_skips", "jokers"} and house_rules("abstract") == {}
    for game in playable():
        spec = {o.name: o for o in options_spec(game)}
        for name, value in house_rules(game).items():
            assert value in spec[name].values and value != spec[name].default, (game, name)
