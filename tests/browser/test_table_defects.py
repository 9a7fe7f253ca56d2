"""Defects of issue 27 that a page can show: every physical card has an element id of its
own (two-deck Pis Yedili's twins too), unplayable cards are dimmed, the opening round offers
no Draw that cannot be used, the player's own lines read right, a game in progress is not
thrown away without asking, the log follows the language and survives a reload."""

from __future__ import annotations

import re

import pytest

from cardems.pis_yedili.rules import PisYedili

pytestmark = pytest.mark.browser

REPRO = "#/pis-yedili?seed=11&players=3&mode=match&speed=instant"
REPEATED_IDS = """() => {
  const seen = new Map();
  for (const node of document.querySelectorAll('[id]')) seen.set(node.id, (seen.get(node.id) || 0) + 1);
  return [...seen].filter(([, n]) => n > 1).map(([id]) => id);
}"""


def skip_tour(page) -> None:
    if page.locator("#tour").count():
        page.click("#tour button[data-action=tour-skip]")


def moves(player, game: str = "pis-yedili") -> int:
    return len(player.save(game)["game"]["moves"])


def human(player, selector: str, game: str = "pis-yedili") -> None:
    """Click ``selector`` on the human's turn and wait for the computers to hand the turn back."""
    page = player.page
    player.wait("ready")
    before = moves(player, game)
    page.click(selector)
    page.wait_for_function(
        "a => JSON.parse(localStorage.getItem(a[0])).game.moves.length > a[1]",
        arg=[f"cardems:save:{game}", before],
    )
    player.wait("ready", "over")


def hand(page) -> list[str]:
    return page.eval_on_selector_all(
        ".seat-bottom .hand button[data-card]", "els => els.map(e => e.dataset.card)"
    )


def test_two_deck_pis_yedili_shows_every_card_dims_the_unplayable_and_opens_without_a_useless_draw(player):
    page = player.page
    player.open(REPRO)
    skip_tour(page)
    # the opening round: a club to open with, so no Draw (and no Pass) is offered, nor told
    assert page.locator("#felt button[data-action=draw], #felt button[data-action=pass]").count() == 0
    assert "draw" not in page.inner_text("#status").lower()
    assert page.evaluate(REPEATED_IDS) == []
    # the person as the subject: the catalog's own form for them
    assert "Round 1: you open" in page.inner_text("#log")
    # an unplayable card is dimmed, a playable one is not
    filters = page.evaluate("""() => {
      const of = sel => getComputedStyle(document.querySelector(sel)).filter;
      return [of('.seat-bottom .hand button[aria-disabled=true]'),
              of('.seat-bottom .hand button[data-card]:not([aria-disabled])')];
    }""")
    assert "brightness(0.72)" in filters[0] and "brightness(0.72)" not in filters[1]

    for card in ("3C", "5C", "7S"):
        human(player, f'.seat-bottom button[data-card="{card}"]')
        assert page.evaluate(REPEATED_IDS) == []
    human(player, "#felt button[data-action=draw]")
    game = PisYedili.from_json(player.save("pis-yedili")["game"])
    view = game.view(0)
    assert sorted(hand(page)) == sorted(view.hand)
    assert hand(page).count("2S") == view.hand.count("2S") >= 1
    shown = page.eval_on_selector_all(
        ".seat-bottom .hand button[data-card]",
        "els => els.filter(e => { const r = e.getBoundingClientRect(); return r.width > 0 && r.height > 0"
        " && getComputedStyle(e).visibility !== 'hidden'; }).length",
    )
    assert shown == len(view.hand) == int(page.get_attribute("#seat-0 [data-hand-count]", "data-hand-count"))
    assert page.evaluate(REPEATED_IDS) == []

    # the log is worded again in another language, and a reload keeps it
    log = "() => [...document.querySelectorAll('#log li')].map(li => [li.id, li.textContent])"
    english = page.evaluate(log)
    assert len(english) == 3
    page.select_option("#lang", "tr")
    page.wait_for_function("() => document.documentElement.lang === 'tr'")
    turkish = page.evaluate(log)
    assert [i for i, _ in turkish] == [i for i, _ in english]
    assert all(tr != en for (_, tr), (_, en) in zip(turkish, english))
    page.reload()
    player.wait("ready")
    page.wait_for_function("() => document.querySelectorAll('#log li').length === 3")
    assert [text for _, text in page.evaluate(log)] == [text for _, text in turkish]
    page.select_option("#lang", "en")
    page.wait_for_function("() => document.documentElement.lang === 'en'")
    assert [text for _, text in page.evaluate(log)] == [text for _, text in english]

    # New game and the N key ask before a game in progress is thrown away; keeping it is the default
    hash_before = page.evaluate("location.hash")
    page.click("#table-bar [data-action=new-game]")
    confirm = page.locator("dialog#confirm[open]")
    assert confirm.is_visible() and page.evaluate("document.activeElement.dataset.action") == "new-cancel"
    box = confirm.bounding_box()
    size = page.viewport_size
    assert (
        box["x"] >= 0
        and box["y"] >= 0
        and box["x"] + box["width"] <= size["width"]
        and box["y"] + box["height"] <= size["height"]
    )
    page.keyboard.press("Enter")
    assert not confirm.count() and page.evaluate("location.hash") == hash_before
    page.locator("#status").focus()
    page.keyboard.press("n")
    assert confirm.is_visible()
    page.keyboard.press("Escape")
    assert not confirm.count() and page.evaluate("location.hash") == hash_before
    page.keyboard.press("n")
    page.click("dialog#confirm[open] [data-action=new-confirm]")
    page.wait_for_function("h => location.hash !== h", arg=hash_before)
    player.wait("ready", "busy")
    assert not re.search(r"seed=11(&|$)", page.evaluate("location.hash"))
    assert player.errors == []


