"""Looking back at a finished deal: from the result dialog to its review link, stepped
move by move (forward, back, to any move) with every hand face up, landing on the
game's own final scores. One page load."""

from __future__ import annotations

import json

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
    # the statistics' history offers the same review; an older record (no moves kept)
    # is listed without one, a corrupt one is left out, with no error
    record = json.loads(page.evaluate("window.cardemsStats.allJson()"))[0]
    assert record["review"] == {"seed": 31, "seats": None, "moves": game.moves}
    older = {key: value for key, value in record.items() if key != "review"}
    older["id"], older["date"] = "pisti:7:1", "2026-11-30T10:00:00Z"
    corrupt = {**record, "id": "pisti:8:1", "review": {"seed": 8, "moves": "AS"}}
    for other in (older, corrupt):
        page.evaluate("text => window.cardemsStats.put(text)", json.dumps(other))
    page.evaluate("location.hash = '#/stats'")
    player.wait("ready")
    listed = page.eval_on_selector_all(
        ".recent-game", "els => els.map(e => [e.dataset.record, e.dataset.review])"
    )
    assert listed == [[record["id"], "yes"], ["pisti:7:1", "no"]]
    page.click(f'.recent-game[data-record="{record["id"]}"] a.review-link')
    player.wait("review")
    assert at(page) == (len(game.moves), len(game.moves), final)
    assert player.errors == [] and player.raw_keys() == []


def bot_game(name: str, options: dict, seed: int):
    """A game played to its end by easy computers in every seat (CPython, seeded)."""
    from cardems.bots import bot_move, make_bot
    from cardems.games import game_class

    game = game_class(name).new(options, seed=seed)
    bots = [make_bot(name, "easy") for _ in range(game.players)]
    while not game.is_over():
        seat = game.to_move
        game.play(bot_move(game, bots[seat], seat))
    return game


def review_link(game, **extra) -> str:
    from cardems.web.route import Route

    return Route(
        game.name,
        options=dict(game.options),
        seed=game.seed,
        screen="review",
        moves=tuple(game.moves),
        **extra,
    ).to_hash()


def replayed(game, moves: int):
    return type(game).from_json({**game.to_json(), "moves": list(game.moves[:moves])})


def test_a_match_is_reviewed_deal_by_deal_and_bad_links_are_a_notice(player):
    """A Pişti match to 51: its review opens on the last deal's end (the match's final
    scores), the deal picker lists every deal; a deal picked is shown as dealt and stepped
    to its end; a deal the match does not have, or moves that do not replay, are a notice."""
    from cardems.web.review import deal_starts

    page = player.page
    game = bot_game("pisti", {"mode": "match", "target": 51}, 5)
    starts = deal_starts(type(game), game.to_json(), game.moves)
    deals = len(game.round_scores())
    assert len(starts) == deals > 2
    player.open(review_link(game), "review")
    bar = page.locator(".review-controls")
    assert bar.get_attribute("data-review-deals") == str(deals)
    assert bar.get_attribute("data-review-deal") == str(deals)
    last = len(game.moves) - starts[-1]
    assert at(page) == (last, last, ",".join(map(str, game.result().scores)))
    assert page.locator("#review-deal option").count() == deals
    page.select_option("#review-deal", "2")
    page.wait_for_function("document.querySelector('.review-controls').dataset.reviewDeal === '2'")
    dealt = replayed(game, starts[1])
    assert at(page) == (0, starts[2] - starts[1], ",".join(map(str, dealt.result().scores)))
    faces = page.eval_on_selector_all("#hand-1 [data-card]", "els => els.map(e => e.dataset.card)")
    assert sorted(faces) == sorted(dealt.hands[1])  # deal 2 as it was dealt
    assert "deal=2&at=0" in page.evaluate("location.hash")  # the address names what is shown
    page.click("button[data-action=review-last]")
    page.wait_for_function("document.querySelector('.review-controls').dataset.reviewAt !== '0'")
    ended = replayed(game, starts[2])
    assert at(page)[2] == ",".join(map(str, ended.result().scores))
    assert ended.rounds_done() == 2
    assert page.locator("button[data-action=review-next]").is_disabled()  # the deal's end: no further
    assert at(page)[0] == starts[2] - starts[1]
    # a link to the third deal's fifth move opens there
    page.goto(player.base + review_link(game, deal=3, at=5))
    player.wait("review")
    assert at(page)[0] == 5 and bar.get_attribute("data-review-deal") == "3"
    # a deal the match does not have: a notice, its last deal shown
    page.goto(player.base + review_link(game, deal=deals + 4))
    player.wait("review")
    assert page.locator("#notices li").count() == 1
    assert bar.get_attribute("data-review-deal") == str(deals)
    # a malformed deal: the link's notice names it
    page.goto(player.base + review_link(game) + "&deal=two")
    player.wait("review")
    assert "deal=two" in page.locator("#notices li").inner_text()
    # moves that do not replay: a notice, and the lobby; nothing saved
    page.goto(player.base + review_link(game).replace("moves=", "moves=ZZ,"))
    player.wait("ready")
    assert page.evaluate("location.hash") in ("", "#/") and page.locator("#notices li").count() == 1
    assert player.save("pisti") is None
    assert player.errors == [] and player.raw_keys() == []


def test_an_abstract_review_shows_each_takes_value_and_marks_the_mistakes(player):
    """Each move of an Abstract deal valued by the solver (the hint's analysis, in slices):
    the row's badges the value of every take from the position shown, the take made
    outlined, the step list the points each move gave away, as CPython's solver says."""
    from cardems.abstract.analysis import choice_values, take_values

    page = player.page
    game = bot_game("abstract", {"mode": "deal"}, 3)
    player.open(review_link(game, at=1), "review")
    page.wait_for_function("document.getElementById('table-bar').dataset.reviewAnalysed === 'all'")
    losses = []
    for number, move in enumerate(game.moves):
        view = replayed(game, number).view(replayed(game, number).to_move)
        values = choice_values(view) if view.choosing else take_values(view)
        losses.append(max(values.values()) - values[move if move in values else int(move)])
        if number == 1:
            shown = values
    marks = page.eval_on_selector_all(".review-step .rs-mark", "els => els.map(e => Number(e.dataset.loss))")
    assert marks == losses and any(losses) and 0 in losses  # mistakes and best takes both
    assert page.locator(".review-step .rs-mark.slip").count() == sum(1 for x in losses if x)
    badges = page.eval_on_selector_all(
        ".spread [data-depth] .value",
        "els => els.map(e => [Number(e.closest('[data-depth]').dataset.depth), Number(e.dataset.value)])",
    )
    assert dict(badges) == shown
    assert page.get_attribute(".spread .chosen", "data-depth") == game.moves[1]
    assert str(losses[1]) in page.inner_text("#status") or losses[1] == 0
    page.click(".review-step[data-at='5']")  # any move, from the list
    page.wait_for_function("document.querySelector('.review-controls').dataset.reviewAt === '5'")
    page.click("button[data-action=review-last]")
    page.wait_for_function(
        "n => document.querySelector('.review-controls').dataset.reviewAt === String(n)", arg=len(game.moves)
    )
    assert at(page)[2] == ",".join(map(str, game.result().scores))
    assert player.errors == [] and player.raw_keys() == []
