"""bench/pair.py: two ladder caches paired deal by deal, by row or (``--any-bot``) across bots."""

import json

import pytest

from bench.pair import pair


def write_cache(path, bot: str, per_deal: list[float], mode: str = "w") -> None:
    options = [["players", 2]]
    with open(path, mode, encoding="utf-8") as handle:
        for start in range(0, len(per_deal), 2):
            key = json.dumps(["pisti", options, bot, "sampler", "mean", 8000, start, start + 2])
            deals = per_deal[start : start + 2]
            record = {"key": key, "per_deal": deals, "outcomes": [1 if x > 0 else -1 for x in deals]}
            handle.write(json.dumps(record) + "\n")


def test_rows_of_different_bots_pair_only_with_any_bot(tmp_path):
    normal, hard = tmp_path / "normal.jsonl", tmp_path / "hard.jsonl"
    write_cache(normal, "normal", [1.0, -2.0, 3.0, 0.0])
    write_cache(hard, "hard", [2.0, 1.0, 3.0, 2.0])
    assert pair(str(normal), str(hard)) == []
    (row,) = pair(str(normal), str(hard), any_bot=True)
    assert row["row"] == "pisti 2p normal -> hard vs sampler seed 8000"
    assert pair(str(normal), str(hard), only="hard", any_bot=True) == [row]
    assert row["deals"] == 4
    assert row["b_minus_a"] == 1.5
    assert (row["a"], row["b"]) == (0.5, 2.0)


def test_only_the_shards_both_caches_hold_are_paired(tmp_path):
    short, long = tmp_path / "short.jsonl", tmp_path / "long.jsonl"
    write_cache(short, "hard", [1.0, 1.0])
    write_cache(long, "hard", [3.0, 3.0, -9.0, -9.0])
    (row,) = pair(str(short), str(long))
    assert row["deals"] == 2 and row["b_minus_a"] == 2.0


def test_any_bot_refuses_a_cache_with_one_row_played_by_two_bots(tmp_path):
    mixed, other = tmp_path / "mixed.jsonl", tmp_path / "other.jsonl"
    write_cache(mixed, "normal", [1.0, 1.0])
    write_cache(mixed, "hard", [2.0, 2.0], mode="a")
    write_cache(other, "easy", [0.0, 0.0])
    assert len(pair(str(mixed), str(other))) == 0  # by bot, nothing to guess
    with pytest.raises(SystemExit, match="normal and hard"):
        pair(str(mixed), str(other), any_bot=True)
