"""Taking moves back on the page: several steps against the computer, a reload resumes
the position taken back to, the daily deal offers none. One page load, then links."""

from __future__ import annotations

import pytest

from cardems.pisti.rules import Pisti

pytestmark = pytest.mark.browser


def moves(player) -> list[str]:
    return player.save("pisti")["game"]["moves"]


def play_one(player) -> None:
    page = player.page
    before = len(moves(player))
    card = player.playable()[0]
    page.click(f'#felt button[data-card="{card}"]')
    page.wait_for_function(
        "n => JSON.parse(localStorage.getItem('cardems:save:pisti')).game.moves.length > n + 1"
        " && document.documentElement.dataset.cardems === 'ready'",
        arg=before,
    )


def test_undo_goes_back_several_steps_survives_a_reload_and_is_refused_in_the_daily_deal(player):
    page = player.page
    player.open("#/pisti?players=3&seed=77&speed=instant")
    undo = page.locator("button[data-action=undo]")
    assert undo.count() == 1 and undo.is_disabled()  # nothing to take back yet
    positions = []
    for _ in range(4):
        positions.append(list(moves(player)))
        play_one(player)
    assert len(moves(player)) >= positions[-1].__len__() + 3  # the two computers moved after the person
    for back in (3, 2):  # two steps back
        page.click("button[data-action=undo]")
        page.wait_for_function(
            "n => JSON.parse(localStorage.getItem('cardems:save:pisti')).game.moves.length === n"
            " && document.documentElement.dataset.cardems === 'ready'",
            arg=len(positions[back]),
        )
        assert moves(player) == positions[back]
    hand = sorted(Pisti.from_json(player.save("pisti")["game"]).view(0).hand)
    assert sorted(player.playable()) == hand or set(player.playable()) <= set(hand)
    assert player.save("pisti").get("undo") is True  # the record will say so
    page.reload()
    player.wait("ready")
    assert moves(player) == positions[2] and not page.locator("button[data-action=undo]").is_disabled()
    assert (
        sorted(
            page.eval_on_selector_all("#felt .hand button[data-card]", "els => els.map(e => e.dataset.card)")
        )
        == hand
    )
    # the game goes on from there
    play_one(player)
    assert moves(player)[: len(positions[2]) + 1][: len(positions[2])] == positions[2]

    # the daily deal: no taking back
    page.evaluate("location.hash = '#/daily/pisti?speed=instant'")
    player.wait("ready")
    card = player.playable()[0]
    page.click(f'#felt button[data-card="{card}"]')
    player.wait("ready", "over")
    assert page.locator("button[data-action=undo]").count() == 0
    # nor with take-backs turned off in the link
    page.evaluate("location.hash = '#/war?undo=off&seed=4&speed=instant'")
    player.wait("ready")
    assert page.locator("button[data-action=undo]").count() == 0
    assert player.errors == [] and player.raw_keys() == []
