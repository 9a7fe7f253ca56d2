"""What the browser keeps, on the real page: bad stored values never stop the start
and are named when reset, other games' saves survive them; a full storage is told;
a followed link never silently replaces an unfinished game."""

from __future__ import annotations

import json

import pytest

from cardems.games import game_class, playable
from tests.browser.conftest import Player

pytestmark = pytest.mark.browser

NOTICES = "#notices li"


def good_save(game: str, moves: int = 2) -> dict:
    played = game_class(game).new(seed=3)
    for _ in range(moves):
        played.play(played.legal_moves()[0])
    return {"v": 1, "hash": f"#/{game}?seed=3", "over": False, "game": played.to_json()}


def other(game: str) -> str:
    return next(g for g in playable() if g != game)


def bad(kind: str, key: str, game: str) -> str:
    """A bad value of ``kind`` for ``key`` (a save or setup key of ``game``, or lang/speed)."""
    if kind == "invalid JSON":
        return "{"
    if kind == "wrong shape":
        return "[]" if ":save:" in key or ":setup:" in key else "{}"
    if kind == "wrong types":
        if ":save:" in key:
            save = good_save(game)
            return json.dumps({**save, "hash": 7, "game": {**save["game"], "options": ["players", 2]}})
        if ":setup:" in key:
            return json.dumps({"v": 1, "options": "no", "level": 3, "hash": f"#/{game}", "summary": [[1, 2]]})
        return "42"
    if kind == "another game's":
        if ":save:" in key:  # another game's save, its route pointing here (it would open as this game)
            return json.dumps({**good_save(other(game)), "hash": f"#/{game}?seed=3"})
        if ":setup:" in key:
            return json.dumps(
                {"v": 1, "options": {}, "level": "easy", "hash": f"#/{other(game)}", "summary": []}
            )
        return '"de"'
    if kind == "unknown version":
        if ":save:" in key:
            return json.dumps({**good_save(game), "v": 99})
        if ":setup:" in key:
            return json.dumps({"v": 99, "options": {}, "level": "easy", "hash": f"#/{game}", "summary": []})
        return '"__proto__"'
    raise ValueError(kind)


KINDS = ["invalid JSON", "wrong shape", "wrong types", "another game's", "unknown version"]


def test_every_kind_of_bad_value_is_reset_by_name_and_other_saves_stay(player):
    """Per kind of bad value, one reload with the language, the speed and one game's save
    and setup all bad (a different game each time), the other games' saves good."""
    page = player.page
    player.open("")
    games = playable()
    for number, kind in enumerate(KINDS):
        target = games[number % len(games)]
        good = {f"cardems:save:{g}": json.dumps(good_save(g)) for g in games if g != target}
        bad_values = {
            key: bad(kind, key, target)
            for key in ("cardems:lang", "cardems:speed", f"cardems:save:{target}", f"cardems:setup:{target}")
        }
        page.evaluate(
            "items => { localStorage.clear();"
            " for (const [k, v] of Object.entries(items)) localStorage.setItem(k, v); }",
            {**good, **bad_values},
        )
        page.reload()
        player.wait("ready")
        notices = " | ".join(page.locator(NOTICES).all_inner_texts())
        name = page.evaluate(
            f"document.querySelector('[data-game-tile=\"{target}\"] .tile-name').textContent"
        )
        assert "saved language could not be read" in notices, (kind, notices)
        assert "saved speed could not be read" in notices, (kind, notices)
        assert f"saved {name} game could not be read" in notices, (kind, notices)
        assert f"last {name} options could not be read" in notices, (kind, notices)
        stored = page.evaluate("keys => keys.map(k => localStorage.getItem(k))", list(good))
        assert stored == list(good.values()), kind  # the other games' saves, untouched
        assert page.locator('[data-game-tile].has-save').count() == len(games) - 1
        assert page.evaluate("k => localStorage.getItem(k)", f"cardems:save:{target}") is None
    # another game's good save resumes where it was
    resumed = other(target)
    page.click(f'[data-game-tile="{resumed}"] a')
    player.wait("ready", "busy")
    assert "restored where you left it" in " | ".join(page.locator(NOTICES).all_inner_texts())
    assert player.save(resumed)["game"]["moves"][:2] == good_save(resumed)["game"]["moves"]
    assert player.errors == []


