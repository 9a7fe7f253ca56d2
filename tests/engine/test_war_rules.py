"""War's rules on arranged deals and positions (shared/rules/war.md)."""

import io
import json

import pytest

from cardems.cli import main
from cardems.errors import BadInput, Reason
from cardems.war.events import Battle, Commit, Out, Refill, Take, Tie
from cardems.war.rules import War
from tests.engine.refusals import refusal
from tests.engine.war_helpers import arranged, battle, kinds, position


def test_the_deal_gives_26_each_and_fills_active_hands_of_three_from_the_top():
    deck = arranged("2S 3S 4S 5S", "2H 3H 4H 5H")
    game = War.new(deck=deck)
    assert game.hands == [["2S", "3S", "4S"], ["2H", "3H", "4H"]]
    assert game.draw[0][0] == "5S" and game.draw[1][0] == "5H"
    assert [len(d) for d in game.draw] == [23, 23] and game.draw[0] + game.draw[1] == deck[3:26] + deck[29:]
    assert game.to_move == 1  # the computer commits first
    assert game.view(0).counts == (26, 26)


def test_seat_1_commits_first_and_its_card_stays_hidden_until_the_reveal():
    deck = arranged("2S 3S 4S", "KH QH JH")
    one, two = War.new(deck=deck), War.new(deck=deck)
    events = one.play("KH")
    two.play("JH")
    assert events == [Commit(1)]
    assert one.view(0) == two.view(0)  # nothing of the choice reaches seat 0's view
    assert one.view(0).other_committed and one.view(1).committed == "KH"
    assert one.to_move == 0 and one.legal_moves() == ["2S", "3S", "4S"]
    events = one.play("3S")
    assert events[0] == Battle(("3S", "KH"), 1, 2)


def test_ace_is_high_and_suits_do_not_count():
    game = War.new(deck=arranged("AS 2S 3S", "KH 2H 9H"))
    events = battle(game, "AS", "KH")
    assert events[0].winner == 0
    events = battle(game, "2S", "9H")
    assert events[0].winner == 1
    assert War.new(deck=arranged("2S", "AH")).play("2S/AH")[1].winner == 1


def test_a_won_battle_puts_both_cards_under_the_winners_pile_and_hands_refill():
    game = War.new(deck=arranged("AS 2S 3S 4S", "KH 2H 9H 8H"))
    events = battle(game, "AS", "KH")
    assert kinds(events) == [Battle, Take, Refill]
    assert sorted(game.draw[0][-2:]) == ["AS", "KH"] and len(game.draw[0]) == 24
    assert game.hands == [["2S", "3S", "4S"], ["2H", "9H", "8H"]]
    assert game.counts() == [27, 25]
    assert events[1].seat == 0 and events[1].count == 2


def test_won_cards_are_shuffled_by_the_games_seed():
    orders = set()
    for seed in range(16):
        game = War.new(seed=seed, deck=arranged("AS", "KH"))
        battle(game, "AS", "KH")
        again = War.new(seed=seed, deck=arranged("AS", "KH"))
        battle(again, "AS", "KH")
        assert again.draw == game.draw
        orders.add(tuple(game.draw[0][-2:]))
    assert orders == {("AS", "KH"), ("KH", "AS")}


def test_a_tie_starts_a_war_that_burns_three_each_so_the_pile_holds_eight():
    game = War.new(deck=arranged("7S 2S 3S 4S 5S 6S 8S", "7H 2H 3H 4H 5H 6H 9H"))
    events = battle(game, "7S", "7H")
    assert kinds(events) == [Battle, Tie, Refill]
    assert events[1] == Tie((3, 3), 8)
    assert len(game.table) == 8 and game.counts() == [22, 22]
    # the burned cards are the top three of each draw pile; the refill comes after them
    assert [c for s, c, up in game.table if not up] == ["4S", "5S", "6S", "4H", "5H", "6H"]
    assert game.hands == [["2S", "3S", "8S"], ["2H", "3H", "9H"]]
    view = game.view(0)
    assert view.table_up == ((0, "7S"), (1, "7H")) and view.table_down == (3, 3) and view.at_war
    events = battle(game, "2S", "9H")  # the next battle takes the whole enlarged pile
    assert isinstance(events[1], Take) and events[1].seat == 1 and events[1].count == 10
    assert set(events[1].cards) == {"7S", "7H", "2S", "9H"}  # burned cards are never shown
    assert game.counts() == [21, 31] and not game.table


