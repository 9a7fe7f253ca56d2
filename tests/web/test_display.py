"""The display settings: the hand's order, and their fields in the options dialog."""

from __future__ import annotations

from cardems.web.display import ORDERS, form_html, ordered

HAND = ["KD", "2S", "10H", "AS", "2D", "JC", "10S"]


def test_each_order_of_the_hand():
    assert ordered(HAND, "suit") == ["2S", "10S", "AS", "10H", "JC", "2D", "KD"]
    assert ordered(HAND, "rank") == ["2S", "2D", "10S", "10H", "JC", "KD", "AS"]
    assert ordered(HAND, "dealt") == HAND
    assert ordered(HAND, "game") == HAND and ordered(HAND, "game", own="suit") == ordered(HAND, "suit")
    assert ordered(HAND + ["X"], "suit")[-1] == "X" and ordered(HAND + ["X"], "rank")[-1] == "X"
    assert all(sorted(ordered(HAND, o)) == sorted(HAND) for o in ORDERS)
    assert ordered(["7H", "7H", "2C"], "suit") == ["7H", "7H", "2C"]  # two decks: both copies kept


def test_the_fields_show_the_current_choices_and_are_not_game_options():
    html = form_html(lambda key, **_: key, "four", "rank")
    assert html.count("data-display") == 2
    assert 'name="deck" value="four" checked' in html and 'name="order" value="rank" checked' in html
    assert 'value="two" checked' not in html and 'value="suit" checked' not in html
