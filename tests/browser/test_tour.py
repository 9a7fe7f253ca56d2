"""The first game's walkthrough: offered the first time a game opens, a few steps,
skippable, not offered again, and replayed from the game's rules page. It sits
above the felt: the game can be played while it is up."""

import pytest

pytestmark = pytest.mark.browser


def test_the_walkthrough_is_offered_once_skippable_and_replayable_from_the_rules(player):
    page = player.page
    player.open("#/war?seed=4&speed=instant")
    tour = page.locator("#tour")
    assert tour.is_visible()
    steps = []
    while tour.count():
        steps.append(page.get_attribute("#tour", "data-step"))
        page.click("#tour button[data-action=tour-next]")
    assert steps == ["goal", "hand", "help"]
    page.click(f'button[data-card="{player.playable()[0]}"]')  # the game plays on
    player.wait("ready", "over")
    page.reload()
    player.wait("ready", "over")
    assert not tour.count()

    page.click("#table-bar a.rules-link")
    player.wait("ready")
    page.click("button[data-action=tour-replay]")
    player.wait("ready", "over")
    assert page.evaluate("location.hash").startswith("#/war")
    assert tour.is_visible()
    page.click("#tour button[data-action=tour-skip]")
    assert not tour.count()
    page.evaluate("location.hash = '#/pisti?speed=instant'")  # another game: its own walkthrough
    player.wait("ready")
    assert page.get_attribute("#tour", "data-step") == "goal"