def test_repeated_wars_keep_enlarging_the_pile():
    game = War.new(deck=arranged("7S 2S 3S 4S 5S 6S 8S 9C 10C JC QC", "7H 2H 3H 4H 5H 6H 8H 9D 10D JD QD"))
    battle(game, "7S", "7H")
    events = battle(game, "8S", "8H")
    assert events[1] == Tie((3, 3), 16)
    events = battle(game, "QC", "2H")
    assert events[1].count == 18 and game.counts() == [26 - 9 + 18, 26 - 9]


def test_a_war_with_short_draw_piles_burns_fewer():
    # human: two cards left in its draw pile and cards in hand: both are burned
    game = position(("5S 9S", "5H 9H KH"), ("2S 3S", "2H 3H 4H 6H"))
    events = battle(game, "5S", "5H")
    assert events[1].burned == (2, 3)
    assert game.hands[0] == ["9S"] and game.draw[0] == []
    assert game.hands[1] == ["9H", "KH", "6H"]


def test_a_side_with_an_empty_hand_keeps_its_last_card_to_fight_with():
    game = position(("5S", "5H 9H KH"), ("2S 3S 4S", "2H 3H 4H 6H"))
    events = battle(game, "5S", "5H")
    assert events[1].burned == (2, 3)  # three in the pile, one kept back
    assert game.hands[0] == ["4S"] and game.draw[0] == []
    game = position(("5S", "5H 9H KH"), ("2S", "2H 3H 4H 6H"))
    events = battle(game, "5S", "5H")
    assert events[1].burned == (0, 3) and game.hands[0] == ["2S"]


def test_running_out_in_a_war_gives_the_whole_pile_to_the_other_side():
    game = position(("5S", "5H 9H KH"), ("", "2H 3H"), table_down=6)
    events = battle(game, "5S", "5H")
    assert kinds(events) == [Battle, Take, Out]
    assert game.is_over() and game.winner == 1 and game.counts() == [0, 52]
    assert events[-1] == Out(1, "war_out", (0, 52))
    result = game.result()
    assert result.over and result.winner == 1 and result.scores == (0, 52)


def test_the_computer_running_out_in_a_war_gives_the_pile_to_the_human():
    game = position(("5S 9S", "5H"), ("2S", ""), table_down=0)
    # position() puts every unnamed card under the computer's pile: move them to the human's
    game.draw[0] += game.draw[1]
    game.draw[1] = []
    events = battle(game, "5S", "5H")
    assert game.winner == 0 and game.counts() == [52, 0] and events[-1].reason == "war_out"


def test_when_neither_side_can_continue_the_human_is_awarded_the_pile():
    game = position(("5S", "5H"), ("", ""), table_down=50)
    events = battle(game, "5S", "5H")
    assert kinds(events) == [Battle, Take, Out]
    assert game.winner == 0 and game.counts() == [52, 0] and events[-1].reason == "both_out"


def test_losing_the_last_card_ends_the_game():
    game = position(("5S", "9H KH"), ("", "2H"))
    events = battle(game, "5S", "9H")
    assert isinstance(events[-1], Out) and game.winner == 1 and game.counts() == [0, 52]
    assert game.to_move is None and game.legal_moves() == []
    assert refusal(game, "KH").code == "over"


def test_a_side_left_with_cards_only_in_its_pile_refills_and_plays_on():
    game = position(("5S", "9H KH"), ("3S", "2H"))
    battle(game, "5S", "9H")
    assert not game.is_over() and game.hands[0] == ["3S"] and game.to_move == 1


