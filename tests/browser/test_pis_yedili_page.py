"""Pis Yedili on the page: whole matches to 101 with 2, 3 and 4 players, played by clicking
enabled buttons only (cards, draw, pass, the suit chooser, muamele picks, next)."""

from __future__ import annotations

import pytest

from cardems.pis_yedili.rules import PisYedili

pytestmark = pytest.mark.browser

EDGE = {"x": 14, "y": 60}
ENABLED = "button[data-card]:not([disabled]):not([aria-disabled=true]), button[data-action]:not([disabled])"


def replay(save: dict) -> PisYedili:
    return PisYedili.from_json(save["game"])


def enabled(page) -> list[tuple[str, str, str]]:
    """(data-card, data-action, data-index) of every enabled game button on the felt."""
    return page.eval_on_selector_all(
        "#felt button:not([disabled]):not([aria-disabled=true])",
        "els => els.map(e => [e.dataset.card || '', e.dataset.action || '', e.dataset.index || ''])",
    )


def human_turn(player, checks=None, wild_first: bool = False) -> str:
    """One click of the human's: a playable plain card, else a Jack or a joker (and then
    a suit; with ``wild_first`` those first), else draw, else pass; in the muamele, a
    face-down card."""
    page = player.page
    buttons = enabled(page)
    cards = [c for c, a, _ in buttons if c and c != "back" and not a]
    actions = {a for _, a, _ in buttons if a}
    if checks is not None:
        checks(buttons)
    plain = [c for c in cards if c[0] not in "JX"]
    if wild_first and len(plain) < len(cards):
        plain = []
    page.mouse.move(1, 1)  # a hovered card rises over its neighbours: start from nowhere
    # in a fanned hand each card shows its leading edge: click there, as a person would
    if plain:
        page.click(f'#felt button[data-card="{plain[0]}"]', position=EDGE)
        return plain[0]
    if cards:
        wild = next(c for c in cards if c[0] in "JX")
        page.click(f'#felt button[data-card="{wild}"]', position=EDGE)
        page.wait_for_selector("#felt button[data-action=suit-H]")
        page.click("#felt button[data-action=suit-H]")
        return f"{wild}:H"
    if "pick" in actions:
        page.click("#felt button[data-action=pick]")
        return "pick"
    if "draw" in actions:
        page.click("#felt button[data-action=draw]")
        return "draw"
    if "pass" in actions:
        page.click("#felt button[data-action=pass]")
        return "pass"
    return ""


def play_match(player, checks=None, limit: int = 2000, wild_first: bool = False) -> list[str]:
    page = player.page
    clicks: list[str] = []
    player.rounds_seen = 0
    while player.wait("ready", "over") != "over":
        if player.next_button():
            player.rounds_seen += 1
            page.click("dialog#result button[data-action=next]")
            page.wait_for_function("!document.querySelector('dialog#result').open")
            continue
        moves = len(player.save("pis-yedili")["game"]["moves"])
        done = human_turn(player, checks, wild_first)
        if not done:
            continue
        clicks.append(done)
        page.wait_for_function(
            "n => document.documentElement.dataset.cardems !== 'ready' || "
            "JSON.parse(localStorage.getItem('cardems:save:pis-yedili')).game.moves.length > n",
            arg=moves,
        )
        assert len(clicks) < limit
    return clicks


def test_a_two_player_match_played_by_clicks_ends_as_the_engine_says(player):
    player.open("#/pis-yedili?players=2&seed=77&level=easy&speed=instant")
    page = player.page
    assert page.locator("[data-seat]").count() == 2

    def checks(buttons):
        game = replay(player.save("pis-yedili"))
        legal = game.legal_moves()
        view = game.view(0)
        actions = {a for _, a, _ in buttons if a}
        assert ("draw" in actions) == ("draw" in legal)
        assert ("pass" in actions) == ("pass" in legal)
        cards = {c for c, a, _ in buttons if c and c != "back" and not a}
        assert cards == {
            m.partition(":")[0] for m in legal if m not in ("draw", "pass") and not m.startswith("pick")
        }
        hand = page.eval_on_selector_all(
            ".seat-bottom .hand button[data-card]", "els => els.map(e => e.dataset.card)"
        )
        order = {"S": 0, "H": 1, "C": 2, "D": 3}
        assert sorted(hand) == sorted(view.hand)
        assert [order[c[-1]] for c in hand] == sorted(order[c[-1]] for c in hand)
        if view.pending:
            assert page.locator(f'[data-pending="{view.pending}"]').count() == 1
        if view.named:
            assert page.locator(f'[data-named="{view.named}"]').count() == 1

    clicks = play_match(player, checks)
    game = replay(player.save("pis-yedili"))
    result = game.result()
    assert game.is_over() and max(result.scores) >= 51
    assert player.rounds_seen == len(game.rounds) - 1
    dialog = page.locator("dialog#result")
    assert dialog.get_attribute("data-scores") == ",".join(map(str, result.scores))
    assert dialog.get_attribute("data-winner") == str(result.winner)
    rows = page.locator("dialog#result table.scoreboard tbody tr").count()
    assert rows == len(game.rounds)
    totals = page.locator("dialog#result table.scoreboard tfoot td").all_inner_texts()
    assert totals == [str(t) for t in game.totals]
    assert player.raw_keys() == []
    human_moves = sum(1 for seat_move in _moves_by_seat(game) if seat_move == 0)
    assert page.evaluate("performance.getEntriesByName('cardems:move').length") == human_moves == len(clicks)
    assert player.errors == []


