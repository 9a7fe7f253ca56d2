"""Pass-and-play on the page: people at one device, the table covered whenever the device
must change hands, and nothing of the next person's hand in the DOM under the cover.

One page load; each game is a link followed in it: Pişti 4p with two people in
partnership and two computers, Pis Yedili 3p with two people and a computer, War
with two people (a few battles by clicks, then the rest finished at once)."""

from __future__ import annotations

import pytest

from cardems.games import game_class

pytestmark = pytest.mark.browser

NAMES = ["Ayşe", "Ali", "Zeynep"]


def replay(player, name: str):
    return game_class(name).from_json(player.save(name)["game"])


def assert_covered(player, name: str) -> int:
    """Under the cover: the felt holds no hand, and no card of the next person's hand
    is anywhere in the page; returns the seat it is covered for."""
    page = player.page
    seat = int(page.get_attribute("#felt .cover", "data-cover-for"))
    game = replay(player, name)
    assert game.to_move == seat
    hidden = game.view(seat).hand
    assert hidden
    # the table and any dialog open (a closed one may keep an earlier game's result)
    html = page.evaluate(
        "document.getElementById('table').innerHTML"
        " + [...document.querySelectorAll('dialog[open]')].map(d => d.innerHTML).join('')"
    )
    for card in hidden:
        assert f'data-card="{card}"' not in html and f'id="card-{card}"' not in html, card
    assert page.locator("#felt .hand, #felt button[data-card]").count() == 0
    label = page.locator("#felt .cover button[data-action=uncover]").inner_text()
    assert NAMES[[s for s, who in enumerate(SEATS[name]) if who == "p"].index(seat)] in label
    return seat


SEATS = {"pisti": ("p", "normal", "p", "easy"), "pis-yedili": ("p", "p", "easy"), "war": ("p", "p")}


def play(player, name: str, route: str, click, *, limit: int, until=None) -> list[int]:
    """Follow ``route`` and play every person's turn by ``click`` (lifting each cover)
    until the game is over (or ``until()``); the seats each cover was for."""
    page = player.page
    page.evaluate("hash => { location.hash = hash }", route)
    covers: list[int] = []
    for _ in range(limit):
        state = player.wait("ready", "over", "covered")
        if state == "over" or (until is not None and until()):
            return covers
        if player.next_button():
            page.click("dialog#result button[data-action=next]")
            page.wait_for_function("!document.querySelector('dialog#result').open")
            continue
        if state == "covered":
            covers.append(assert_covered(player, name))
            page.click("#felt .cover button[data-action=uncover]")
            page.wait_for_function("document.documentElement.dataset.cardems !== 'covered'")
            continue
        moves = len(player.save(name)["game"]["moves"])
        if click(page):
            page.wait_for_function(
                "([key, n]) => (JSON.parse(localStorage.getItem(key)).game.moves.length > n)",
                arg=[f"cardems:save:{name}", moves],
            )
    raise AssertionError(f"{name}: not over after {limit} steps")


def click_card(page) -> bool:
    cards = page.eval_on_selector_all(
        "#felt button[data-card]:not([disabled]):not([aria-disabled=true])",
        "els => els.map(e => e.dataset.card)",
    )
    if not cards:
        return False
    page.mouse.move(1, 1)
    page.click(f'#felt button[data-card="{cards[0]}"]', position={"x": 14, "y": 60})
    return True


def click_pis_yedili(page) -> bool:
    from tests.browser.test_pis_yedili_page import human_turn

    class Holder:
        pass

    holder = Holder()
    holder.page = page
    return bool(human_turn(holder))


def test_people_pass_the_device_and_the_cover_hides_every_hand(player):
    page = player.page
    player.open("#/")
    page.evaluate("names => localStorage.setItem('cardems:names', JSON.stringify({v: 1, names}))", NAMES)

    # Pişti, four players: Ayşe (seat 0) and Ali (seat 2) partners against two computers
    covers = play(
        player,
        "pisti",
        "#/pisti?players=4&seats=p,normal,p,easy&seed=11&speed=instant",
        click_card,
        limit=400,
    )
    game = replay(player, "pisti")
    assert game.is_over() and len(covers) >= 20 and set(covers) == {0, 2}
    assert covers[0] == 0 or game.moves  # the first cover is for the first person to play
    dialog = page.locator("dialog#result")
    assert dialog.get_attribute("data-winner") == str(game.result().winner)
    title = dialog.locator(".dialog-title, h2").first.inner_text()
    if game.result().winner == 0:
        assert "Ayşe" in title and "Ali" in title
    assert (
        "Ayşe" in page.locator(".table-title").inner_text()
        or "2" in page.locator(".table-title").inner_text()
    )
    assert page.locator('button[data-action="undo"]').count() == 0  # no taking back between people
    save = player.save("pisti")
    assert save.get("together") is True
    page.keyboard.press("Escape")

    # Pis Yedili, three players: Ayşe and Ali, and a computer
    covers = play(
        player,
        "pis-yedili",
        "#/pis-yedili?players=3&mode=round&seats=p,p,easy&seed=5&speed=instant",
        click_pis_yedili,
        limit=1500,
    )
    game = replay(player, "pis-yedili")
    assert game.is_over() and len(covers) >= 6 and set(covers) == {0, 1}
    page.keyboard.press("Escape")

    # War between two people: each commits behind the cover, then the battle is shown
    def battles() -> int:
        return len(replay(player, "war").history) if player.save("war") else 0

    covers = play(
        player,
        "war",
        "#/war?seats=p,p&seed=3&speed=instant",
        click_card,
        limit=200,
        until=lambda: battles() >= 6,
    )
    assert covers[:4] == [1, 0, 1, 0]  # seat 1 commits first, then seat 0, battle after battle
    war = replay(player, "war")
    assert war.history and war.history[-1].cards[0] != war.history[-1].cards[1]
    page.click("button[data-action=finish]")  # the rest at once, for both people
    player.wait("over")
    war = replay(player, "war")
    assert war.is_over()
    title = page.locator("dialog#result h2").first.inner_text()
    assert ("Ayşe" if war.winner == 0 else "Ali") in title
    page.keyboard.press("Escape")

    # Abstract between two people: every card is open, so no cover
    page.evaluate("location.hash = '#/abstract?seats=p,p&seed=2&speed=instant'")
    assert player.wait("ready", "covered") == "ready"
    assert page.locator("#felt .cover").count() == 0 and "Ayşe" in page.locator("#felt").inner_text()
    assert player.errors == [] and player.raw_keys() == []