@pytest.mark.parametrize(
    "moves,reason",
    [
        (["AS"], Reason("not_in_hand", {"card": "AS", "seat": 1})),
        (["KH", "KH"], Reason("not_in_hand", {"card": "KH", "seat": 0})),
        (["2S/KH"], Reason("not_in_battle_hand", {"card": "2S", "seat": 0})),
        (["KH/KH"], Reason("not_in_battle_hand", {"card": "KH", "seat": 0})),
        (["AS/AS"], Reason("not_in_battle_hand", {"card": "AS", "seat": 1})),
        (["KH", "QS/QH"], Reason("chose_other", {"seat": 1})),
    ],
)
def test_an_illegal_move_changes_nothing(moves, reason):
    game = War.new(deck=arranged("QS JS 10S", "KH QH JH"))
    for move in moves[:-1]:
        game.play(move)
    before = (game.to_json(), game.view(0), game.view(1))
    assert refusal(game, moves[-1]) == reason
    assert (game.to_json(), game.view(0), game.view(1)) == before


@pytest.mark.parametrize("text", ["QS/JS/10S", "ZZ", "QS/", "/QS", ""])
def test_malformed_moves_are_bad_input(text):
    game = War.new(seed=1)
    with pytest.raises(BadInput):
        game.play(text)


def test_each_commit_is_a_move_a_battle_given_whole_is_one_and_saves_of_both_replay():
    game = War.new(deck=arranged("QS JS 10S 9S", "KH QH JH 9H"))
    game.play("qs/th".replace("th", "KH"))
    game.play("JH")
    assert game.moves == ["QS/KH", "JH"]
    again = War.from_json(json.loads(json.dumps(game.to_json())))
    assert again.view(1) == game.view(1) and again.to_move == 0
    game.play("JS")
    again.play("JS/JH")  # the whole battle, the commit already made: same result
    assert game.moves == ["QS/KH", "JH", "JS"] and again.moves == ["QS/KH", "JH", "JS/JH"]
    assert [again.view(s) for s in (0, 1)] == [game.view(s) for s in (0, 1)] and again.table == game.table
    for save in (game.to_json(), again.to_json()):
        assert War.from_json(json.loads(json.dumps(save))).view(0) == game.view(0)


def run_cli(*argv):
    out, err = io.StringIO(), io.StringIO()
    return main(list(argv), out=out, err=err), out.getvalue(), err.getvalue()


def test_cli_replays_battles():
    deck = " ".join(arranged("QS 7S 2S 3S 4S 5S", "10D 7H 2H 3H 4H 6H"))
    code, out, err = run_cli("replay", "war", "--deck", deck, "--seed", "4", "--moves", "QS/10D 7S/7H 3S/2H")
    data = json.loads(out)
    assert code == 0 and err == ""
    # 27/25 after the first battle; the war puts 2 + 6 more down; the human takes all 10
    assert data["scores"] == [27 - 1 - 3 - 1 + 10, 25 - 1 - 3 - 1] == [32, 20]
    assert data["over"] is False and data["to_move"] == 1 and data["winner"] is None


def test_cli_refuses_an_illegal_battle_with_its_number():
    deck = " ".join(arranged("QS", "10D"))
    code, out, err = run_cli("replay", "war", "--deck", deck, "--moves", "QS/10D QS/2D")
    assert code == 2 and out == "" and "move 2 (QS/2D)" in err and err.count("\n") == 1


def test_the_view_remembers_won_cards_and_forgets_a_won_pile_once_part_of_it_is_burned():
    # The computer wins QS+KS: a 2-card pile under its 23-card draw pile, positions 26..27.
    game = War.new(deck=arranged("QS 2C 3C 4C", "KS 5D 6D 7D"))
    battle(game, "QS", "KS")
    view = game.view(0)
    assert view.known == (("KS", 1, 26, 2), ("QS", 1, 26, 2))
    assert view.pile_in == (26, 28) and view.pile_out == (4, 4)
    # Let the pile run down to the won cards with a war that burns them.
    game = position(("5S", "5H 9H KH"), ("2S 3S 4S", "2H 3H 4H 6H"))
    game.known = {"QD": (0, 0, 3)}  # believed to be among the human's next three cards
    game.pile_out = [0, 0]
    battle(game, "5S", "5H")  # burns two of them: nobody knows which
    assert "QD" not in dict((c, s) for c, s, *_ in game.view(1).known)
