"""House rules on the real page: chosen in the options dialog (Pişti) or by link (War),
kept in the link and the save, drawn by the table, and a game played with them agrees
with the rules."""

from __future__ import annotations

from urllib.parse import parse_qs, urlparse

import pytest

from cardems.pisti.rules import Pisti
from cardems.war.rules import War

pytestmark = pytest.mark.browser


def query(url: str) -> dict[str, str]:
    return {k: v[0] for k, v in parse_qs(urlparse(url).fragment.partition("?")[2]).items()}


def test_a_pisti_deal_with_house_rules_chosen_in_the_dialog(player):
    player.open("#/pisti?seed=3&speed=instant&level=easy")
    page = player.page
    page.click("#table-bar [data-action=options]")
    form = page.locator("dialog#options[open] form")
    assert form.locator('input[name=jack_pisti][value="20"]').is_checked()
    assert form.locator('input[name=first_round_pisti]').is_checked()
    assert form.locator('input[name=most_cards_tie][value=nobody]').is_checked()
    form.locator('label:has(input[name=jack_pisti][value="10"])').click()
    form.locator('label:has(input[name=first_round_pisti])').click()
    form.locator('label:has(input[name=most_cards_tie][value=last])').click()
    assert "Jack pişti worth 10" in form.inner_text()
    page.click("dialog#options [data-action=options-start]")
    player.wait("ready", "busy")
    got = query(page.url)
    assert {k: got.get(k) for k in ("jack_pisti", "first_round_pisti", "most_cards_tie")} == {
        "jack_pisti": "10",
        "first_round_pisti": "false",
        "most_cards_tie": "last",
    }
    house = {"jack_pisti": 10, "first_round_pisti": False, "most_cards_tie": "last"}
    assert {k: player.save()["game"]["options"][k] for k in house} == house
    player.play_to_the_end()
    game = Pisti.from_json(player.save()["game"])
    assert game.is_over() and game.options["jack_pisti"] == 10
    result = game.result()
    dialog = page.locator("dialog#result")
    assert dialog.get_attribute("data-scores") == ",".join(map(str, result.scores))
    assert page.locator("dialog#result tr.row-total td").all_inner_texts() == [str(s) for s in result.scores]
    assert player.errors == []


def test_war_draws_a_hand_of_five_or_of_one_and_plays_by_the_link(player):
    player.open("#/war?seed=5&hand=5&burn=1&speed=instant&level=normal")
    page = player.page
    assert len(player.playable()) == 5
    # the computer has chosen (its card lies face down in the battle slot): 4 backs, a hand of 5
    assert page.locator("#hand-1 .card.back").count() == 4 and "5" in page.get_attribute(
        "#hand-1", "aria-label"
    )
    assert "5 in hand" in page.locator("body").inner_text()  # the deal's log line
    for _ in range(8):
        if player.state() == "over":
            break
        cards = player.playable()
        moves = page.evaluate("performance.getEntriesByName('cardems:move').length")
        page.click(f'button[data-card="{cards[-1]}"]')
        page.wait_for_function("n => performance.getEntriesByName('cardems:move').length > n", arg=moves)
        player.wait("ready", "over")
        assert len(player.playable()) <= 5
    save = player.save("war")["game"]
    assert save["options"] == {"hand": 5, "burn": 1}
    game = War.from_json(save)
    assert max(len(h) for h in game.hands) <= 5 and all(b.burned[0] <= 1 for b in game.history)
    # classic War: one card, nothing to choose; finishing plays the game out by the rules
    page.evaluate("location.hash = '#/war?seed=6&hand=1&speed=instant&level=easy'")
    page.click("dialog#choice button[data-action=link-play]")  # the unfinished game: play the link's
    player.wait("ready")
    assert len(player.playable()) == 1 and page.locator("#hand-1 .card.back").count() == 0
    assert "1" in page.get_attribute("#hand-1", "aria-label")
    page.click("button[data-action=finish]")
    assert player.wait("over", timeout=240_000) == "over"
    game = War.from_json(player.save("war")["game"])
    assert game.options == {"hand": 1, "burn": 3} and game.is_over()
    assert page.locator("dialog#result").get_attribute("data-scores") == ",".join(
        map(str, game.result().scores)
    )
    assert player.raw_keys() == [] and player.errors == []


def test_a_pis_yedili_round_with_jokers(player):
    """Jokers by link: the human is dealt one (seed 13), its card is drawn with the joker's
    art and its own id, a click on it opens the suit chooser, the log says it was played,
    and the round ends as the engine says."""
    from cardems.pis_yedili.rules import PisYedili
    from tests.browser.test_pis_yedili_page import enabled, play_match

    player.open("#/pis-yedili?players=2&mode=round&jokers=true&seed=13&level=normal&speed=instant")
    page = player.page
    game = PisYedili.from_json(player.save("pis-yedili")["game"])
    assert game.options["jokers"] is True and game.decks == 2 and "X" in game.hands[0]
    joker = page.locator('.seat-bottom .hand button[data-card="X"]')
    assert joker.count() == 1 and joker.first.get_attribute("id") == "card-X"
    assert joker.first.locator("svg.card-art").get_attribute("data-art") == "X"  # the joker's art
    assert "Joker" in joker.first.locator(".sr-only").inner_text()
    assert page.locator(".center .stock .count").inner_text() == str(108 - 14)
    seen: list[list[tuple[str, str, str]]] = []
    lines: set[str] = set()

    def checks(buttons):
        seen.append(buttons)
        state = PisYedili.from_json(player.save("pis-yedili")["game"])
        cards = {c for c, a, _ in buttons if c and c != "back" and not a}
        legal = state.legal_moves()
        assert cards == {
            m.partition(":")[0] for m in legal if m not in ("draw", "pass") and not m.startswith("pick")
        }
        lines.update(page.locator("#log li").all_inner_texts())

    clicks = play_match(player, checks, wild_first=True)
    game = PisYedili.from_json(player.save("pis-yedili")["game"])
    assert "X:H" in clicks and "X:H" in game.moves  # the human's joker, asking for hearts
    assert any(
        "Joker" in line and "hearts" in line.lower()
        for line in lines | set(page.locator("#log li").all_inner_texts())
    ), sorted(lines)[:20]
    assert game.is_over() and page.locator("dialog#result").get_attribute("data-scores") == ",".join(
        map(str, game.result().scores)
    )
    assert enabled and player.errors == []
