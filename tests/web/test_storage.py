"""The storage rules (cardems/web/storage.py) over a fake backend: every bad value of
every key is dropped with a notice naming it, never raised; good values of the
other keys are kept; writes that fail are reported and never leave an old save."""

from __future__ import annotations

import json
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from cardems.games import PLANNED, game_class
from cardems.web.options import setup_of
from cardems.web.route import parse_route
from cardems.web.storage import (
    DECK_KEY,
    FULL,
    LANG_KEY,
    MUTED_KEY,
    NAMES_KEY,
    OFF,
    ORDER_KEY,
    SPEED_KEY,
    Storage,
    daily_key,
    played_key,
    save_key,
    setup_key,
    tour_key,
)


class FakeBackend:
    """localStorage as a dict; ``quota`` caps the total characters; ``off`` refuses all."""

    def __init__(
        self, items: dict[str, str] | None = None, quota: int | None = None, off: bool = False
    ) -> None:
        self.items = dict(items or {})
        self.quota = quota
        self.off = off

    def store_get(self, key: str) -> str | None:
        return None if self.off else self.items.get(key)

    def store_set(self, key: str, text: str) -> str | None:
        if self.off:
            return OFF
        used = sum(len(k) + len(v) for k, v in self.items.items() if k != key)
        if self.quota is not None and used + len(key) + len(text) > self.quota:
            return FULL
        self.items[key] = text
        return None

    def store_del(self, key: str) -> None:
        self.items.pop(key, None)

    def store_keys(self) -> list[str] | None:
        return None if self.off else list(self.items)


def a_save(game: str, moves: int = 0) -> dict[str, Any]:
    """A real save of ``game`` (seed 3) after ``moves`` legal moves."""
    played = game_class(game).new(seed=3)
    for _ in range(moves):
        played.play(played.legal_moves()[0])
    route = parse_route(f"#/{game}?seed=3")
    return {"v": 1, "hash": route.to_hash_without_speed(), "over": played.is_over(), "game": played.to_json()}


def a_daily_save(game: str, moves: int = 0) -> dict[str, Any]:
    """A save of ``game``'s daily deal of 2026-12-01, with what the statistics keep of it."""
    save = a_save(game, moves)
    return {
        **save,
        "hash": f"#/daily/{game}?date=2026-12-01",
        "daily": "2026-12-01",
        "record": f"{game}-1",
        "level": "normal",
        "replay": False,
        "recorded": False,
        "rev": 3,
    }


def a_setup(game: str) -> dict[str, Any]:
    return {"v": 1, **setup_of(parse_route(f"#/{game}?level=hard"))}


def good_items() -> dict[str, str]:
    items = {
        LANG_KEY: '"tr"',
        SPEED_KEY: '"fast"',
        MUTED_KEY: "1",
        DECK_KEY: '"four"',
        ORDER_KEY: '"rank"',
        NAMES_KEY: json.dumps({"v": 1, "names": ["Ayşe", "", "محمد"]}),
    }
    for game in PLANNED:
        items[save_key(game)] = json.dumps(a_save(game, 2))
        items[daily_key(game)] = json.dumps(a_daily_save(game, 1))
        items[setup_key(game)] = json.dumps(a_setup(game))
        items[played_key(game)] = '["2026-11-30","2026-12-01"]'
        items[tour_key(game)] = "true"
    return items


def test_good_values_of_every_key_are_read_back_as_written():
    store = Storage(FakeBackend(good_items()), PLANNED)
    store.check_all()
    assert store.notices == [] and store.lang() == "tr" and store.speed() == "fast" and store.muted() is True
    assert store.deck() == "four" and store.hand_order() == "rank"
    for game in PLANNED:
        assert store.save(game) == a_save(game, 2) and store.setup(game) == a_setup(game)
        assert store.daily_save(game) == a_daily_save(game, 1) and store.tour_seen(game)
        assert store.played_days(game) == ["2026-11-30", "2026-12-01"]
    assert store.unfinished(PLANNED[0]) is not None
    assert store.names() == ["Ayşe", "", "محمد"] and store.name(2) == "محمد" and store.name(5) == ""


def test_names_are_kept_cleaned_and_a_bad_list_is_refused():
    backend = FakeBackend()
    store = Storage(backend, PLANNED)
    assert store.set_names(["  Ayşe  Yılmaz ", "Ali\u0007", "", ""])
    assert store.names() == ["Ayşe Yılmaz", "Ali"]
    store.set_names(["x" * 100])
    assert store.names() == ["x" * 24]


def test_a_save_written_before_versions_reads_as_version_one():
    legacy = {k: v for k, v in a_save("war", 1).items() if k != "v"}
    store = Storage(FakeBackend({save_key("war"): json.dumps(legacy)}), PLANNED)
    assert store.save("war") == legacy and store.notices == []


def other_game(game: str) -> str:
    return next(g for g in PLANNED if g != game)


