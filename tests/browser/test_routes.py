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


def test_each_dropped_part_of_a_link_is_named_once_and_no_notice_contradicts_another(player):
    page = player.page
    page.context.add_init_script("localStorage.setItem('cardems:tour:pisti', 'true')")
    player.open("")

    def follow(link: str) -> list[str]:
        page.evaluate("link => { location.hash = link; }", link)
        player.wait("ready", "over")
        return page.locator("#notices li").all_inner_texts()

    for link, part in (
        ("#/rules/pisti?x=1", "x=1"),
        ("#/stats?x=1", "x=1"),
        ("#/pisti?seed=5&seed=6", "seed=6"),
    ):
        notices = follow(link)
        assert len(notices) == 1 and "left out" in notices[0] and part in notices[0], (link, notices)
    assert player.save()["game"]["seed"] == 5
    page.click("button[data-card]:not([disabled]):not([aria-disabled=true])")  # an unfinished game
    page.wait_for_function("JSON.parse(localStorage.getItem('cardems:save:pisti')).game.moves.length > 0")
    player.wait("ready")
    line = player.save()["game"]["moves"]
    follow("#/")
    notices = follow("#/pisti?seed=%C2%B2")
    assert len(notices) == 2 and "seed=²" in notices[0] and "restored where you left it" in notices[1], (
        notices
    )
    assert not any("new" in n for n in notices), notices  # no "new deal" beside "restored"
    assert player.save()["game"]["seed"] == 5 and player.save()["game"]["moves"][: len(line)] == line
    for screen in ("#/rules/pisti", "#/daily/pisti"):  # "restored" stays with its game
        notices = follow(screen)
        assert not any("restored" in n for n in notices), (screen, notices)
    notices = follow("#/pişti")
    assert len(notices) == 1 and "There is no game called “pişti”" in notices[0], notices  # named decoded
    assert player.errors == [], player.errors
