"""Everything Cardems keeps in the browser, read and written here only.

Pure Python: the storage itself is a *backend* passed in (on the page,
:mod:`cardems.web.dom`'s ``store_*`` functions over ``localStorage``; in the
tests, a dictionary), so every rule below is tested under CPython.

Keys, all under the ``cardems:`` namespace:

- ``cardems:lang``: the language chosen (``"en"``, ``"tr"``, ``"ar"``, ``"fa"``);
- ``cardems:speed``: the speed chosen (``"normal"``, ``"fast"``, ``"instant"``);
- ``cardems:save:<game>``: the game in play, ``{"v": 1, "hash", "over", "game"}``;
- ``cardems:setup:<game>``: the last-used setup, ``{"v": 1, "options", "level",
  "hash", "summary"}``.

The objects carry their version (``"v"``; a save written before versions
existed has none and reads as version 1). Every value is checked on read,
shape and types, without loading any game's rules: a value that fails (not
JSON, another shape, another game's save, an unknown version) is removed and
a notice names what was reset; nothing raised. Keys of the namespace that no
build of this version writes are removed at start. A write that fails (the
storage is full, or the browser allows none) is remembered in
:attr:`Storage.failure` for the page to tell the player; a save that cannot
be written is removed, so an older one is never restored as if it were the
game the player left.
"""

from __future__ import annotations

import json
from typing import Any, Callable, Protocol

from cardems.bots import LEVELS
from cardems.game import SAVE_FORMAT
from cardems.web.i18n import LANGUAGES
from cardems.web.route import SPEEDS

NAMESPACE = "cardems:"
OTHER_KEYS = ("cardems:save:daily:", "cardems:daily:played:", "cardems:tour:", "cardems:v1:muted")
VERSION = 1
LANG_KEY = "cardems:lang"
SPEED_KEY = "cardems:speed"
FULL = "full"          # a write failed: the origin's storage quota is used up
OFF = "off"            # the browser allows no storage (private mode, site data blocked)

MAX_HASH = 2000        # characters of a stored route
MAX_MOVES = 20000      # moves in a save (a long Pis Yedili match stays far below)
MAX_TEXT = 64          # characters of one move, card or option value
MAX_DECK = 200
MAX_OPTIONS = 20
MAX_SUMMARY = 12

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


def setup_key(game: str) -> str:
    """The options and level the player last used for ``game``."""
    return f"{NAMESPACE}setup:{game}"


def hash_game(hash_text: str) -> str:
    """The game a route names (``#/pis-yedili?seed=1`` -> ``pis-yedili``), unchecked."""
    return hash_text.lstrip("#").partition("?")[0].strip("/").lower()


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
    _require(value.get("v", VERSION) == VERSION and _is_int(value.get("v", VERSION)),
             f"unknown version {value.get('v')!r}")
    return value


def _route_of(game: str, value: Any) -> str:
    _require(isinstance(value, str) and len(value) <= MAX_HASH, "no route")
    _require(value.startswith("#/") and hash_game(value) in (game, f"daily/{game}"),   # a game, or its daily deal
             f"a route of another game: {value[:40]!r}")
    return value


def _options(value: Any) -> dict[str, Any]:
    _require(isinstance(value, dict) and len(value) <= MAX_OPTIONS, "options are not an object")
    for name, option in value.items():
        _require(_short_text(name), "an option name is not a short text")
        _require(isinstance(option, bool) or (_is_int(option) and abs(option) < 10**9) or _short_text(option),
                 f"option {name} is not a short text, a whole number or yes/no")
    return value


def check_lang(value: Any) -> str:
    _require(isinstance(value, str) and value in LANGUAGES, "not a language of Cardems")
    return value


def check_speed(value: Any) -> str:
    _require(isinstance(value, str) and value in SPEEDS, "not a speed")
    return value


def check_save(game: str, value: Any) -> dict[str, Any]:
    """A stored save of ``game``: its route, whether it is over, and the game's own save
    (``Game.to_json``) checked for shape; replaying it is the table's affair."""
    save = _versioned(value)
    _route_of(game, save.get("hash"))
    _require(isinstance(save.get("over"), bool), "no over flag")
    data = save.get("game")
    _require(isinstance(data, dict), "no game")
    _require(data.get("format") == SAVE_FORMAT, f"unknown save format {data.get('format')!r}")
    _require(data.get("game") == game, f"a save of {str(data.get('game'))[:40]!r}")
    _require(_is_int(data.get("seed")) and 0 <= data["seed"] < 2**53, "no valid seed")
    _options(data.get("options"))
    moves = data.get("moves")
    _require(isinstance(moves, list) and len(moves) <= MAX_MOVES and all(_short_text(m) for m in moves),
             "moves are not a list of short texts")
    deck = data.get("deck")
    _require(deck is None or (isinstance(deck, list) and len(deck) <= MAX_DECK and all(_short_text(c) for c in deck)),
             "the deck is not a list of card codes")
    return save


