"""Everything Cardems keeps in the browser, read and written here only.

Pure Python: the storage itself is a *backend* passed in (on the page,
:mod:`cardems.web.dom`'s ``store_*`` functions over ``localStorage``; in the
tests, a dictionary), so every rule below is tested under CPython.

Keys, all under the ``cardems:`` namespace (:data:`KINDS` holds each one's rules):

- ``cardems:lang``: the language chosen (``"en"``, ``"tr"``, ``"ar"``, ``"fa"``);
- ``cardems:speed``: the speed chosen (``"normal"``, ``"fast"``, ``"instant"``);
- ``cardems:v1:muted``: ``1`` when the sound is off, ``0`` when on;
- ``cardems:deck``: the deck's colours (``"two"``, ``"four"``: :mod:`cardems.web.display`);
- ``cardems:order``: the hand's order (``"game"``, ``"suit"``, ``"rank"``, ``"dealt"``);
- ``cardems:save:<game>``: the game in play, ``{"v": 1, "hash", "over", "game", ...}``
  (with what the statistics keep of it: :mod:`cardems.web.record`);
- ``cardems:save:daily:<game>``: the daily deal in play, the same shape, its ``hash``
  the daily link and ``daily`` its day;
- ``cardems:setup:<game>``: the last-used setup, ``{"v": 1, "options", "level",
  "hash", "summary"}``;
- ``cardems:daily:played:<game>``: the days whose deal of ``game`` was dealt here;
- ``cardems:tour:<game>``: ``true`` once the game's walkthrough was seen or skipped;
- ``cardems:names``: the names of the persons of pass-and-play, ``{"v": 1, "names": [...]}``,
  the first person's first (:data:`MAX_PEOPLE` at most, each :data:`MAX_NAME` characters).

The objects carry their version (``"v"``; a save written before versions
existed has none and reads as version 1). Every value is checked on read, its
size and nesting before it is parsed (:mod:`cardems.web.jsontext`), then its
shape and types, without loading any game's rules: a value that fails (too long,
too deep, not JSON, another shape, another game's save, an unknown version) is
removed and a notice names what was reset; nothing raised. Keys of the namespace
that no build of this version writes are removed at start. A write that fails
(the storage is full, or the browser allows none) is remembered in
:attr:`Storage.failure` and told to the ``on_write`` listener, for the page to
tell the player, whoever wrote; a save that cannot be written is removed, so an
older one is never restored as if it were the game the player left.
"""

from __future__ import annotations

import json
import re
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any, Protocol, cast

from cardems.bots import LEVELS
from cardems.game import SAVE_FORMAT
from cardems.web.display import DECKS, ORDERS
from cardems.web.i18n import LANGUAGES
from cardems.web.jsontext import Unreadable, loads_bounded
from cardems.web.route import SPEEDS, parse_route
from cardems.web.seating import MAX_NAME, clean_name

NAMESPACE = "cardems:"
VERSION = 1
LANG_KEY = "cardems:lang"
SPEED_KEY = "cardems:speed"
MUTED_KEY = "cardems:v1:muted"
NAMES_KEY = "cardems:names"
MAX_PEOPLE = 6  # names remembered (the most seats of any game)
DECK_KEY = "cardems:deck"
ORDER_KEY = "cardems:order"
FULL = "full"  # a write failed: the origin's storage quota is used up
OFF = "off"  # the browser allows no storage (private mode, site data blocked)

MAX_HASH = 2000  # characters of a stored route
MAX_MOVES = 20000  # moves in a save (a long Pis Yedili match stays far below)
MAX_TEXT = 64  # characters of one move, card or option value
MAX_DECK = 200
MAX_OPTIONS = 20
MAX_SUMMARY = 12
MAX_DEPTH = 8  # how deep any stored value may nest (a save nests 3 deep)
PLAYED_DAYS = 40  # days' deals remembered as played, per game
_DAY = re.compile(r"\d{4}-\d{2}-\d{2}")

Notice = tuple[str, dict[str, Any]]


