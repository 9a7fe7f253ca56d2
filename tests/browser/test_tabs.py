"""One game, one tab: two pages of one browser profile on the same game. The second
is told, "play here" hands the game over with its latest moves, the first stops, and
no move is lost either way; without Web Locks the storage event stops the tab whose
save is no longer the newest, and its revision keeps it from writing over it."""

from __future__ import annotations

import pytest

from tests.browser.conftest import Player

PLAYABLE = "button[data-card]:not([disabled]):not([aria-disabled=true])"


@pytest.fixture()
def two(browser, site):
    context = browser.new_context(locale="en-US", viewport={"width": 1280, "height": 800})
    context.add_init_script("localStorage.setItem('cardems:tour:pisti', 'true')")
    yield context, Player(context.new_page(), site), Player(context.new_page(), site)
    context.close()


def moves(player: Player) -> list[str]:
    return player.save()["game"]["moves"]


def play(player: Player, card: str | None = None) -> str:
    card = card or player.playable()[0]
    before = len(moves(player))
    player.page.click(f'button[data-card="{card}"]')
    player.page.wait_for_function(
        "n => JSON.parse(localStorage.getItem('cardems:save:pisti')).game.moves.length > n + 1", arg=before
    )
    player.wait("ready")
    return card


def told(player: Player) -> str:
    player.page.wait_for_selector("dialog#elsewhere[open]")
    return player.page.inner_text("dialog#elsewhere")


def test_the_second_tab_is_told_and_play_here_hands_the_game_over(two):
    _, a, b = two
    a.open("#/pisti?seed=9090&speed=instant")
    play(a)
    b.page.goto(b.base + "#/pisti")  # resuming the same game in a second tab
    assert "open in another tab" in told(b)
    assert b.page.locator("#felt [data-card]").count() == 0  # nothing of the game under the question
    play(a)
    play(a)  # A went on meanwhile: three moves of A's, and the computer's
    line = moves(a)
    b.page.click("dialog#elsewhere [data-action=tab-here]")
    b.wait("ready")
    assert moves(b) == line  # B goes on from A's latest move
    assert "in another tab" in told(a)  # A is told it stopped
    a.page.click(f"#felt {PLAYABLE}", force=True, timeout=2000, trial=False) if a.playable() else None
    assert moves(a) == line  # a click under the question plays nothing there
    card = play(b)
    assert moves(b)[len(line)] == card
    a.page.click("dialog#elsewhere [data-action=tab-here]")  # and back again: B stops, nothing lost
    a.wait("ready")
    assert moves(a) == moves(b) and "in another tab" in told(b)
    a.page.reload()
    a.wait("ready")
    assert moves(a)[: len(line) + 1] == line + [card]
    assert not a.errors and not b.errors, (a.errors, b.errors)


def test_a_link_opened_in_another_tab_waits_for_the_player(two):
    _, a, b = two
    a.open("#/pisti?seed=77&speed=instant")
    play(a)
    b.page.goto(b.base + "#/pisti?seed=78&speed=instant")  # another deal of the same game
    assert "open in another tab" in told(b)
    b.page.click("dialog#elsewhere [data-action=tab-lobby]")
    b.wait("ready")
    assert b.page.evaluate("location.hash") == "#/" and b.page.get_attribute("body", "data-view") == "lobby"
    line = moves(a)
    play(a)  # A plays on, untouched by B
    assert moves(a)[: len(line)] == line and a.page.locator("dialog#elsewhere[open]").count() == 0
    assert not a.errors and not b.errors, (a.errors, b.errors)


def test_without_web_locks_the_tab_behind_stops_and_writes_nothing(browser, site):
    context = browser.new_context(locale="en-US", viewport={"width": 1280, "height": 800})
    context.add_init_script(
        "localStorage.setItem('cardems:tour:pisti', 'true');"
        "Object.defineProperty(Navigator.prototype, 'locks', {get: () => undefined})"
    )
    try:
        a, b = Player(context.new_page(), site), Player(context.new_page(), site)
        a.open("#/pisti?seed=4242&speed=instant")
        play(a)
        b.open("#/pisti")  # both may hold it: no locks to tell them apart
        assert moves(b) == moves(a)
        assert "in another tab" in told(a)  # B's save reached A by the storage event: A stops
        line = moves(b)
        play(b)
        assert moves(b)[: len(line)] == line and len(moves(b)) > len(line)
        a.page.click("dialog#elsewhere [data-action=tab-here]")
        a.wait("ready")
        assert moves(a) == moves(b)  # A goes on from B's latest move, nothing lost
        assert not a.errors and not b.errors, (a.errors, b.errors)
    finally:
        context.close()
