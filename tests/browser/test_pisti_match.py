"""Pişti on the page beyond one 2-player deal: matches, 3 and 4 players, the options
dialog, the hint and bad links. Played by clicking enabled buttons only."""

from __future__ import annotations

from urllib.parse import parse_qs, urlparse

import pytest

from cardems.pisti.rules import Pisti

pytestmark = pytest.mark.browser


def replay(save: dict) -> Pisti:
    return Pisti.from_json(save["game"])


def query(url: str) -> dict[str, str]:
    fragment = urlparse(url).fragment
    return {k: v[0] for k, v in parse_qs(fragment.partition("?")[2]).items()}


def box(page, selector: str) -> dict:
    found = page.locator(selector).bounding_box()
    return {**found, "cx": found["x"] + found["width"] / 2}


def test_a_four_player_match_played_by_clicks_ends_as_the_engine_says(player):
    player.open("#/pisti?players=4&mode=match&target=51&seed=2024&speed=instant")
    page = player.page
    assert page.locator("[data-seat]").count() == 4
    assert page.locator('[data-seat="2"] .seat-tag.partner').count() == 1
    assert page.locator(".scoreline .side-chip").count() == 2
    assert page.locator(".scoreline .deal-chip").get_attribute("data-deal") == "1"
    deals_seen: list[dict] = []

    def between_deals():
        # the deal dialog: the deal's breakdown, every deal so far, match totals, no verdict yet
        dialog = page.locator("dialog#result")
        assert player.state() == "ready" and dialog.get_attribute("data-winner") is None
        game = replay(player.save())
        rows = page.locator("dialog#result table.scoreboard tbody tr").count()
        totals = page.locator("dialog#result table.scoreboard tfoot td").all_inner_texts()
        deal_totals = page.locator(
            "dialog#result table.breakdown:not(.scoreboard) tr.row-total td"
        ).all_inner_texts()
        assert rows == len(game.deal_results) == game.deal_no - 1
        assert totals == [str(s) for s in game.match_scores]
        assert deal_totals == [str(b.total) for b in game.deal_results[-1]]
        assert not player.playable()
        deals_seen.append({"deal": rows})

    clicked = player.play_to_the_end(on_next=between_deals)
    game = replay(player.save())
    result = game.result()
    assert game.is_over() and game.options["players"] == 4 and game.options["mode"] == "match"
    assert max(result.scores) >= 51 and player.nexts == len(game.deal_results) - 1 == len(deals_seen)
    dialog = page.locator("dialog#result")
    assert dialog.get_attribute("open") is not None
    assert dialog.get_attribute("data-scores") == ",".join(map(str, result.scores))
    assert dialog.get_attribute("data-winner") == str(result.winner)
    assert page.locator("dialog#result table.scoreboard tbody tr").count() == len(game.deal_results)
    assert page.locator("dialog#result table.scoreboard tfoot td").all_inner_texts() == [
        str(s) for s in result.scores
    ]
    # every human move was a click; every other move a measured computer decision
    assert page.evaluate("performance.getEntriesByName('cardems:move').length") == len(clicked)
    assert page.evaluate("performance.getEntriesByName('cardems:ai').length") == len(game.moves) - len(
        clicked
    )
    assert player.errors == []


