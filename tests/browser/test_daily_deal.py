"""The daily deal (#/daily/<game>): the same cards for everyone on a given day, in two
fresh browser profiles; a future date or an unknown game is a notice and nothing
breaks; when it ends the share line is on the clipboard (and shown); playing it
again that day deals the same cards, marked as a replay; the daily streak shows in
the statistics."""

import json

import pytest

pytestmark = pytest.mark.browser

DAY = "2026-11-10"  # its War deal is a short game


def open_daily(player, route: str) -> None:
    player.page.evaluate(f"location.hash = {route!r}")
    player.wait("ready", "over")


def shown_cards(page) -> list[str]:
    return page.eval_on_selector_all("#felt [data-card]", "els => els.map(e => e.dataset.card)")


def test_a_days_deal_is_the_same_in_two_fresh_browser_profiles(browser, site):
    from browser.conftest import Player

    seen = []
    for _ in range(2):
        context = browser.new_context(locale="en-US", viewport={"width": 1280, "height": 800})
        try:
            player = Player(context.new_page(), site)
            player.open(f"#/daily/pisti?date={DAY}&speed=instant", state="ready")
            cards = shown_cards(player.page)
            assert len([c for c in cards if c != "back"]) >= 5  # a hand of four and the pile's top
            assert DAY in player.page.inner_text("#table-bar .table-title")
            seen.append((cards, player.save("daily:pisti")["game"]["seed"]))
        finally:
            context.close()
    assert seen[0] == seen[1]


def test_a_future_date_or_an_unknown_game_is_a_notice_and_the_lobby(player):
    page = player.page
    player.open("")
    open_daily(player, "#/daily/pisti?date=2999-01-01")
    assert "2999-01-01" in page.inner_text("#notices")
    assert page.locator("#lobby").is_visible()
    open_daily(player, "#/daily/pisti?date=yesterday")
    assert "yesterday" in page.inner_text("#notices")
    open_daily(player, "#/daily/chess")
    assert "chess" in page.inner_text("#notices")
    open_daily(player, "#/daily/war")  # today's deal still opens
    assert page.locator("#felt").is_visible()


def test_the_share_line_is_on_the_clipboard_and_a_second_game_that_day_is_a_replay(browser, site):
    from browser.conftest import Player

    context = browser.new_context(
        locale="en-US",
        viewport={"width": 1280, "height": 800},
        permissions=["clipboard-read", "clipboard-write"],
    )
    try:
        player = Player(context.new_page(), site)
        page = player.page
        player.open(f"#/daily/war?date={DAY}&speed=instant", state="ready")
        first = shown_cards(page)
        page.click("#table-bar button[data-action=finish]")
        player.wait("over", timeout=180_000)
        page.wait_for_function("document.getElementById('share-status')?.textContent")
        shown = page.get_attribute("#share-text", "data-copy")
        assert shown.startswith(f"Cardems daily · War · {DAY}")
        assert page.evaluate("navigator.clipboard.readText()") == shown
        # the emoji drawn as marks every font has (a page without an emoji font showed boxes)
        assert page.locator("#share-text .share-mark.outcome").count() == 1
        assert shown[-1] in "🏆🤝💔" and shown[-1] not in page.inner_text("#share-text .share-mark.outcome")
        winner = page.get_attribute("dialog#result", "data-winner")
        assert ("Won" if winner == "0" else "Drew" if winner == "draw" else "Lost") in shown

        # the lobby marks today's deal of a game once it was played to its end: the finished
        # save dated today, as if this were today's
        today = page.evaluate("new Date().toISOString().slice(0, 10)")
        page.evaluate(
            "d => { const s = JSON.parse(localStorage.getItem('cardems:save:daily:war'));"
            " s.daily = d; localStorage.setItem('cardems:save:daily:war', JSON.stringify(s)); }",
            today,
        )
        page.evaluate("location.hash = '#/'")
        player.wait("ready")
        assert page.get_attribute("a[data-daily=war]", "class") == "done"
        assert page.inner_text("a[data-daily=war] .daily-done") == "played today"
        assert page.locator("a[data-daily=pisti].done, a[data-daily=pisti] .daily-done").count() == 0
        open_daily(player, f"#/daily/war?date={DAY}&speed=instant")
        assert shown_cards(page) == first  # the same cards
        assert "replay" in page.inner_text("#table-bar .table-title")
        assert "replay" in page.inner_text("#notices")
        page.click("#table-bar button[data-action=finish]")
        player.wait("over", timeout=180_000)
        page.wait_for_function("document.getElementById('share-status')?.textContent")
        assert page.inner_text("#share-text").endswith("(replay)")

        records = json.loads(page.evaluate("window.cardemsStats.allJson()"))
        assert sorted((r["daily"], r["replay"], r["end"]) for r in records) == [
            (DAY, False, "finished"),
            (DAY, True, "finished"),
        ]
        page.evaluate("location.hash = '#/stats'")
        player.wait("ready")
        assert page.get_attribute(".stats-daily", "data-daily-best") == "1"
    finally:
        context.close()


def test_a_daily_save_of_another_version_or_damaged_is_reset_with_a_notice_and_the_deal_starts(player):
    """Under the same rules as every save: refused with a notice, never "restored"; the
    notice says the streak keeps what the statistics hold, and the day's deal is dealt
    again as the day's own (not a replay: the game it replaces may have been the day's)."""
    page = player.page
    page.context.add_init_script("localStorage.setItem('cardems:tour:pisti', 'true')")
    player.open("#/daily/pisti?speed=instant")
    before = len(player.save("daily:pisti")["game"]["moves"])
    page.click(f'button[data-card="{player.playable()[0]}"]')
    page.wait_for_function(
        "n => JSON.parse(localStorage.getItem('cardems:save:daily:pisti')).game.moves.length > n", arg=before
    )
    player.wait("ready")
    saved = player.save("daily:pisti")
    for value in (json.dumps({**saved, "v": 99}), "{"):
        page.evaluate("v => localStorage.setItem('cardems:save:daily:pisti', v)", value)
        page.reload()
        player.wait("ready")
        notices = " | ".join(page.locator("#notices li").all_inner_texts())
        assert "Your daily Pişti game could not be read and was removed" in notices, (value[:20], notices)
        assert "streak keeps every day your statistics already hold" in notices, notices
        assert "restored" not in notices and "replay" not in notices, notices
        assert "replay" not in page.inner_text("#table-bar .table-title")
        assert (
            page.get_attribute("body", "data-view") == "table"
            and page.locator("#felt [data-card]").count() > 0
        )
        fresh = player.save("daily:pisti")
        assert fresh is None or (
            fresh["v"] == 1 and fresh["replay"] is False and fresh["game"]["moves"] != saved["game"]["moves"]
        )
    assert player.errors == [], player.errors
