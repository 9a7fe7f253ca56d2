"""The real page in headless Chromium, played by clicking as a player would."""

from __future__ import annotations

from urllib.parse import urlparse

import pytest

from cardems.games import PLANNED, playable
from cardems.pisti.rules import Pisti
from cardems.web.i18n import Catalog

pytestmark = pytest.mark.browser


def replay(save: dict) -> Pisti:
    return Pisti.from_json(save["game"])


@pytest.mark.parametrize("player,lang,seed", [("en-US", "en", 42), ("ar-EG", "ar", 7)], indirect=["player"])
def test_a_whole_deal_played_by_clicks_scores_as_the_engine_does(player, lang, seed):
    player.open(f"#/pisti?seed={seed}&speed=instant")
    page = player.page
    assert page.evaluate("document.documentElement.lang") == lang
    assert page.evaluate("document.documentElement.dir") == ("rtl" if lang == "ar" else "ltr")
    clicked = player.play_to_the_end(pick=lambda cards: cards[-1])
    save = player.save()
    game = replay(save)
    assert game.seed == seed and game.is_over()
    assert [m for i, m in enumerate(game.moves) if game_seat(game, i) == 0] == clicked
    result = game.result()
    dialog = page.locator("dialog#result")
    assert dialog.get_attribute("open") is not None
    assert dialog.get_attribute("data-scores") == ",".join(map(str, result.scores))
    assert dialog.get_attribute("data-winner") == str(result.winner)
    totals = page.locator("dialog#result tr.row-total td").all_inner_texts()
    assert totals == [Catalog(lang).number(s) for s in result.scores]  # in the language's digits
    assert page.locator("dialog#result tr.row-total th").inner_text() == Catalog(lang).t("result.total")
    # the same seed in CPython deals the same cards the page dealt
    assert Pisti.new(seed=seed).hands[0] == replay({"game": {**save["game"], "moves": []}}).hands[0]
    origin = urlparse(player.base).netloc
    assert all(urlparse(u).netloc == origin for u in player.requests if u.startswith("http")), [
        u for u in player.requests if urlparse(u).netloc != origin
    ]
    moves = page.evaluate("performance.getEntriesByName('cardems:move').length")
    assert moves == len(clicked)
    assert page.evaluate("performance.getEntriesByName('cardems:ready').length") == 1
    assert page.evaluate("performance.getEntriesByName('cardems:ai').length") == len(game.moves) - len(
        clicked
    )
    assert player.errors == []


def game_seat(game: Pisti, index: int) -> int:
    """Who played move ``index`` of a finished 2-player classic deal (turns alternate from seat 0)."""
    return index % 2


def test_clicks_that_are_not_legal_now_are_ignored(player):
    player.open("#/pisti?seed=5&speed=normal")
    page = player.page
    first = player.playable()[0]
    page.dblclick(f'button[data-card="{first}"]')  # a double click plays one card
    assert player.state() == "busy"
    # during the computer's pause every card is disabled; a forced click changes nothing
    page.evaluate("document.querySelector('button[data-card]').disabled = false")
    page.evaluate("document.querySelector('button[data-card]').click()")
    player.wait("ready")
    save = player.save()
    assert save["game"]["moves"][0] == first and len(save["game"]["moves"]) == 2
    assert player.errors == []


def test_a_malformed_route_shows_a_notice_and_starts_a_normal_game(player):
    player.open("#/pisti?seed=banana&players=9&colour=red")
    notices = player.page.locator("#notices li").all_inner_texts()
    assert len(notices) == 1 and all(
        part in notices[0] for part in ("seed=banana", "players=9", "colour=red")
    )
    assert len(player.playable()) == 4
    save = player.save()
    assert save["game"]["options"]["players"] == 2 and isinstance(save["game"]["seed"], int)
    assert f"seed={save['game']['seed']}" in player.page.url


def test_a_reload_resumes_the_game_where_it_was(player):
    player.open("#/pisti?seed=11&speed=instant")
    page = player.page
    for _ in range(3):
        page.click("button[data-card]:not([disabled]):not([aria-disabled=true])")
        player.wait("ready")
    before = player.save()["game"]["moves"]
    hand = player.playable()
    page.reload()
    player.wait("ready")
    assert player.save()["game"]["moves"] == before and player.playable() == hand
    assert page.locator("#notices li").count() == 1


def test_a_corrupt_save_is_discarded_with_a_notice(player):
    player.open("#/pisti?seed=11&speed=instant")
    page = player.page
    page.evaluate("localStorage.setItem('cardems:save:pisti', '{not json')")
    page.reload()
    player.wait("ready")
    assert page.locator("#notices li").count() == 1 and len(player.playable()) == 4


def test_the_lobby_lists_the_four_games(player):
    player.open("")
    tiles = player.page.locator("[data-game-tile]")
    assert tiles.count() == 4
    coming = [name for name in PLANNED if name not in playable()]
    assert player.page.locator("[data-game-tile].soon").count() == len(coming)
    for name in coming:  # a coming game offers neither Play nor Options
        assert not player.page.locator(f'[data-game-tile="{name}"] .tile-options').is_visible()
    player.page.click('[data-game-tile="pisti"] a')
    player.wait("ready")
    assert len(player.playable()) == 4


OVERLAPS = """() => [...document.querySelectorAll('.game-tile.playable')].filter(t => {
    const a = t.querySelector('.tile-cta').getBoundingClientRect(), b = t.querySelector('.tile-options').getBoundingClientRect();
    return a.right > b.left && b.right > a.left && a.bottom > b.top && b.bottom > a.top;
}).map(t => t.dataset.gameTile)"""


@pytest.mark.parametrize("player", ["tr-TR"], indirect=True)
def test_play_or_resume_and_options_never_cover_each_other_on_a_tile(player):
    """Turkish has the longest labels ("Devam et", "Ayarlar"); the tiles are narrowest
    on a wide screen, four to a row, and narrowest again on a small phone."""
    player.open("#/pisti?seed=4&speed=instant")
    player.page.click("button[data-card]:not([disabled]):not([aria-disabled=true])")
    player.wait("ready")
    player.page.click("#table-bar a.back")
    player.wait("ready")
    assert (
        player.page.locator('[data-game-tile="pisti"].has-save').count() == 1
    )  # "Devam et", the wider label
    for size in (
        {"width": 1280, "height": 800},
        {"width": 900, "height": 800},
        {"width": 320, "height": 640},
    ):
        player.page.set_viewport_size(size)
        assert player.page.evaluate(OVERLAPS) == [], size


def test_switching_language_redraws_in_arabic_right_to_left(player):
    player.open("#/pisti?seed=3&speed=instant")
    page = player.page
    page.select_option("#lang", "ar")
    page.wait_for_function("document.documentElement.dir === 'rtl'")
    label = page.locator("button[data-card] .sr-only").first.text_content()
    assert label.startswith("العب")
    assert page.locator("[data-i18n='app.name']").inner_text() == "كاردمز"
    page.reload()
    player.wait("ready")
    assert page.evaluate("document.documentElement.lang") == "ar"


def test_a_failed_load_shows_a_clear_message(browser, site):
    context = browser.new_context()
    page = context.new_page()
    page.route("**/pyodide.asm.wasm", lambda route: route.abort())
    page.goto(site)
    page.wait_for_selector("#load-error:not([hidden])", timeout=60_000)
    assert "could not start" in page.locator("#load-error h2").inner_text()
    context.close()
