"""Screen links that name no game, and links with odd digits: the page starts every time."""

from __future__ import annotations

import pytest

pytestmark = pytest.mark.browser


@pytest.mark.parametrize("route,notices", [("#/rules/chess", 1), ("#/daily/" + "x" * 300, 1)])
def test_a_screen_link_to_no_game_opens_the_lobby_with_a_notice(player, route, notices):
    player.open(route)
    page = player.page
    assert page.evaluate("document.body.dataset.view") == "lobby"
    assert page.locator("[data-game-tile]").count() == 4
    assert page.locator("#notices li").count() == notices
    assert player.errors == []


@pytest.mark.parametrize("seed", ["%C2%B2", "%E2%91%A0", "9" * 5000])
def test_a_seed_of_odd_digits_starts_a_fresh_deal_with_a_notice(player, seed):
    player.open(f"#/pisti?seed={seed}&speed=instant")
    page = player.page
    assert page.evaluate("document.body.dataset.view") == "table" and len(player.playable()) == 4
    assert page.locator("#notices li").count() == 1
    assert isinstance(player.save()["game"]["seed"], int) and player.errors == []
