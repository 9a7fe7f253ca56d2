"""Looking back at a finished deal: from the result dialog to its review link, stepped
move by move (forward, back, to any move) with every hand face up, landing on the
game's own final scores. One page load."""

from __future__ import annotations

import pytest

from cardems.pisti.rules import Pisti

pytestmark = pytest.mark.browser


def at(page) -> tuple[int, int, str]:
    bar = page.locator(".review-controls")
    return (
        int(bar.get_attribute("data-review-at")),
        int(bar.get_attribute("data-review-total")),
        bar.get_attribute("data-review-scores"),
    )


def test_a_review_steps_through_a_finished_deal_and_lands_on_its_final_scores(player):
    page = player.page
    player.open("#/pisti?seed=31&speed=instant")
    player.play_to_the_end()
    game = Pisti.from_json(player.save("pisti")["game"])
    final = ",".join(map(str, game.result().scores))
    assert page.get_attribute("dialog#result", "data-scores") == final
    page.click("dialog#result button[data-action=review]")
    player.wait("review")
    assert page.evaluate("location.hash").startswith("#/review/pisti?")
    link = page.evaluate("location.hash")
    assert at(page) == (len(game.moves), len(game.moves), final)
    page.click("button[data-action=review-first]")
    page.wait_for_function("document.querySelector('.review-controls').dataset.reviewAt === '0'")
    # at the start every hand is face up: the other seat's four cards too
    start = Pisti.from_json({**game.to_json(), "moves": []})
    faces = page.eval_on_selector_all("#hand-1 [data-card]", "els => els.map(e => e.dataset.card)")
    assert sorted(faces) == sorted(start.hands[1])
    replay = Pisti.from_json({**game.to_json(), "moves": []})
    for number in range(1, 6):  # forward, move by move
        page.click("button[data-action=review-next]")
        page.wait_for_function(
            "n => document.querySelector('.review-controls').dataset.reviewAt === String(n)", arg=number
        )
        replay.play(game.moves[number - 1])
        assert at(page)[2] == ",".join(map(str, replay.result().scores))
        faces = page.eval_on_selector_all("#hand-1 [data-card]", "els => els.map(e => e.dataset.card)")
        assert sorted(faces) == sorted(replay.hands[1])
    page.click("button[data-action=review-prev]")
    page.wait_for_function("document.querySelector('.review-controls').dataset.reviewAt === '4'")
    page.fill("#review-at", "20")  # any move: the slider
    page.dispatch_event("#review-at", "change")
    page.wait_for_function("document.querySelector('.review-controls').dataset.reviewAt === '20'")
    page.click("button[data-action=review-last]")
    page.wait_for_function(
        "n => document.querySelector('.review-controls').dataset.reviewAt === String(n)", arg=len(game.moves)
    )
    assert at(page)[2] == final
    assert player.save("pisti")["game"] == game.to_json()  # the review saves nothing
    # the link opens the same review anywhere (here after a reload), at the move it names
    page.goto(player.base + link.split("&at=")[0] + "&at=3")
    player.wait("review")
    assert at(page)[0] == 3
    assert player.errors == [] and player.raw_keys() == []
