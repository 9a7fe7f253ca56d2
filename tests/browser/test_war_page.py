"""War on the real page in headless Chromium: clicks, auto-play and finishing."""

from __future__ import annotations

import pytest

from cardems.war.rules import War

pytestmark = pytest.mark.browser

STATE = "document.documentElement.dataset.cardems"


def replay(save: dict) -> War:
    return War.from_json(save["game"])


def assert_result_matches_the_engine(player, game: War) -> None:
    result = game.result()
    dialog = player.page.locator("dialog#result")
    assert dialog.get_attribute("open") is not None
    assert dialog.get_attribute("data-winner") == str(result.winner)
    assert dialog.get_attribute("data-scores") == ",".join(map(str, result.scores))
    assert sorted(result.scores) == [0, 52]


def click_to_the_end(player, pick=lambda cards: cards[0], limit: int = 400) -> list[str]:
    """Click a playable card whenever it is the human's turn, until the game is over.

    A War card can come straight back into the hand (a won pile drawn at once near
    the end), so each click waits for the page's ``cardems:move`` measure instead of
    for the card to leave the hand."""
    page = player.page
    clicked: list[str] = []
    while player.wait("ready", "over") != "over":
        cards = player.playable()
        if not cards:
            continue
        moves = page.evaluate("performance.getEntriesByName('cardems:move').length")
        card = pick(cards)
        page.click(f'button[data-card="{card}"]')
        page.wait_for_function("n => performance.getEntriesByName('cardems:move').length > n", arg=moves)
        clicked.append(card)
        assert len(clicked) < limit
    return clicked


def counts_on_the_page(page) -> list[int]:
    return [int(page.locator(f'[data-seat="{s}"] [data-stat="cards"]').inner_text()) for s in (0, 1)]


@pytest.mark.parametrize(
    "player,seed,level", [("en-US", 147, "easy"), ("ar-EG", 240, "normal")], indirect=["player"]
)
def test_a_whole_game_played_by_clicks_agrees_with_the_rules(player, seed, level):
    player.open(f"#/war?seed={seed}&level={level}&speed=instant")
    page = player.page
    assert len(player.playable()) == 3 and counts_on_the_page(page) == [26, 26]
    clicked = click_to_the_end(player)
    game = replay(player.save("war"))
    assert game.seed == seed and game.is_over()
    # every battle is two commits, seat 1's then the person's (seat 0): the person's are exactly the cards clicked
    assert game.moves[1::2] == clicked and all("/" not in m for m in game.moves)
    again = War.new(seed=seed)
    for token in game.moves:
        again.play(token)
    assert again.result() == game.result()
    assert_result_matches_the_engine(player, game)
    assert player.raw_keys() == []
    assert page.evaluate("performance.getEntriesByName('cardems:move').length") == len(clicked)
    assert page.evaluate("performance.getEntriesByName('cardems:ai').length") == len(clicked)
    assert player.errors == []


def test_the_computers_chosen_card_stays_face_down_until_the_reveal(player):
    player.open("#/war?seed=11&speed=instant")
    page = player.page
    for _ in range(6):
        save = player.save("war")
        committed = save["game"]["moves"][-1]
        assert "/" not in committed  # the computer has chosen, the human not yet
        assert page.locator(f'[data-card="{committed}"]').count() == 0
        assert page.locator('[data-slot="1"] [data-card="back"]').count() == 1
        view = replay(save).view(0)
        assert counts_on_the_page(page) == list(view.counts)
        assert sum(view.counts) + view.table_size == 52
        card = player.playable()[0]
        moves = page.evaluate("performance.getEntriesByName('cardems:move').length")
        page.click(f'button[data-card="{card}"]')
        page.wait_for_function("n => performance.getEntriesByName('cardems:move').length > n", arg=moves)
        player.wait("ready", "over")
        # the battle is decided: both cards were turned together
        last = replay(player.save("war")).history[-1]
        assert last.cards[0] == card
    assert player.errors == []


def test_auto_play_plays_at_the_chosen_speed_can_be_stopped_and_plays_the_game_out(player):
    player.open("#/war?seed=5&speed=fast&level=easy")
    page = player.page
    page.click("button[data-action=autoplay]")
    page.wait_for_function(
        "() => JSON.parse(localStorage.getItem('cardems:save:war')).game.moves.length >= 3"
    )
    assert page.locator("button[data-action=autoplay]").get_attribute("aria-pressed") == "true"
    page.click("button[data-action=autoplay]")  # stop
    assert player.wait("ready") == "ready"
    played = len(player.save("war")["game"]["moves"])
    page.wait_for_timeout(1500)  # at "fast", auto-play would have played on by now
    assert len(player.save("war")["game"]["moves"]) == played
    assert page.locator("button[data-action=autoplay]").get_attribute("aria-pressed") == "false"
    assert len(player.playable()) >= 1
    page.select_option("#speed", "instant")
    page.click("button[data-action=autoplay]")  # on again, instantly, to the end
    assert player.wait("over", timeout=240_000) == "over"
    game = replay(player.save("war"))
    assert game.is_over() and len(game.moves) > played
    assert_result_matches_the_engine(player, game)
    assert page.evaluate("performance.getEntriesByName('cardems:move').length") == 0  # no human click
    assert player.errors == []


def test_finish_plays_to_the_end_at_once_and_stop_hands_the_game_back(player):
    player.open("#/war?seed=9&speed=normal&level=hard")
    page = player.page
    page.click("button[data-action=finish]")
    page.wait_for_function(
        "() => JSON.parse(localStorage.getItem('cardems:save:war')).game.moves.length >= 2"
        " || document.documentElement.dataset.cardems === 'over'"
    )
    if player.state() != "over":
        page.click("button[data-action=finish]")  # stop: the human plays again
        assert player.wait("ready", "over", timeout=60_000) in ("ready", "over")
    if player.state() == "ready":
        assert player.playable()
        page.click("button[data-action=finish]")
    assert player.wait("over", timeout=240_000) == "over"
    assert_result_matches_the_engine(player, replay(player.save("war")))
    assert player.errors == []