def _moves_by_seat(game: PisYedili) -> list[int]:
    """The seat that made each move of ``game``, by replaying it."""
    again = PisYedili.new(game.options, seed=game.seed, deck=game.arranged)
    seats = []
    for move in game.moves:
        seats.append(again.to_move)
        again.play(move)
    return seats


def table_checks(player):
    """What the felt shows matches the view: hand sizes, whose turn, the 10's chain."""
    page = player.page

    def checks(buttons):
        game = replay(player.save("pis-yedili"))
        view = game.view(0)
        sizes = [
            int(page.locator(f'[data-seat="{s}"] [data-hand-count]').get_attribute("data-hand-count"))
            for s in range(game.players)
        ]
        assert sizes == list(view.hand_sizes)
        assert page.locator('[data-seat="0"].turn').count() == 1
        if view.stack and view.phase == "play":
            assert page.locator(".owed-chain").get_attribute("data-stack") == ",".join(map(str, view.stack))
            for seat in set(view.stack):
                assert page.locator(f'[data-seat="{seat}"] .owed-mark').count() == 1
        if view.phase == "play":
            nxt = view.stack[-1] if view.stack else (0 + view.direction) % game.players
            assert page.locator(f'[data-next="{nxt}"]').count() == (1 if nxt != 0 else 0)

    return checks


def test_a_four_player_match_to_the_end(player):
    player.open("#/pis-yedili?players=4&seed=5&level=normal&speed=instant")
    page = player.page
    assert page.locator("[data-seat]").count() == 4
    assert page.locator(".scoreline .side-chip").count() == 4
    play_match(player, table_checks(player))
    game = replay(player.save("pis-yedili"))
    assert game.is_over() and game.players == 4
    dialog = page.locator("dialog#result")
    assert dialog.get_attribute("data-scores") == ",".join(map(str, game.result().scores))
    assert page.evaluate("performance.getEntriesByName('cardems:ai').length") == sum(
        1 for s in _moves_by_seat(game) if s != 0
    )
    assert player.errors == []


def test_a_three_player_match_to_101_reverse_rule(player):
    player.open("#/pis-yedili?players=3&ten_rule=reverse&seed=9&level=easy&speed=instant")
    play_match(player, table_checks(player))
    game = replay(player.save("pis-yedili"))
    assert game.is_over() and game.options["target"] == 101 and max(game.totals) >= 101
    assert player.page.locator("dialog#result").get_attribute("data-winner") == str(game.result().winner)
    assert player.errors == []


def test_a_round_with_every_house_rule_on(player):
    """The link's house rules reach the game and its save; the buttons offer exactly the
    legal moves (no Jack on a Jack), the log tells of the 8s that skip, and the result
    is the engine's."""
    player.open(
        "#/pis-yedili?players=3&mode=round&eight_skips=true&ace=draw&seven_stack=double"
        "&jack_on_jack=false&jack_doubles=false&seed=21&level=normal&speed=instant"
    )
    page = player.page
    lines: set[str] = set()
    jack_tops = 0

    def checks(buttons):
        nonlocal jack_tops
        game = replay(player.save("pis-yedili"))
        legal = game.legal_moves()
        cards = {c for c, a, _ in buttons if c and c != "back" and not a}
        assert cards == {
            m.partition(":")[0] for m in legal if m not in ("draw", "pass") and not m.startswith("pick")
        }
        if game.top and game.top[0] == "J" and game.phase == "play":
            jack_tops += 1
            assert not any(c[0] == "J" for c in cards)
        lines.update(page.locator("#log li").all_inner_texts())

    play_match(player, checks)
    game = replay(player.save("pis-yedili"))
    assert game.is_over() and game.options["eight_skips"] is True and game.options["seven_stack"] == "double"
    assert game.options["ace"] == "draw" and game.options["jack_on_jack"] is False
    again = PisYedili.new(game.options, seed=game.seed, deck=game.arranged)
    skips = []
    for move in game.moves:
        skips += [e for e in again.play(move) if type(e).__name__ == "Skip"]
    assert skips and any("misses a turn" in line or "miss a turn" in line for line in lines), (
        len(skips),
        jack_tops,
    )
    assert page.locator("dialog#result").get_attribute("data-scores") == ",".join(
        map(str, game.result().scores)
    )
    assert player.errors == []
