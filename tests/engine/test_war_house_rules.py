"""War's house rules (docs/war.md, "House rules"): the active hand's size and the cards
burned in a war, on arranged deals with the counts worked out by hand, through the
rules and through the ``replay`` command."""

import io
import json

import pytest

from cardems.bots import bot_move, make_bot
from cardems.cli import main
from cardems.war.events import Battle, Refill, Take, Tie
from cardems.war.rules import War
from tests.engine.war_helpers import arranged, battle, kinds


def replay(*argv: str) -> dict:
    out, err = io.StringIO(), io.StringIO()
    assert main(["replay", "war", *argv], out=out, err=err, inp=io.StringIO("")) == 0, err.getvalue()
    return json.loads(out.getvalue())


def test_a_hand_of_one_is_classic_war_the_top_card_fights():
    game = War.new({"hand": 1}, deck=arranged("AS 2S", "KH 2H"))
    assert game.hands == [["AS"], ["KH"]] and [len(d) for d in game.draw] == [25, 25]
    assert game.legal_moves() == ["KH"]  # nothing to choose
    events = battle(game, "AS", "KH")
    assert kinds(events) == [Battle, Take, Refill] and events[2].drawn == (1, 1)
    assert game.hands == [["2S"], ["2H"]] and game.counts() == [27, 25]


def test_a_hand_of_five_refills_up_to_five():
    game = War.new({"hand": 5}, deck=arranged("AS 2S 3S 4S 5S 6S", "KH 2H 3H 4H 5H 6H"))
    assert game.hands == [["AS", "2S", "3S", "4S", "5S"], ["KH", "2H", "3H", "4H", "5H"]]
    battle(game, "AS", "KH")
    assert game.hands == [["2S", "3S", "4S", "5S", "6S"], ["2H", "3H", "4H", "5H", "6H"]]
    assert game.view(0).hand_sizes == (5, 5) and game.counts() == [27, 25]


def test_a_war_burning_one_card_each():
    # 7S ties 7H; each burns one card (4S, 4H), refills (5S, 5H); 5S beats 3H and takes 6
    deck = arranged("7S 2S 3S 4S 5S", "7H 2H 3H 4H 5H")
    game = War.new({"burn": 1}, deck=deck)
    events = battle(game, "7S", "7H")
    assert events[1] == Tie((1, 1), 4)
    assert [c for _, c, up in game.table if not up] == ["4S", "4H"]
    assert game.hands == [["2S", "3S", "5S"], ["2H", "3H", "5H"]] and game.counts() == [24, 24]
    events = battle(game, "5S", "3H")
    assert events[1] == Take(0, ("7S", "7H", "5S", "3H"), 6, (29, 23))
    data = replay("--deck", " ".join(deck), "--option", "burn=1", "--moves", "7S/7H 5S/3H")
    assert data["scores"] == [29, 23] and data["options"] == {"hand": 3, "burn": 1}


def test_a_war_with_a_hand_of_one_keeps_a_card_back_to_fight_with():
    # both hands are empty after the tie, so each keeps its next card back: it burns 2S / 2H
    # (one card), then 9S meets 3H and takes the six cards
    deck = arranged("7S 2S 9S", "7H 2H 3H")
    game = War.new({"hand": 1, "burn": 1}, deck=deck)
    events = battle(game, "7S", "7H")
    assert events[1] == Tie((1, 1), 4) and game.hands == [["9S"], ["3H"]]
    battle(game, "9S", "3H")
    assert game.counts() == [29, 23]
    data = replay(
        "--deck", " ".join(deck), "--option", "hand=1", "--option", "burn=1", "--moves", "7S/7H 9S/3H"
    )
    assert data["scores"] == [29, 23]


def test_the_default_is_three_in_hand_and_three_burned():
    assert War.new(seed=1).options == {"hand": 3, "burn": 3}
    game = War.new(deck=arranged("7S 2S 3S 4S 5S 6S 8S", "7H 2H 3H 4H 5H 6H 9H"))
    assert battle(game, "7S", "7H")[1] == Tie((3, 3), 8)


def test_a_save_written_before_the_options_loads_as_three_and_three():
    game = War.new(seed=8)
    for _ in range(6):
        game.play(game.legal_moves()[0])
    save = game.to_json()
    save["options"] = {}
    assert War.from_json(save).to_json() == game.to_json()


@pytest.mark.parametrize("hand", [1, 2, 5])
@pytest.mark.parametrize("burn", [1, 3])
def test_every_level_plays_every_hand_size_and_burn(hand, burn):
    # each bot chooses a card of its hand, whatever its size (a few battles each)
    for level in ("easy", "normal", "hard"):
        game = War.new({"hand": hand, "burn": burn}, seed=hand * 7 + burn)
        bots = [make_bot("war", level), make_bot("war", level)]
        while len(game.history) < 30 and not game.is_over():
            seat = game.to_move
            move = bot_move(game, bots[seat], seat)
            assert move in game.hands[seat] and len(game.hands[seat]) <= hand
            game.play(move)