class Backend(Protocol):
    """Raw text storage. ``store_set`` returns None, :data:`FULL` or :data:`OFF`;
    ``store_keys`` returns None when the storage cannot be used at all."""

    def store_get(self, key: str) -> str | None: ...
    def store_set(self, key: str, text: str) -> str | None: ...
    def store_del(self, key: str) -> None: ...
    def store_keys(self) -> list[str] | None: ...


class Invalid(ValueError):
    """A stored value that cannot be used (the message says why, for the console)."""


def save_key(game: str) -> str:
    return f"{NAMESPACE}save:{game}"


def daily_key(game: str) -> str:
    """The daily deal of ``game`` in play (apart from the player's own game of it)."""
    return f"{NAMESPACE}save:daily:{game}"


def setup_key(game: str) -> str:
    """The options and level the player last used for ``game``."""
    return f"{NAMESPACE}setup:{game}"


def played_key(game: str) -> str:
    return f"{NAMESPACE}daily:played:{game}"


def tour_key(game: str) -> str:
    return f"{NAMESPACE}tour:{game}"


# ---------------------------------------------------------------- checks (pure)
def _require(ok: bool, why: str) -> None:
    if not ok:
        raise Invalid(why)


def _is_int(value: Any) -> bool:
    return isinstance(value, int) and not isinstance(value, bool)


def _short_text(value: Any) -> bool:
    return isinstance(value, str) and 0 < len(value) <= MAX_TEXT and value.isascii() and value.isprintable()


def _versioned(value: Any) -> dict[str, Any]:
    _require(isinstance(value, dict), "not an object")
    _require(
        value.get("v", VERSION) == VERSION and _is_int(value.get("v", VERSION)),
        f"unknown version {str(value.get('v'))[:20]!r}",
    )
    return cast("dict[str, Any]", value)  # checked above


def _route_of(game: str, value: Any, screen: str | None = None) -> str:
    _require(isinstance(value, str) and len(value) <= MAX_HASH and value.startswith("#/"), "no route")
    route = parse_route(value)
    _require(route.game == game and route.screen == screen, f"a route of another game: {value[:40]!r}")
    return cast("str", value)  # checked above


def _options(value: Any) -> dict[str, Any]:
    _require(isinstance(value, dict) and len(value) <= MAX_OPTIONS, "options are not an object")
    for name, option in value.items():
        _require(_short_text(name), "an option name is not a short text")
        _require(
            isinstance(option, bool) or (_is_int(option) and abs(option) < 10**9) or _short_text(option),
            f"option {name} is not a short text, a whole number or yes/no",
        )
    return cast("dict[str, Any]", value)  # checked above


def _one_of(values: tuple[str, ...] | frozenset[str] | dict[str, Any], what: str) -> Callable[[Any], str]:
    """A check that a value is one of ``values`` (its failure says ``what`` it is not)."""

    def check(value: Any) -> str:
        _require(isinstance(value, str) and value in values, what)
        return cast("str", value)  # checked above

    return check


check_lang = _one_of(LANGUAGES, "not a language of Cardems")
check_speed = _one_of(SPEEDS, "not a speed")
check_deck = _one_of(DECKS, "not a deck's colours")
check_order = _one_of(ORDERS, "not an order of the hand")


def check_muted(value: Any) -> bool:
    _require(_is_int(value) and value in (0, 1), "not 0 or 1")
    return bool(value == 1)


def check_tour(value: Any) -> bool:
    _require(value is True, "not true")
    return True


def check_names(value: Any) -> list[str]:
    """The persons' names: a list of texts as :func:`clean_name` leaves them ("" for a
    person with no name of their own)."""
    names = _versioned(value).get("names")
    if not isinstance(names, list) or len(names) > MAX_PEOPLE:
        raise Invalid("names are not a list")
    _require(
        all(isinstance(n, str) and len(n) <= MAX_NAME and clean_name(n) == n for n in names),
        "a name is not a short text",
    )
    return [str(n) for n in names]


def check_played(value: Any) -> list[str]:
    _require(isinstance(value, list) and len(value) <= PLAYED_DAYS, "not a list of days")
    _require(all(isinstance(day, str) and _DAY.fullmatch(day) for day in value), "not a list of days")
    return cast("list[str]", value)  # checked above