def bad_values(key: str, game: str | None) -> dict[str, str]:
    """Each kind of bad value for ``key``: not JSON, wrong shape, wrong types, another
    game's, an unknown version."""
    bad = {
        "invalid JSON": "{",
        "empty": "",
        "list": "[]",
        "object": "{}",
        "number": "7",
        "null": "null",
        "deep": "[" * 2000 + "]" * 2000,
    }
    bad |= {"a megabyte": json.dumps("x" * 2**20), "10,000 deep": "[" * 10_000 + "]" * 10_000}
    if key in (LANG_KEY, SPEED_KEY, DECK_KEY, ORDER_KEY):
        bad |= {"unknown": '"xx"', "inherited name": '"constructor"', "list of one": '["en"]'}
        return bad
    if key == MUTED_KEY:
        return bad | {"two": "2", "true": "true", "text": '"1"'}
    if key == NAMES_KEY:
        return bad | {
            "names a text": json.dumps({"v": 1, "names": "Ayşe"}),
            "a name too long": json.dumps({"v": 1, "names": ["x" * 25]}),
            "a control character": json.dumps({"v": 1, "names": ["A\u0000"]}),
            "a number": json.dumps({"v": 1, "names": [7]}),
            "too many": json.dumps({"v": 1, "names": ["a"] * 7}),
            "unknown version": json.dumps({"v": 2, "names": []}),
        }
    if key == tour_key(game):
        return bad | {"false": "false", "one": "1", "text": '"true"'}
    if key == played_key(game):
        del bad["list"]  # no day played: a good value
        return bad | {
            "not a day": '["yesterday"]',
            "numbers": "[20261201]",
            "too many": json.dumps(["2026-01-01"] * 41),
        }
    if key == daily_key(game):
        good = a_daily_save(game)
        return bad | {
            "unknown version": json.dumps({**good, "v": 99}),
            "no day": json.dumps({k: v for k, v in good.items() if k != "daily"}),
            "the own game's route": json.dumps({**good, "hash": f"#/{game}?seed=3"}),
            "another game's": json.dumps(a_daily_save(other_game(game))),
            "revision as text": json.dumps({**good, "rev": "3"}),
        }
    good = a_save(game) if key == save_key(game) else a_setup(game)
    other = a_save(other_game(game)) if key == save_key(game) else a_setup(other_game(game))
    bad |= {
        "another game's": json.dumps(other),
        "unknown version": json.dumps({**good, "v": 2}),
        "version as text": json.dumps({**good, "v": "1"}),
        "hash a number": json.dumps({**good, "hash": 7}),
        "hash of another game": json.dumps({**good, "hash": f"#/{other_game(game)}?seed=3"}),
        "options a list": json.dumps({**good, "options": ["players", 2]})
        if key == setup_key(game)
        else json.dumps({**good, "game": {**good["game"], "options": ["players", 2]}}),
    }
    if key == save_key(game):
        data = good["game"]
        bad |= {
            "over as text": json.dumps({**good, "over": "no"}),
            "game of another name": json.dumps({**good, "game": {**data, "game": other_game(game)}}),
            "unknown format": json.dumps({**good, "game": {**data, "format": 99}}),
            "seed as text": json.dumps({**good, "game": {**data, "seed": "3"}}),
            "seed too big": json.dumps({**good, "game": {**data, "seed": 2**60}}),
            "a move not ASCII": json.dumps({**good, "game": {**data, "moves": ["²"]}}),
            "moves a string": json.dumps({**good, "game": {**data, "moves": "AS"}}),
            "deck of numbers": json.dumps({**good, "game": {**data, "deck": [1, 2]}}),
        }
    else:
        bad |= {
            "summary of the wrong shape": json.dumps({**good, "summary": [["level.easy"], 3]}),
            "summary params not an object": json.dumps({**good, "summary": [["table.match_to", [151]]]}),
            "level unknown": json.dumps({**good, "level": "godlike"}),
        }
    return bad


KEYS = [
    (LANG_KEY, None),
    (SPEED_KEY, None),
    (MUTED_KEY, None),
    (NAMES_KEY, None),
    (DECK_KEY, None),
    (ORDER_KEY, None),
] + [(f(g), g) for g in PLANNED for f in (save_key, daily_key, setup_key, played_key, tour_key)]


@pytest.mark.parametrize("key,game", KEYS)
def test_every_bad_value_of_a_key_is_dropped_with_a_notice_and_the_others_stay(key, game):
    for kind, raw in bad_values(key, game).items():
        items = good_items()
        items[key] = raw
        backend = FakeBackend(items)
        store = Storage(backend, PLANNED)
        store.check_all()
        assert key not in backend.items, kind
        assert len(store.notices) == 1, kind
        notice, params = store.notices[0]
        assert notice.startswith("notice.reset.") and params.get("game") == game, kind
        assert {k: v for k, v in backend.items.items()} == {
            k: v for k, v in good_items().items() if k != key
        }, kind