def test_a_value_nested_10000_deep_or_of_a_megabyte_under_any_key_is_reset_by_name(player):
    """A neighbour site of the same origin (GitHub Pages: every project of a user) can write
    anything under Cardems' keys: the page still starts, names each key it reset, and keeps
    the other games' saves."""
    page = player.page
    player.open("")
    target = "pisti"
    keys = [
        "cardems:lang",
        "cardems:speed",
        "cardems:v1:muted",
        f"cardems:save:{target}",
        f"cardems:save:daily:{target}",
        f"cardems:setup:{target}",
        f"cardems:daily:played:{target}",
        f"cardems:tour:{target}",
    ]
    good = {f"cardems:save:{g}": json.dumps(good_save(g)) for g in playable() if g != target}
    deep = "[" * 10_000 + "]" * 10_000
    for batch in (
        keys,
        keys[::2],
        keys[1::2],
    ):  # 10,000 deep under every key; then a megabyte, half at a time
        value = deep if batch is keys else "x" * (1 << 20)
        page.evaluate(
            "([items, keys, value]) => { localStorage.clear();"
            " for (const [k, v] of Object.entries(items)) localStorage.setItem(k, v);"
            " for (const k of keys) localStorage.setItem(k, value); }",
            [good, batch, value],
        )
        page.reload()
        player.wait("ready")
        notices = page.locator(NOTICES).all_inner_texts()
        assert len(notices) == len(batch), notices  # one notice per key reset, each naming it
        assert all("could not be read" in n for n in notices), notices
        assert page.evaluate("keys => keys.filter(k => localStorage.getItem(k) !== null)", batch) == []
        assert page.evaluate("keys => keys.map(k => localStorage.getItem(k))", list(good)) == list(
            good.values()
        )
    page.goto(player.base + f"#/daily/{target}")  # the daily and tour keys' screens still work
    player.wait("ready")
    page.goto(player.base + f"#/{target}?seed=5&speed=instant")
    player.wait("ready")
    assert len(player.playable()) == 4 and player.errors == []


def test_a_full_storage_is_told_and_never_restored_as_if_saved(player):
    page = player.page
    player.open("")
    page.evaluate("""() => {
        let i = 0, size = 1 << 20;
        while (size >= 8) {
            try { localStorage.setItem('filler:' + (i++), 'x'.repeat(size)); } catch (e) { size >>= 1; }
        }
    }""")
    page.evaluate("location.hash = '#/pisti?seed=5&speed=instant'")
    player.wait("ready")
    page.click("button[data-card]:not([disabled]):not([aria-disabled=true])")
    player.wait("ready")
    notices = " | ".join(page.locator(NOTICES).all_inner_texts())
    assert "This game cannot be saved: storage is full" in notices, notices
    page.reload()
    player.wait("ready")
    notices = " | ".join(page.locator(NOTICES).all_inner_texts())
    assert "restored where you left it" not in notices, notices
    assert "cannot be saved" in notices, notices
    page.evaluate(
        "() => Object.keys(localStorage).filter(k => k.startsWith('filler:'))"
        ".forEach(k => localStorage.removeItem(k))"
    )
    page.click(
        "button[data-card]:not([disabled]):not([aria-disabled=true])"
    )  # room again: saved, and the notice goes
    player.wait("ready")
    assert player.save()["game"]["moves"]
    assert "cannot be saved" not in " | ".join(page.locator(NOTICES).all_inner_texts())


def unfinished_war(player) -> list[str]:
    page = player.page
    player.open("#/war?seed=1&speed=instant")
    page.click("button[data-card]:not([disabled]):not([aria-disabled=true])")
    page.wait_for_function(
        "() => JSON.parse(localStorage.getItem('cardems:save:war')).game.moves.length >= 2"
    )
    player.wait("ready")
    return player.save("war")["game"]["moves"]


def follow_link(player, link: str) -> Player:
    """The shared link opened in a new tab of the same browser, the game left for the
    lobby in the first (a tab still showing it would hold it: test_tabs.py)."""
    player.page.goto(player.base + "#/")
    player.wait("ready")
    other_tab = Player(player.page.context.new_page(), player.base)
    other_tab.open(link)
    other_tab.page.wait_for_selector("dialog#choice[open]")
    return other_tab


def test_a_link_during_an_unfinished_game_can_resume_it(player):
    moves = unfinished_war(player)
    tab = follow_link(player, "#/war?seed=2&speed=instant")
    assert tab.save("war")["game"]["moves"] == moves  # nothing replaced while asking
    tab.page.click("dialog#choice [data-action=link-resume]")
    tab.wait("ready")
    assert "seed=1" in tab.page.url and tab.save("war")["game"]["moves"] == moves
    assert tab.page.locator("dialog#choice[open]").count() == 0 and tab.errors == []


def test_a_link_during_an_unfinished_game_can_replace_it(player):
    unfinished_war(player)
    tab = follow_link(player, "#/war?seed=2&speed=instant")
    tab.page.click("dialog#choice [data-action=link-play]")
    tab.wait("ready")
    assert "seed=2" in tab.page.url and tab.save("war")["game"]["seed"] == 2
    assert tab.errors == []


def test_a_link_question_closed_keeps_the_game_in_the_lobby(player):
    moves = unfinished_war(player)
    tab = follow_link(player, "#/war?seed=2&speed=instant")
    tab.page.keyboard.press("Escape")
    tab.page.wait_for_function("() => location.hash === '#/'")
    tab.wait("ready")
    assert tab.page.locator('[data-game-tile="war"].has-save').count() == 1
    assert tab.save("war")["game"]["moves"] == moves