def check_save(game: str, value: Any, *, daily: bool = False) -> dict[str, Any]:
    """A stored save of ``game`` (with ``daily``: of its daily deal): its route, whether
    it is over, and the game's own save (``Game.to_json``) checked for shape; replaying
    it is the table's affair."""
    save = _versioned(value)
    _route_of(game, save.get("hash"), "daily" if daily else None)
    if daily:
        _require(isinstance(save.get("daily"), str) and bool(_DAY.fullmatch(save["daily"])), "no day")
    _require(isinstance(save.get("over"), bool), "no over flag")
    _require(_is_int(save.get("rev", 0)) and save.get("rev", 0) >= 0, "no valid revision")
    data: Any = save.get("game")  # JSON from storage: checked below
    _require(isinstance(data, dict), "no game")
    _require(data.get("format") == SAVE_FORMAT, f"unknown save format {str(data.get('format'))[:20]!r}")
    _require(data.get("game") == game, f"a save of {str(data.get('game'))[:40]!r}")
    _require(_is_int(data.get("seed")) and 0 <= data["seed"] < 2**53, "no valid seed")
    _options(data.get("options"))
    moves = data.get("moves")
    _require(
        isinstance(moves, list) and len(moves) <= MAX_MOVES and all(_short_text(m) for m in moves),
        "moves are not a list of short texts",
    )
    deck = data.get("deck")
    _require(
        deck is None
        or (isinstance(deck, list) and len(deck) <= MAX_DECK and all(_short_text(c) for c in deck)),
        "the deck is not a list of card codes",
    )
    return save


def check_setup(game: str, value: Any) -> dict[str, Any]:
    """A stored setup of ``game``: its options, level, link and summary (catalog keys)."""
    setup = _versioned(value)
    _options(setup.get("options"))
    _require(setup.get("level") in LEVELS, "no level")
    _route_of(game, setup.get("hash"))
    summary: Any = setup.get("summary")
    _require(isinstance(summary, list) and len(summary) <= MAX_SUMMARY, "no summary")
    for part in summary:
        _require(
            isinstance(part, list) and len(part) == 2 and _short_text(part[0]) and isinstance(part[1], dict),
            "a summary part is not [key, params]",
        )
        _require(
            all(_short_text(k) and (_is_int(v) or _short_text(v)) for k, v in part[1].items()),
            "a summary parameter is not a short text or a number",
        )
    return setup


@dataclass(frozen=True)
class Kind:
    """One kind of key: how long its text may be, how its value is checked, what the
    player is told when it is reset (a catalog key; its ``game`` named if it has one)."""

    name: str
    max_chars: int
    check: Callable[[str | None, Any], Any]
    notice: str


KINDS = {
    "lang": Kind("lang", 64, lambda _g, v: check_lang(v), "notice.reset.lang"),
    "speed": Kind("speed", 64, lambda _g, v: check_speed(v), "notice.reset.speed"),
    "muted": Kind("muted", 64, lambda _g, v: check_muted(v), "notice.reset.sound"),
    "deck": Kind("deck", 64, lambda _g, v: check_deck(v), "notice.reset.deck"),
    "order": Kind("order", 64, lambda _g, v: check_order(v), "notice.reset.order"),
    "save": Kind("save", 256 * 1024, lambda g, v: check_save(str(g), v), "notice.reset.save"),
    "daily": Kind("daily", 256 * 1024, lambda g, v: check_save(str(g), v, daily=True), "notice.reset.daily"),
    "setup": Kind("setup", 16 * 1024, lambda g, v: check_setup(str(g), v), "notice.reset.setup"),
    "played": Kind("played", 2048, lambda _g, v: check_played(v), "notice.reset.played"),
    "tour": Kind("tour", 64, lambda _g, v: check_tour(v), "notice.reset.tour"),
    "names": Kind("names", 2048, lambda _g, v: check_names(v), "notice.reset.names"),
}
_BY_GAME = (
    ("daily", daily_key),
    ("save", save_key),
    ("setup", setup_key),
    ("played", played_key),
    ("tour", tour_key),
)


