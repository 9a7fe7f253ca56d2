"""Abstract on the real page: every variant played to the end by clicks against every
level, the analysis shown, a match with the deal alternating, and the result dialog."""

from __future__ import annotations

import pytest

from cardems.abstract.analysis import choice_values, take_values
from cardems.abstract.rules import Abstract

pytestmark = pytest.mark.browser


def save(player) -> Abstract:
    return Abstract.from_json(player.save("abstract")["game"])


def play(player, pick=lambda depths: depths[0], choice: str = "first", on_ready=None) -> list[str]:
    """Click until the game is over: the choice when offered, else a takeable card
    (``pick`` gets the depths on offer, deepest first). Returns the human's moves."""
    page = player.page
    moves: list[str] = []
    while player.wait("ready", "over") != "over":
        if player.next_button():
            page.click("dialog#result button[data-action=next]")
            page.wait_for_function("!document.querySelector('dialog#result').open")
            continue
        if on_ready is not None:
            on_ready()
        if page.locator(f"button[data-action={choice}]:not([disabled])").count():
            page.click(f"button[data-action={choice}]")
            moves.append(choice)
        else:
            depths = page.eval_on_selector_all(
                "button[data-card]:not([disabled]):not([aria-disabled=true])",
                "els => els.map(e => Number(e.dataset.depth))",
            )
            if not depths:
                continue
            depth = pick(depths)
            page.click(f"button[data-depth='{depth}']")
            moves.append(str(depth))
        n = len(save(player).moves)
        page.wait_for_function(
            "n => JSON.parse(localStorage.getItem('cardems:save:abstract')).game.moves.length > n", arg=n - 1
        )
        assert len(moves) < 80
    return moves


@pytest.mark.parametrize("variant", ["base", "suit", "unlimited", "52"])
def test_every_variant_plays_to_the_end_against_every_level(player, variant):
    page = player.page
    for number, level in enumerate(["easy", "normal", "hard"]):
        route = f"#/abstract?seed={11 + number}&variant={variant}&mode=deal&level={level}&speed=instant"
        if number == 0:
            player.open(route)
        else:
            page.evaluate(f"location.hash = '{route[1:]}'")
            page.wait_for_function("n => location.hash.includes(n)", arg=f"seed={11 + number}")
        assert page.locator("button[data-action=first]:not([disabled])").count() == 1  # the human chooses
        moves = play(
            player, pick=lambda depths: depths[len(depths) // 2], choice="second" if number == 1 else "first"
        )
        game = save(player)
        assert game.is_over() and game.variant == variant and game.options["mode"] == "deal"
        human = [m for i, m in enumerate(game.moves) if i == 0 or game_seat(game, i) == 0]
        assert human == moves
        result = game.result()
        dialog = page.locator("dialog#result")
        assert dialog.get_attribute("data-scores") == ",".join(map(str, result.scores))
        assert dialog.get_attribute("data-winner") == str(result.winner)
        halves = game.deal_results[-1].halves
        assert page.locator("dialog#result table.abstract-breakdown").count() == len(halves)
        shown = page.locator("dialog#result table.abstract-breakdown tr.row-total td").all_inner_texts()
        assert shown == [str(b.score) for half in halves for b in half]
        page.wait_for_function(
            "!document.querySelector('#review .review-body').textContent.includes('…')", timeout=120_000
        )
        assert page.locator("#review .review-list li").count() == 1 + sum(
            len(t) for t in game.deal_results[-1].takes
        )
        choice = page.get_attribute("#review li[data-choice]", "data-choice")
        assert choice == game.moves[0]
        assert player.raw_keys() == []
        page.click("dialog#result button[data-action=close]")
    assert page.evaluate("performance.getEntriesByName('cardems:ai').length") > 0
    assert player.errors == []


def game_seat(game: Abstract, index: int) -> int:
    """Who made move ``index`` of a finished one-deal game, by replaying it."""
    again = Abstract.new(game.options, seed=game.seed)
    for move in game.moves[:index]:
        again.play(move)
    return again.to_move


def test_the_analysis_shows_the_exact_value_of_each_choice_and_take(player):
    player.open("#/abstract?seed=21&mode=deal&level=normal&speed=instant")
    page = player.page
    page.click("button[data-action=hint]")
    page.wait_for_selector("button[data-action=first] .value")
    game = save(player)
    values = choice_values(game.view(0))
    assert page.get_attribute("button[data-action=first] .value", "data-value") == str(values["first"])
    assert page.get_attribute("button[data-action=second] .value", "data-value") == str(values["second"])
    page.click("button[data-action=first]")
    player.wait("ready")
    page.click("button[data-action=hint]")
    page.wait_for_selector(".spread .value")
    game = save(player)
    exact = take_values(game.view(0))
    shown = page.eval_on_selector_all(
        ".spread .value",
        "els => els.map(e => [Number(e.parentElement.dataset.depth), Number(e.dataset.value)])",
    )
    assert dict(shown) == exact
    best = max(exact.values())
    assert page.eval_on_selector_all(
        ".spread .value.best", "els => els.map(e => Number(e.dataset.value))"
    ) == [best] * list(exact.values()).count(best)
    assert "perfect play" in page.inner_text("#status")
    assert page.locator("button[data-action=hint][disabled]").count() == 1
    assert player.errors == []


def test_a_match_alternates_the_deal_and_offers_the_choice_only_to_the_non_dealer(player):
    player.open("#/abstract?seed=4&target=250&level=easy&speed=instant")
    page = player.page
    choices = []

    def look():
        game = save(player)
        if game.choosing and game.chooser == 0:
            choices.append(game.deal_no)
        if game.choosing and game.chooser == 1:
            assert page.locator("button[data-action=first]:not([disabled])").count() == 0

    play(player, on_ready=look)
    game = save(player)
    assert game.is_over() and game.deal_no >= 2 and max(game.match_scores) >= 250
    assert choices and all(n % 2 == 1 for n in choices)  # the computer deals the odd deals
    dialog = page.locator("dialog#result")
    assert dialog.get_attribute("data-scores") == ",".join(map(str, game.match_scores))
    rows = page.locator("dialog#result table.scoreboard tbody tr").count()
    assert rows == game.deal_no
    assert player.errors == []
