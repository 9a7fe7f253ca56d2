"""The table's game and its save (cardems/web/saves.py) and the notices
(cardems/web/notices.py), under CPython: which address resumes, asks or deals anew;
a save that does not replay is dropped; a save goes to the open slot only."""

from __future__ import annotations

import json

import pytest

from cardems.games import PLANNED, game_class
from cardems.web.i18n import Catalog
from cardems.web.notices import Notices
from cardems.web.route import parse_route
from cardems.web.saves import Saves, Slot, opening
from cardems.web.storage import FULL, Storage, daily_key, save_key
from tests.web.test_storage import FakeBackend, a_save


def saved_game(game: str = "pisti", moves: int = 3, *, over: bool = False, options: str = "") -> dict:
    route = parse_route(f"#/{game}?seed=3{options}")
    played = game_class(game).new(route.options, seed=3)
    for _ in range(moves):
        played.play(played.legal_moves()[0])
    return {
        "v": 1,
        "hash": route.to_hash_without_speed(),
        "over": over or played.is_over(),
        "game": played.to_json(),
    }


@pytest.mark.parametrize(
    "address,chosen,expected",
    [
        ("#/pisti?seed=3", False, "resume"),  # its own address: a reload
        ("#/pisti?seed=3&speed=instant", False, "resume"),
        ("#/pisti", False, "resume"),  # a tile's Resume
        ("#/pisti?players=2", False, "resume"),  # the same setup, no deal named
        ("#/pisti?seed=4", False, "ask"),  # another deal would replace the game in play
        ("#/pisti?players=3", False, "ask"),
        ("#/pisti?seed=4", True, "new"),  # chosen here (New game, the options)
    ],
)
def test_an_address_resumes_asks_or_deals_anew(address, chosen, expected):
    assert opening(parse_route(address), saved_game(), chosen) == expected


def test_a_game_over_or_not_begun_is_never_asked_about():
    assert opening(parse_route("#/pisti?seed=4"), saved_game(moves=0), False) == "new"
    assert opening(parse_route("#/pisti"), saved_game(over=True), False) == "new"
    assert (
        opening(parse_route("#/pisti?seed=3"), saved_game(over=True), False) == "resume"
    )  # its result again
    assert opening(parse_route("#/pisti"), None, False) == "new"


def test_a_save_that_does_not_replay_or_whose_address_lies_is_dropped():
    backend = FakeBackend()
    warned: list[str] = []
    saves = Saves(Storage(backend, PLANNED), warned.append)
    good = a_save("war", 2)
    cls = game_class("war")
    assert saves.restore(cls, good).moves == good["game"]["moves"]
    for bad in ({**good, "hash": "#/war?seed=4"}, {**good, "game": {**good["game"], "moves": ["2S", "2S"]}}):
        backend.items[save_key("war")] = json.dumps(bad)
        assert saves.restore(cls, bad) is None and save_key("war") not in backend.items
    assert len(warned) == 2 and all("discarded a save" in w for w in warned)


def test_a_move_is_saved_in_the_open_slot_only():
    backend = FakeBackend()
    saves = Saves(Storage(backend, PLANNED), lambda _w: None)
    game = game_class("pisti").new(seed=3)
    route = parse_route("#/pisti?seed=3")
    saves.save(route, game)
    assert backend.items == {}  # no table open
    saves.slot = Slot("pisti", meta={"record": "r1", "recorded": False})
    saves.save(route, game)
    stored = json.loads(backend.items[save_key("pisti")])
    assert stored["record"] == "r1" and stored["game"] == game.to_json()
    daily = parse_route("#/daily/pisti?date=2026-12-01")
    saves.slot = Slot("pisti", daily=True, meta={"daily": "2026-12-01"})
    saves.save(daily, game)
    assert json.loads(backend.items[daily_key("pisti")])["daily"] == "2026-12-01"
    saves.slot = Slot("war")
    saves.save(route, game)  # another game's slot: not this game's
    assert json.loads(backend.items[save_key("pisti")])["record"] == "r1"


def test_notices_say_each_thing_once_and_a_storage_failure_until_it_mends():
    t = Catalog("en").t
    notices = Notices()
    assert notices.add("notice.resumed") and not notices.add("notice.resumed")
    assert notices.wrote(FULL, True) and ("notice.unsaved_game.full", {}) in notices
    assert not notices.wrote(FULL, True)  # told once
    assert not notices.wrote(None, False)  # a setting stored does not mean the game is
    notices.replace([("notice.link_parts", {"parts": "x=1"})])  # another page: the failure is still told
    assert [key for key, _ in notices] == ["notice.link_parts", "notice.unsaved_game.full"]
    assert notices.wrote(None, True) and [key for key, _ in notices] == ["notice.link_parts"]
    html = notices.html(t)
    assert html.count("<li") == 1 and "x=1" in html and "{" not in html


def test_a_save_is_never_written_over_a_newer_one_this_tab_has_not_read():
    """Two tabs on one game: each writes with the revision it last read or wrote plus one;
    the one that finds a newer revision stored stops writing and is told, once."""
    backend = FakeBackend()
    store = Storage(backend, PLANNED)
    told: list[str] = []
    a = Saves(store, lambda _w: None, on_stale=lambda slot: told.append(f"a:{slot.game}"))
    b = Saves(store, lambda _w: None, on_stale=lambda slot: told.append(f"b:{slot.game}"))
    route = parse_route("#/pisti?seed=3")
    game = game_class("pisti").new(seed=3)
    a.open(Slot("pisti"))
    a.save(route, game)
    game.play(game.legal_moves()[0])
    a.save(route, game)
    assert store.revision("pisti") == 2 and a.slot.rev == 2
    b.open(Slot("pisti"))  # tab B resumes the game: it has read revision 2
    assert b.slot.rev == 2
    other = game_class("pisti").from_json(game.to_json())
    game.play(game.legal_moves()[0])
    a.save(route, game)  # A goes on: revision 3
    other.play(other.legal_moves()[-1])
    b.save(route, other)  # B's line would overwrite A's: refused
    assert json.loads(backend.items[save_key("pisti")])["game"]["moves"] == game.moves
    assert told == ["b:pisti"] and b.slot.stale
    b.save(route, other)
    assert told == ["b:pisti"] and store.revision("pisti") == 3  # told once; still nothing written
    a.save(route, game)
    assert store.revision("pisti") == 4 and told == ["b:pisti"]


def test_a_new_game_over_an_old_save_goes_on_from_its_revision():
    backend = FakeBackend({save_key("war"): json.dumps({**a_save("war", 2), "rev": 7})})
    store = Storage(backend, PLANNED)
    saves = Saves(store, lambda _w: None)
    saves.open(Slot("war"))
    saves.save(parse_route("#/war?seed=9"), game_class("war").new(seed=9))
    assert store.revision("war") == 8  # revisions never go back: a tab at 7 sees it is behind
    assert Storage(FakeBackend({save_key("war"): "{"}), PLANNED).revision("war") is None
