import json

import pytest

from cardems.errors import BadInput
from cardems.pisti.rules import Pisti


def saved_game():
    game = Pisti.new({"players": 3}, seed=77)
    for _ in range(7):
        game.play(game.legal_moves()[-1])
    return game


def test_save_is_plain_json_and_resumes_exactly():
    game = saved_game()
    text = json.dumps(game.to_json())
    again = Pisti.from_json(json.loads(text))
    assert again.view(1) == game.view(1) and again.moves == game.moves
    again.play(again.legal_moves()[0])
    game.play(game.legal_moves()[0])
    assert again.to_json() == game.to_json()


@pytest.mark.parametrize(
    "mutate,message",
    [
        (lambda d: d.update(format=99), "format"),
        (lambda d: d.update(game="war"), "not 'pisti'"),
        (lambda d: d.update(seed="x"), "seed"),
        (lambda d: d.update(moves="AS KS"), "moves"),
        (lambda d: d["moves"].append("AS"), "move 8"),
        (lambda d: d["moves"].insert(0, "QQ"), "move 1"),
        (lambda d: d["options"].update(players=9), "players"),
        (lambda d: d.update(deck=["AS"] * 52), "duplicated"),
    ],
)
def test_a_corrupt_save_is_refused_with_a_clear_message(mutate, message):
    data = saved_game().to_json()
    mutate(data)
    with pytest.raises(BadInput, match=message):
        Pisti.from_json(data)


def test_a_seed_written_as_digits_resumes_the_same_game():
    """The check accepts "77" as a seed, so the game is made from the number, not the text."""
    game = saved_game()
    data = game.to_json()
    data["seed"] = "77"
    again = Pisti.from_json(data)
    assert again.seed == 77 and again.view(1) == game.view(1)


def test_not_an_object():
    with pytest.raises(BadInput, match="not a JSON object"):
        Pisti.from_json([1, 2])