def check_setup(game: str, value: Any) -> dict[str, Any]:
    """A stored setup of ``game``: its options, level, link and summary (catalog keys)."""
    setup = _versioned(value)
    _options(setup.get("options"))
    _require(setup.get("level") in LEVELS, "no level")
    _route_of(game, setup.get("hash"))
    summary = setup.get("summary")
    _require(isinstance(summary, list) and len(summary) <= MAX_SUMMARY, "no summary")
    for part in summary:
        _require(isinstance(part, list) and len(part) == 2 and _short_text(part[0]) and isinstance(part[1], dict),
                 "a summary part is not [key, params]")
        _require(all(_short_text(k) and (_is_int(v) or _short_text(v)) for k, v in part[1].items()),
                 "a summary parameter is not a short text or a number")
    return setup


# ---------------------------------------------------------------- the store
class Storage:
    """Reads and writes of every key, checked. ``notices`` collects what was reset
    (catalog key, params) until the page shows them; ``failure`` is the reason the
    last write failed (:data:`FULL`, :data:`OFF`) or None once one succeeds."""

    def __init__(self, backend: Backend, games: tuple[str, ...]) -> None:
        self.backend = backend
        self.games = games
        self.notices: list[Notice] = []
        self.failure: str | None = None
        self.problems: list[str] = []  # why each reset value was refused, for the console

    # -- reading
    def _checked(self, key: str, check: Callable[[Any], Any], notice: Notice) -> Any:
        raw = self.backend.store_get(key)
        if raw is None:
            return None
        try:
            return check(json.loads(raw))
        except (Invalid, ValueError, RecursionError) as exc:
            self.backend.store_del(key)
            self.notices.append(notice)
            self.problems.append(f"{key}: {exc}")
            return None

    def lang(self) -> str | None:
        return self._checked(LANG_KEY, check_lang, ("notice.reset.lang", {}))

    def speed(self) -> str | None:
        return self._checked(SPEED_KEY, check_speed, ("notice.reset.speed", {}))

    def save(self, game: str) -> dict[str, Any] | None:
        return self._checked(save_key(game), lambda v: check_save(game, v), ("notice.reset.save", {"game": game}))

    def setup(self, game: str) -> dict[str, Any] | None:
        return self._checked(setup_key(game), lambda v: check_setup(game, v), ("notice.reset.setup", {"game": game}))

    def unfinished(self, game: str) -> dict[str, Any] | None:
        """The save of ``game`` if it is a game still in play."""
        save = self.save(game)
        return save if save is not None and not save["over"] else None

    def known_keys(self) -> set[str]:
        return {LANG_KEY, SPEED_KEY} | {f(g) for g in self.games for f in (save_key, setup_key)}

    def known(self, key: str) -> bool:
        """Whether ``key`` is one Cardems still writes: the ones checked here, and the
        daily deal's, the walkthrough's and the sound's (their modules check them)."""
        return key in self.known_keys() or key.startswith(OTHER_KEYS)

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
            if not self.known(key):
                self.backend.store_del(key)
            elif key not in self.known_keys():
                continue
            elif key == LANG_KEY:
                self.lang()
            elif key == SPEED_KEY:
                self.speed()
            else:
                game = key.rpartition(":")[2]
                self.save(game) if key == save_key(game) else self.setup(game)

    # -- writing
    def _write(self, key: str, value: Any) -> bool:
        failure = self.backend.store_set(key, json.dumps(value, separators=(",", ":")))
        self.failure = failure
        return failure is None

    def set_lang(self, lang: str) -> bool:
        return self._write(LANG_KEY, check_lang(lang))

    def set_speed(self, speed: str) -> bool:
        return self._write(SPEED_KEY, check_speed(speed))

    def set_setup(self, game: str, setup: dict[str, Any]) -> bool:
        return self._write(setup_key(game), check_setup(game, {"v": VERSION, **setup}))

    def set_save(self, game: str, route_hash: str, over: bool, data: dict[str, Any],
                 extra: dict[str, Any] | None = None, key: str | None = None) -> bool:
        """Store the game in play (with ``extra``: what the statistics keep of it; under
        ``key``: another slot, the daily deal's); if that fails, the older save is removed
        (a reload must not restore it as if it were this game)."""
        save = check_save(game, {**(extra or {}), "v": VERSION, "hash": route_hash, "over": over, "game": data})
        key = key or save_key(game)
        if self._write(key, save):
            return True
        self.backend.store_del(key)
        return False

    def drop_save(self, game: str) -> None:
        self.backend.store_del(save_key(game))
