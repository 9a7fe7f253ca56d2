"""War saves written before each seat's commit was a move of its own: their moves are
battles (``QS/10D``: seat 0's card / seat 1's), perhaps ending with seat 1's card alone
(committed, the battle not yet fought). They were made by that code (three games of
Normal at seat 0 against Hard at seat 1), with what each seat then saw and the next
ten battles those bots fought from there; they must still load to the same position
and play on as they did."""

import json
from pathlib import Path

import pytest

from cardems.bots import bot_move, make_bot
from cardems.war.rules import War

SAVES = json.loads((Path(__file__).with_name("war_saves_of_battles.json")).read_text(encoding="utf-8"))


def seen(game: War) -> dict:
    out = {"to_move": game.to_move, "over": game.over}
    for s in (0, 1):
        v = game.view(s)
        out[str(s)] = {
            "hand": list(v.hand),
            "committed": v.committed,
            "other_committed": v.other_committed,
            "counts": list(v.counts),
            "table_up": [list(t) for t in v.table_up],
            "table_down": list(v.table_down),
            "battles": [list(b.cards) for b in v.history][-3:],
            "known": len(v.known),
        }
    return out


@pytest.mark.parametrize("stored", SAVES, ids=lambda s: s["save"]["hash"])
def test_a_save_of_battles_loads_to_the_same_position_and_plays_on(stored):
    moves = stored["save"]["game"]["moves"]
    assert all("/" in m for m in moves[:-1])
    game = War.from_json(stored["save"]["game"])
    assert seen(game) == stored["then"]
    lone = "/" not in moves[-1]
    assert game.to_move == (0 if lone else 1) and game.view(0).other_committed == lone
    bots = [make_bot("war", "normal"), make_bot("war", "hard")]
    start = len(game.history)
    while len(game.history) < start + 10:
        seat = game.to_move
        game.play(bot_move(game, bots[seat], seat))
    assert [list(b.cards) for b in game.history[start:]] == stored["next"]  # the same decisions
    assert game.moves[: len(moves)] == moves and all("/" not in m for m in game.moves[len(moves) :])
    again = War.from_json(json.loads(json.dumps(game.to_json())))
    assert [again.view(s) for s in (0, 1)] == [game.view(s) for s in (0, 1)]
