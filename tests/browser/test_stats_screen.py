"""Statistics: every finished game is recorded (and a game left unfinished for a new
one, apart); a reload never counts a game twice, a resumed game counts once when it
ends; #/stats shows the figures; export, reset (after a confirmation) and import
restore the same figures; a corrupt file changes nothing and says what is wrong."""

import json

import pytest

pytestmark = pytest.mark.browser


def open_war(player, seed: int) -> None:
    player.page.evaluate(f"location.hash = '#/war?seed={seed}&speed=instant'")
    player.wait("ready", "over")


def finish(player) -> str:
    """Let War's "finish" play the game out; the result dialog's winner."""
    player.page.click("#table-bar button[data-action=finish]")
    player.wait("over", timeout=180_000)
    return player.page.get_attribute("dialog#result", "data-winner")


def one_battle(player) -> None:
    page = player.page
    page.click(f'button[data-card="{player.playable()[0]}"]')
    page.wait_for_function("JSON.parse(localStorage.getItem('cardems:save:war')).game.moves.length > 0")
    player.wait("ready", "over")


def open_stats(player) -> None:
    player.page.evaluate("location.hash = '#/stats'")
    player.wait("ready")


def war_figures(page) -> dict:
    """The Normal column of War's table: row name -> text."""
    return page.evaluate("""() => Object.fromEntries([...document.querySelectorAll(
        'section.stats-game[data-game=war] tbody tr')].map(tr => [tr.className, tr.querySelector('td').textContent]))""")


def all_tables(page) -> str:
    return page.evaluate(
        "[...document.querySelectorAll('section.stats-game table')].map(t => t.outerHTML).join('')"
    )


def stored(page) -> list:
    return json.loads(page.evaluate("window.cardemsStats.allJson()"))


def test_games_fill_the_statistics_once_and_export_reset_import_restore_them(player, tmp_path):
    page = player.page
    player.open("")
    winners = []
    for seed in (16, 18):  # short games (and 4, 10 below)
        open_war(player, seed)
        winners.append(finish(player))
    open_war(player, 3)
    one_battle(player)
    open_war(player, 4)  # game 3 is left unfinished: abandoned
    page.click("dialog#choice button[data-action=link-play]")  # asked first: play the linked deal
    player.wait("ready", "over")
    winners.append(finish(player))
    page.reload()  # the finished game again: not counted twice
    player.wait("over")
    open_war(player, 10)
    one_battle(player)
    page.reload()  # resumed, and counted once when it ends
    player.wait("ready", "over")
    assert player.save("war")["game"]["moves"]
    winners.append(finish(player))

    open_stats(player)
    figures = war_figures(page)
    assert figures["stats-played"] == str(len(winners)) == "4"
    assert figures["stats-won"] == str(winners.count("0"))
    assert figures["stats-drawn"] == str(winners.count("draw"))
    assert figures["stats-lost"] == str(len(winners) - winners.count("0") - winners.count("draw"))
    assert figures["stats-abandoned"] == "1"
    records = stored(page)
    assert len(records) == 5 and len({r["id"] for r in records}) == 5
    assert page.locator("figure.stats-chart svg").count() == 1  # a chart per game played, in its section
    assert page.locator("section.stats-game[data-game=war] figure.stats-chart svg").count() == 1
    assert page.locator("figure.stats-chart table").count() == 1  # the text alternative
    before = all_tables(page)

    with page.expect_download() as download:
        page.click("button[data-action=stats-export]")
    exported = tmp_path / "stats.json"
    download.value.save_as(exported)
    assert len(json.loads(exported.read_text(encoding="utf-8"))["records"]) == 5

    page.click("section.stats-game[data-game=war] button[data-action=stats-reset]")
    assert page.locator("section.stats-game[data-game=war]").count() == 1  # only asked, not done
    page.click("button[data-action=stats-reset-no]")
    assert stored(page) == records
    page.click("section.stats-game[data-game=war] button[data-action=stats-reset]")
    page.click("button[data-action=stats-reset-yes]")
    page.wait_for_function("!document.querySelector('section.stats-game[data-game=war]')")
    assert stored(page) == []

    page.set_input_files("#stats-file", str(exported))
    page.wait_for_selector("section.stats-game[data-game=war]")
    assert all_tables(page) == before
    assert stored(page) == records
    page.set_input_files("#stats-file", str(exported))  # again: nothing is added twice
    page.wait_for_function("document.getElementById('stats-status').textContent.includes('0 ')")
    assert stored(page) == records

    for bad in (
        b"{not json",
        json.dumps(
            {"format": "cardems-stats", "version": 1, "records": [{**records[0], "level": "godlike"}]}
        ).encode(),
    ):
        page.set_input_files(
            "#stats-file", files=[{"name": "bad.json", "mimeType": "application/json", "buffer": bad}]
        )
        page.wait_for_function(
            "document.getElementById('stats-status').textContent.startsWith('Nothing was imported')"
        )
        assert all_tables(page) == before
        assert stored(page) == records
    assert "godlike" in page.inner_text("#stats-status")


def test_a_database_that_cannot_be_opened_is_a_notice_and_the_game_still_plays(player):
    page = player.page
    player.open("")
    # the runtime has started (it uses IndexedDB itself); the statistics open theirs at the first game
    page.evaluate("Object.defineProperty(window, 'indexedDB', {value: undefined, configurable: true})")
    open_war(player, 9)
    finish(player)
    page.wait_for_function(
        "document.getElementById('notices').textContent.includes('Statistics cannot be saved')"
    )
    open_war(player, 13)
    one_battle(player)
    open_stats(player)
    assert page.locator(".stats-failed").is_visible()