@pytest.mark.parametrize(
    "route",
    [
        "#/pisti?players=4&seed=5&speed=instant",
        "#/war?seed=5&speed=instant",
        "#/abstract?variant=52&seed=5&speed=instant",
        "#/pis-yedili?players=4&seed=5&speed=instant",
    ],
)
def test_no_element_id_repeats_on_a_table(player, route):
    page = player.page
    player.open(route)
    skip_tour(page)
    assert page.evaluate(REPEATED_IDS) == []
    game = route[2:].partition("?")[0]
    card = page.locator(".seat-bottom button[data-card]:not([aria-disabled=true]):not([disabled])").first
    if card.count():
        before = moves(player, game)
        card.click(position={"x": 14, "y": 40})
        page.wait_for_function(
            "a => JSON.parse(localStorage.getItem(a[0])).game.moves.length > a[1]",
            arg=[f"cardems:save:{game}", before],
        )
        player.wait("ready", "over")
    assert page.evaluate(REPEATED_IDS) == []
    assert player.errors == []


def last_take(save: dict):
    """The last Capture or Sweep of a saved Pişti game, from a replay of its moves."""
    from cardems.pisti.events import Capture, Sweep
    from cardems.pisti.rules import Pisti

    game = Pisti.from_json({**save["game"], "moves": []})
    found = None
    for move in save["game"]["moves"]:
        found = next((e for e in game.play(move) if isinstance(e, (Capture, Sweep))), found)
    return found


def test_the_last_capture_in_pisti_is_one_tap_away_and_survives_a_reload(player):
    page = player.page
    player.open("#/pisti?seed=8&speed=instant")
    page.click("#tour button[data-action=tour-next]")  # the walkthrough says "click" to a mouse
    assert page.get_attribute("#tour", "data-step") == "hand"
    assert "Click a card" in page.inner_text("#tour") and "Tap" not in page.inner_text("#tour")
    skip_tour(page)
    button = page.locator("#felt button[data-action=last-take]")
    assert button.is_disabled()
    for _ in range(30):
        if button.is_enabled():
            break
        card = player.playable()[0]
        human(player, f'button[data-card="{card}"]', game="pisti")
    took = last_take(player.save())
    assert took is not None and button.is_enabled()

    def shown() -> tuple[list[str], str, str | None]:
        button.click()
        dialog = page.locator("dialog#last-take[open]")
        cards = dialog.locator(".last-cards [data-card]").evaluate_all("els => els.map(e => e.dataset.card)")
        words = dialog.locator(".last-who").inner_text()
        mark = (
            dialog.locator("[data-pisti]").get_attribute("data-pisti")
            if dialog.locator("[data-pisti]").count()
            else None
        )
        dialog.locator("button[data-action=close]").click()
        assert not page.locator("dialog#last-take[open]").count()
        return cards, words, mark

    cards, words, mark = shown()
    assert cards == list(took.cards)
    assert str(took.count) in words and ("You" in words) == (getattr(took, "seat", None) == 0)
    assert mark == getattr(took, "pisti", None)
    page.reload()
    player.wait("ready", "over")
    page.wait_for_function("() => !document.querySelector('#felt button[data-action=last-take]').disabled")
    assert shown() == (cards, words, mark)
    assert player.errors == []
