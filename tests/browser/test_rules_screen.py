"""#/rules/<game>: opened from a lobby tile and from a game in progress (the table
bar's Rules link), in English and Arabic; its "back" link returns to the game
exactly as it was (the same saved game, the same cards on the table)."""

import pytest

pytestmark = pytest.mark.browser

GAMES = ("pisti", "war", "pis-yedili", "abstract")
CONTROLS = ("draw", "pass", "first", "second", "suit-S", "pick")


def visible_h1(page) -> list[str]:
    return page.evaluate(
        "[...document.querySelectorAll('h1')].filter(h => h.offsetParent).map(h => h.textContent)"
    )


def one_move(player) -> None:
    """The human plays one move: a playable card, else an enabled control of the game."""
    page = player.page
    player.wait("ready")
    cards = player.playable()
    if cards:
        page.click(f'button[data-card="{cards[0]}"]')
    else:
        for action in CONTROLS:
            button = page.locator(f"#felt button[data-action='{action}']:not([disabled])")
            if button.count():
                button.first.click()
                break
        else:
            raise AssertionError("no move for the human")
    page.wait_for_function(
        "(n) => JSON.parse(localStorage.getItem(n)).game.moves.length > 0",
        arg=f"cardems:save:{page.evaluate('location.hash').split('/')[1].split('?')[0]}",
    )
    player.wait("ready", "over")


def felt_cards(page) -> list[str]:
    return page.eval_on_selector_all("#felt [data-card]", "els => els.map(e => e.dataset.card)")


@pytest.mark.parametrize(
    "player, lang, back_label",
    [("en-US", "en", "Back to the game"), ("ar", "ar", "العودة إلى اللعبة")],
    indirect=["player"],
)
def test_each_rules_page_opens_from_the_lobby_and_from_a_game_and_returns_to_it_unchanged(
    player, lang, back_label
):
    page = player.page
    player.open("")
    assert page.evaluate("document.documentElement.lang") == lang
    for game in GAMES:
        # from the lobby tile, and back to the lobby
        page.evaluate("location.hash = '#/'")
        player.wait("ready")
        page.click(f'[data-game-tile="{game}"] a.tile-rules')
        player.wait("ready")
        assert page.evaluate("location.hash") == f"#/rules/{game}"
        assert page.locator(f"article.rules-page[data-rules='{game.replace('-', '_')}']").is_visible()
        assert page.evaluate("document.querySelector('article.rules-page').lang") == lang
        assert len(visible_h1(page)) == 1
        page.click("a.rules-back")
        player.wait("ready")
        assert page.evaluate("location.hash") in ("#/", "")
        assert page.locator("#lobby").is_visible()

        # from a game in progress, and back to the same game
        page.evaluate(f"location.hash = '#/{game}?seed=11&speed=instant'")
        player.wait("ready", "over")
        one_move(player)
        table_hash = page.evaluate("location.hash")
        save = player.save(game)
        cards = felt_cards(page)
        page.click("#table-bar a.rules-link")
        player.wait("ready")
        assert page.evaluate("location.hash") == f"#/rules/{game}"
        assert len(visible_h1(page)) == 1
        assert page.locator("a.rules-back").inner_text().strip() == back_label
        page.click("a.rules-back")
        player.wait("ready", "over")
        assert page.evaluate("location.hash") == table_hash
        assert player.save(game)["game"] == save["game"]
        assert felt_cards(page) == cards
    assert not [e for e in player.errors if "cardems" in e.lower() or "Traceback" in e]
