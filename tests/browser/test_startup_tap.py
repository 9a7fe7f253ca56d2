"""A tap on a game while the runtime is still starting is not lost: it is acknowledged at
once (the table's frame, its indicator turning) and the page opens that game as soon as
Python is up, without a second tap (issues 26 and 27)."""

import pytest

pytestmark = pytest.mark.browser

TILE = "[data-game-tile='war'] > a"


def test_a_game_tapped_during_start_up_opens_once_the_runtime_is_up(player):
    page = player.page
    held, released = [], []

    def hold(route):  # the first screen's Python waits until the tap is made
        (route.continue_() if released else held.append(route))

    page.route("**/first-screen.bundle", hold)
    page.goto(player.base, wait_until="commit")
    page.click(TILE)
    assert page.evaluate("document.documentElement.dataset.cardems") == "loading"  # Python is not up yet
    frame = page.locator("#table-frame")
    assert frame.is_visible() and not page.locator("[data-game-tile='war']").is_visible()  # seen at once
    assert page.evaluate("document.querySelector('#table-frame #loading') !== null")  # where the eye is
    assert page.evaluate("document.querySelector('.frame-spinner').getAnimations()[0].playState") == "running"
    while not held:
        page.wait_for_timeout(50)
    released.append(True)
    for route in held:
        route.continue_()
    player.wait("ready", timeout=90_000)
    assert page.evaluate("location.hash").startswith("#/war?")  # the game, its deal seeded
    assert page.locator("#table").is_visible() and not frame.is_visible()
    assert player.playable(), "War's table is there, waiting for the player's card"
    assert player.errors == []