# ---------------------------------------------------------------- the store
class Storage:
    """Reads and writes of every key, checked. ``notices`` collects what was reset
    (catalog key, params) until the page shows them; ``failure`` is the reason the
    last write failed (:data:`FULL`, :data:`OFF`) or None once one succeeds, and every
    write is told to ``on_write(failure, game)`` (``game``: whether it was a save)."""

    def __init__(
        self,
        backend: Backend,
        games: tuple[str, ...],
        on_write: Callable[[str | None, bool], None] | None = None,
    ) -> None:
        self.backend = backend
        self.games = games
        self.on_write = on_write
        self.notices: list[Notice] = []
        self.failure: str | None = None
        self.problems: list[str] = []  # why each reset value was refused, for the console
        self.reset: set[str] = set()  # the keys reset since this page started

    # -- which key is which
    def kind_of(self, key: str) -> tuple[Kind, str | None] | None:
        """The kind of ``key`` and the game it is of, or None for a key no build of this
        version writes."""
        for name, fixed in (
            ("lang", LANG_KEY),
            ("speed", SPEED_KEY),
            ("muted", MUTED_KEY),
            ("names", NAMES_KEY),
            ("deck", DECK_KEY),
            ("order", ORDER_KEY),
        ):
            if key == fixed:
                return KINDS[name], None
        for name, key_of in _BY_GAME:
            prefix = key_of("")
            if key.startswith(prefix) and key[len(prefix) :] in self.games:
                return KINDS[name], key[len(prefix) :]
        return None

    # -- reading
    def _read(self, key: str) -> Any:
        """The checked value under ``key``, or None (a bad one removed, with its notice)."""
        raw = self.backend.store_get(key)
        found = self.kind_of(key)
        if raw is None or found is None:
            return None
        kind, game = found
        try:
            return kind.check(game, loads_bounded(raw, max_chars=kind.max_chars, max_depth=MAX_DEPTH))
        except (Invalid, Unreadable) as exc:
            self.backend.store_del(key)
            self.reset.add(key)
            self.notices.append((kind.notice, {"game": game} if game else {}))
            self.problems.append(f"{key}: {exc}")
            return None

    def lang(self) -> str | None:
        return cast("str | None", self._read(LANG_KEY))  # checked by its kind

    def speed(self) -> str | None:
        return cast("str | None", self._read(SPEED_KEY))  # checked by its kind

    def muted(self) -> bool:
        return bool(self._read(MUTED_KEY))

    def deck(self) -> str | None:
        """The deck's colours chosen (:data:`cardems.web.display.DECKS`), if any."""
        return cast("str | None", self._read(DECK_KEY))  # checked by its kind

    def hand_order(self) -> str | None:
        """The hand's order chosen (:data:`cardems.web.display.ORDERS`), if any."""
        return cast("str | None", self._read(ORDER_KEY))  # checked by its kind

    def save(self, game: str) -> dict[str, Any] | None:
        return cast("dict[str, Any] | None", self._read(save_key(game)))  # checked by its kind

    def daily_save(self, game: str) -> dict[str, Any] | None:
        return cast("dict[str, Any] | None", self._read(daily_key(game)))  # checked by its kind

    def setup(self, game: str) -> dict[str, Any] | None:
        return cast("dict[str, Any] | None", self._read(setup_key(game)))  # checked by its kind

    def daily_done(self, game: str, today: str) -> bool:
        """Whether ``game``'s deal of ``today`` (``YYYY-MM-DD``) was played to its end here."""
        saved = self.daily_save(game)
        return saved is not None and saved.get("daily") == today and bool(saved.get("over"))

    def played_days(self, game: str) -> list[str]:
        return list(self._read(played_key(game)) or [])

    def names(self) -> list[str]:
        """The persons' names remembered here, the first person's first ("": none)."""
        return list(self._read(NAMES_KEY) or [])

    def name(self, person: int) -> str:
        """The name of the ``person``-th person at the table (0 the first), "" if none."""
        names = self.names()
        return names[person] if 0 <= person < len(names) else ""

    def tour_seen(self, game: str) -> bool:
        return bool(self._read(tour_key(game)))

    def revision(self, game: str, *, daily: bool = False) -> int | None:
        """The revision of the stored save of ``game`` (0 for one written before revisions),
        or None when there is none. Read at every move, so only the revision is looked at:
        a bad value is found by the next full read."""
        raw = self.backend.store_get(daily_key(game) if daily else save_key(game))
        if raw is None:
            return None
        try:
            value = loads_bounded(raw, max_chars=KINDS["save"].max_chars, max_depth=MAX_DEPTH)
        except Unreadable:
            return None
        rev = value.get("rev", 0) if isinstance(value, dict) else 0
        return rev if _is_int(rev) and rev >= 0 else 0

    def was_reset(self, key: str) -> bool:
        """Whether the value under ``key`` was reset since the page started (asked once:
        the answer is forgotten)."""
        if key in self.reset:
            self.reset.discard(key)
            return True
        return False

    def unfinished(self, game: str) -> dict[str, Any] | None:
        """The save of ``game`` if it is a game still in play."""
        save = self.save(game)
        return save if save is not None and not save["over"] else None

    def check_all(self) -> None:
        """At start: every key of the namespace read and checked (a bad one removed,
        with its notice), keys no longer written removed; :data:`OFF` if there is no storage."""
        keys = self.backend.store_keys()
        if keys is None:
            self.failure = OFF
            return
        for key in keys:
            if not key.startswith(NAMESPACE):
                continue  # another site of the same origin (GitHub Pages: every project of a user)
            if self.kind_of(key) is None:
                self.backend.store_del(key)
            else:
                self._read(key)

    # -- writing
    def _write(self, key: str, value: Any, game: bool = False) -> bool:
        failure = self.backend.store_set(key, json.dumps(value, separators=(",", ":")))
        self.failure = failure
        if self.on_write is not None:
            self.on_write(failure, game)
        return failure is None

    def set_lang(self, lang: str) -> bool:
        return self._write(LANG_KEY, check_lang(lang))

    def set_speed(self, speed: str) -> bool:
        return self._write(SPEED_KEY, check_speed(speed))

    def set_muted(self, muted: bool) -> bool:
        return self._write(MUTED_KEY, 1 if muted else 0)

    def set_deck(self, deck: str) -> bool:
        return self._write(DECK_KEY, check_deck(deck))

    def set_hand_order(self, order: str) -> bool:
        return self._write(ORDER_KEY, check_order(order))

    def set_setup(self, game: str, setup: dict[str, Any]) -> bool:
        return self._write(setup_key(game), check_setup(game, {"v": VERSION, **setup}))

    def set_names(self, names: list[Any]) -> bool:
        """Remember the persons' names (cleaned; trailing empty ones dropped)."""
        kept = [clean_name(n) for n in names][:MAX_PEOPLE]
        while kept and not kept[-1]:
            kept.pop()
        return self._write(NAMES_KEY, {"v": VERSION, "names": check_names({"names": kept})})

    def set_tour_seen(self, game: str, seen: bool = True) -> bool:
        if not seen:
            self.backend.store_del(tour_key(game))
            return True
        return self._write(tour_key(game), True)

    def add_played_day(self, game: str, day: str) -> bool:
        days = [d for d in self.played_days(game) if d != day]
        return self._write(played_key(game), check_played([*days, day][-PLAYED_DAYS:]))

    def set_save(
        self,
        game: str,
        route_hash: str,
        over: bool,
        data: dict[str, Any],
        extra: dict[str, Any] | None = None,
        *,
        daily: bool = False,
    ) -> bool:
        """Store the game in play (with ``extra``: what the statistics keep of it, and ``rev``,
        its revision; ``daily``: in the daily deal's slot); if that fails, the older save is
        removed (a reload must not restore it as if it were this game)."""
        save = check_save(
            game, {**(extra or {}), "v": VERSION, "hash": route_hash, "over": over, "game": data}, daily=daily
        )
        key = daily_key(game) if daily else save_key(game)
        if self._write(key, save, game=True):
            return True
        self.backend.store_del(key)
        return False

    def drop_save(self, game: str, *, daily: bool = False) -> None:
        self.backend.store_del(daily_key(game) if daily else save_key(game))