def test_three_players_one_classic_deal(player):
    player.open("#/pisti?players=3&seed=31&speed=instant")
    page = player.page
    # counterclockwise: seat 1 to the human's right, seat 2 to the left
    you, right, left = (box(page, f'[data-seat="{s}"]') for s in (0, 1, 2))
    assert right["cx"] > you["cx"] > left["cx"] and right["y"] < you["y"]
    assert page.locator('[data-seat="1"]').get_attribute("class").count("seat-right") == 1
    player.play_to_the_end(pick=lambda cards: cards[len(cards) // 2])
    result = replay(player.save()).result()
    dialog = page.locator("dialog#result")
    assert result.over and len(result.scores) == 3
    assert dialog.get_attribute("data-scores") == ",".join(map(str, result.scores))
    assert dialog.get_attribute("data-winner") == str(result.winner)
    assert page.locator("dialog#result tr.row-total td").all_inner_texts() == [str(s) for s in result.scores]
    assert player.errors == []


def test_the_options_dialog_starts_the_chosen_game_and_new_game_keeps_it(player):
    player.open("#/pisti?seed=3&speed=instant")
    page = player.page
    page.click("#table-bar [data-action=options]")
    form = page.locator("dialog#options[open] form")
    assert form.locator('input[name=target]').first.is_disabled()
    form.locator('label:has(input[name=mode][value=match])').click()
    assert not form.locator('input[name=target]').first.is_disabled()
    form.locator('label:has(input[name=players][value="4"])').click()
    form.locator('label:has(input[name=target][value="51"])').click()
    form.locator('label:has(input[name=level][value=easy])').click()
    form.locator('label:has(input[name=last_card_pisti])').click()
    page.click("dialog#options [data-action=options-start]")
    player.wait("ready", "busy")
    page.wait_for_function("document.querySelectorAll('[data-seat]').length === 4")
    wanted = {
        "players": "4",
        "mode": "match",
        "target": "51",
        "last_card_pisti": "false",
        "level": "easy",
        "speed": "instant",
    }
    got = query(page.url)
    assert {k: got.get(k) for k in wanted} == wanted and got["seed"] != "3"
    save = player.save()
    assert save["game"]["options"] == {
        "players": 4,
        "mode": "match",
        "target": 51,
        "last_card_pisti": False,
        "jack_pisti": 20,
        "first_round_pisti": True,
        "most_cards_tie": "nobody",
    }
    assert save["game"]["seed"] == int(got["seed"])
    # new game: same options, a new seed (asked first when the game has moves)
    player.wait("ready")
    page.click("#table-bar [data-action=new-game]")
    if save["game"]["moves"] or player.save()["game"]["moves"]:
        page.click("dialog#confirm[open] [data-action=new-confirm]")
    page.wait_for_function(
        "s => !location.hash.includes('seed=' + s + '&') && !location.hash.endsWith('seed=' + s)",
        arg=got["seed"],
    )
    player.wait("ready", "busy")
    again = query(page.url)
    assert {k: again.get(k) for k in wanted} == wanted and again["seed"] != got["seed"]
    # the lobby remembers the setup, and its tile opens the same dialog
    page.click("#table-bar a.back")
    player.wait("ready")
    assert "4" in page.locator('[data-game-tile="pisti"] .tile-setup').inner_text()
    page.click('[data-game-tile="pisti"] [data-action=options]')
    assert page.locator('dialog#options[open] input[name=players][value="4"]').is_checked()
    page.click("dialog#options [data-action=options-cancel]")
    assert page.locator("dialog#options[open]").count() == 0
    assert player.errors == []


@pytest.mark.parametrize("player", ["ar-EG"], indirect=True)
def test_the_hint_marks_a_legal_card_without_playing_it_and_seats_keep_their_sides_in_arabic(player):
    player.open("#/pisti?players=4&seed=9&speed=instant")
    page = player.page
    assert page.evaluate("document.documentElement.dir") == "rtl"
    # a table is physical: seat 1 (next to play) sits to the human's right in Arabic too
    right, top, left = (box(page, f'[data-seat="{s}"]') for s in (1, 2, 3))
    assert right["cx"] > top["cx"] > left["cx"]
    hand = player.playable()
    page.click("[data-action=hint]")
    page.wait_for_selector("button[data-card].hint")
    hinted = page.locator("button[data-card].hint").get_attribute("data-card")
    assert hinted in hand and player.state() == "ready" and player.playable() == hand
    assert player.save()["game"]["moves"] == []
    other = next(c for c in hand if c != hinted)
    page.click(f'button[data-card="{other}"]')
    player.wait("ready")
    assert page.locator("button[data-card].hint").count() == 0
    assert player.save()["game"]["moves"][0] == other
    assert player.errors == []


def test_bad_options_in_a_link_give_notices_and_a_default_game(player):
    player.open("#/pisti?players=5&target=0&level=genius&mode=match&speed=instant")
    page = player.page
    notices = page.locator("#notices li").all_inner_texts()
    assert len(notices) == 1 and all(part in notices[0] for part in ("players=5", "target=0", "level=genius"))
    assert len(player.playable()) == 4 and page.locator("[data-seat]").count() == 2
    save = player.save()
    assert save["game"]["options"] == {
        "players": 2,
        "mode": "match",
        "target": 151,
        "last_card_pisti": True,
        "jack_pisti": 20,
        "first_round_pisti": True,
        "most_cards_tie": "nobody",
    }
    got = query(page.url)
    assert "players" not in got and "target" not in got and "level" not in got and got["mode"] == "match"
    assert player.errors == []