def test_a_save_under_another_games_key_is_never_read_as_that_game():
    pisti, war = PLANNED[0], other_game(PLANNED[0])
    crafted = {**a_save(pisti), "hash": f"#/{war}?seed=3"}
    store = Storage(
        FakeBackend({save_key(war): json.dumps(crafted), save_key(pisti): json.dumps(crafted)}), PLANNED
    )
    assert store.save(war) is None and store.save(pisti) is None and len(store.notices) == 2


def test_a_daily_save_reset_at_start_is_remembered_once_for_the_daily_screen():
    game = PLANNED[0]
    items = good_items() | {daily_key(game): json.dumps({**a_daily_save(game, 1), "v": 99})}
    store = Storage(FakeBackend(items), PLANNED)
    store.check_all()
    assert store.notices == [("notice.reset.daily", {"game": game})]
    assert not store.was_reset(save_key(game)) and store.daily_save(game) is None
    assert store.was_reset(daily_key(game)) and not store.was_reset(daily_key(game))


def test_stale_keys_of_the_namespace_go_and_other_sites_keys_stay():
    items = good_items() | {"cardems:save:chess": "{}", "cardems:old": "1", "other-site:lang": '"de"'}
    backend = FakeBackend(items)
    Storage(backend, PLANNED).check_all()
    assert backend.items == good_items() | {"other-site:lang": '"de"'}


def test_a_full_storage_is_reported_and_leaves_no_older_save_behind():
    game = PLANNED[0]
    backend = FakeBackend({save_key(game): json.dumps(a_save(game, 1))})
    backend.quota = len(save_key(game)) + len(backend.items[save_key(game)]) + 10
    store = Storage(backend, PLANNED)
    later = a_save(game, 20)
    told: list[tuple[str | None, bool]] = []
    store.on_write = lambda failure, is_game: told.append((failure, is_game))
    assert not store.set_save(game, later["hash"], later["over"], later["game"])
    assert store.failure == FULL and save_key(game) not in backend.items  # never restored as if current
    backend.quota = 0
    assert not store.set_tour_seen(game) and told == [(FULL, True), (FULL, False)]  # every write is told
    backend.quota = None
    assert store.set_save(game, later["hash"], later["over"], later["game"]) and store.failure is None
    assert store.save(game) == later and told[-1] == (None, True)


def test_no_storage_at_all_is_reported_and_reads_nothing():
    store = Storage(FakeBackend(off=True), PLANNED)
    store.check_all()
    assert store.failure == OFF and store.lang() is None and store.save(PLANNED[0]) is None
    assert not store.set_lang("en") and store.failure == OFF and store.notices == []


@settings(max_examples=300, deadline=None)
@given(
    key=st.sampled_from([k for k, _ in KEYS]),
    value=st.recursive(
        st.none() | st.booleans() | st.integers() | st.floats() | st.text(max_size=8),
        lambda inner: st.lists(inner, max_size=4) | st.dictionaries(st.text(max_size=6), inner, max_size=5),
        max_leaves=20,
    ),
)
def test_arbitrary_json_under_any_key_never_raises(key, value):
    backend = FakeBackend({key: json.dumps(value)})
    store = Storage(backend, PLANNED)
    store.check_all()
    assert len(store.notices) + (key in backend.items) == 1


@settings(max_examples=200, deadline=None)
@given(text=st.text(max_size=40))
def test_arbitrary_text_under_any_key_never_raises(text):
    for key, _ in KEYS:
        backend = FakeBackend({key: text})
        store = Storage(backend, PLANNED)
        store.check_all()
        assert len(store.notices) + (key in backend.items) == 1


def test_the_display_settings_are_written_checked_and_read_back():
    backend = FakeBackend({})
    store = Storage(backend, PLANNED)
    assert store.deck() is None and store.hand_order() is None
    assert store.set_deck("four") and store.set_hand_order("dealt")
    assert backend.items == {DECK_KEY: '"four"', ORDER_KEY: '"dealt"'}
    assert store.deck() == "four" and store.hand_order() == "dealt"
    for bad in (lambda: store.set_deck("three"), lambda: store.set_hand_order("colour")):
        with pytest.raises(ValueError):
            bad()
    assert backend.items == {DECK_KEY: '"four"', ORDER_KEY: '"dealt"'}


def test_todays_daily_deal_is_done_once_its_save_is_over_on_that_day():
    game = PLANNED[0]
    over = {**a_daily_save(game), "over": True}
    store = Storage(FakeBackend({daily_key(game): json.dumps(over)}), PLANNED)
    assert store.daily_done(game, "2026-12-01")
    assert not store.daily_done(game, "2026-12-02")  # another day's
    store = Storage(FakeBackend({daily_key(game): json.dumps(a_daily_save(game, 1))}), PLANNED)
    assert not store.daily_done(game, "2026-12-01")  # still in play
    assert not Storage(FakeBackend({}), PLANNED).daily_done(game, "2026-12-01")
