"""Routes of the page: ``#/pisti?seed=42&players=2&speed=instant``.

Pure Python, so it is tested under CPython. A malformed route never fails:
what cannot be used is dropped, the rest falls back to defaults, and each
problem becomes a notice for the player.

Besides the lobby (``#/``) and a game's table (``#/<game>?...``) there are
screens (DESIGN.md): ``#/rules/<game>``, ``#/stats`` and ``#/daily/<game>``;
:attr:`Route.screen` names them (``None`` for the lobby and a table).
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from cardems.bots import LEVELS
from cardems.errors import BadInput
from cardems.game import parse_seed, parse_options
from cardems.games import PLANNED, is_playable, options_spec

SPEEDS = ("normal", "fast", "instant")


# urllib.parse (and the big ipaddress module it imports) is loaded when a game's
# route needs it, not by the lobby: the stdlib reaches the page as source to compile.
def urlencode(query: dict[str, str]) -> str:
    from urllib.parse import urlencode as encode

    return encode(query)


def parse_qsl(query: str, keep_blank_values: bool = False) -> list[tuple[str, str]]:
    from urllib.parse import parse_qsl as parse

    return parse(query, keep_blank_values=keep_blank_values)
PAGE_KEYS = ("seed", "speed", "level")
SCREENS = ("rules", "stats", "daily")
GAME_SCREENS = ("rules", "daily")     # screens about one game: #/<screen>/<game>
SHOWN = 40                             # at most this much of a bad value goes into a notice


@dataclass
class Route:
    """What the page should show; ``notices`` explains anything ignored."""

    game: str | None                     # None: the lobby (or the stats screen)
    options: dict[str, Any] = field(default_factory=dict)
    seed: int | None = None
    speed: str | None = None
    level: str = "normal"
    notices: list[tuple[str, dict[str, str]]] = field(default_factory=list)
    coming: bool = False                 # a planned game that is not playable yet
    screen: str | None = None            # "rules", "stats", "daily"; None: the lobby or a table
    day: str | None = None               # the daily deal's ``?date=``, as written (its screen checks it)

    @property
    def is_table(self) -> bool:
        """Whether the route opens a game's table (not the lobby, a screen or a coming game)."""
        return self.game is not None and self.screen is None and not self.coming

    def to_hash_without_speed(self) -> str:
        """The hash that identifies the game itself (speed is only a way of watching it)."""
        speed, self.speed = self.speed, None
        try:
            return self.to_hash()
        finally:
            self.speed = speed

    def to_hash(self) -> str:
        """The canonical hash for this route (options that differ from defaults only)."""
        if self.screen == "stats":
            return "#/stats"
        if self.game is None:
            return "#/"
        if self.screen == "rules":
            return f"#/rules/{self.game}"
        if self.screen == "daily":
            query = {key: value for key, value in (("date", self.day), ("speed", self.speed)) if value}
            return f"#/daily/{self.game}" + (f"?{urlencode(query)}" if query else "")
        query: dict[str, str] = {}
        if is_playable(self.game):
            defaults = parse_options(options_spec(self.game), {})
            for name, value in self.options.items():
                if value != defaults.get(name):
                    query[name] = str(value).lower()
        if self.level != "normal":
            query["level"] = self.level
        if self.seed is not None:
            query["seed"] = str(self.seed)
        if self.speed is not None:
            query["speed"] = self.speed
        return f"#/{self.game}" + (f"?{urlencode(query)}" if query else "")


def parse_route(hash_text: str) -> Route:
    """Parse ``location.hash``; never raises (anything but text is the lobby)."""
    text = hash_text.lstrip("#") if isinstance(hash_text, str) else ""
    path, _, query = text.partition("?")
    name = path.strip("/").lower()
    if not name:
        return Route(None)
    screen, _, rest = name.partition("/")
    if screen == "stats" and not rest:
        return Route(None, screen="stats")
    if screen in GAME_SCREENS and rest:
        return _screen_route(screen, rest, query)
    if name not in PLANNED:
        return Route(None, notices=[("notice.unknown_game", {"name": name[:SHOWN]})])
    if not is_playable(name):
        return Route(name, coming=True)
    route = Route(name)
    raw: dict[str, str] = {}
    for key, value in _query(query):
        if key == "seed":
            try:
                route.seed = parse_seed(value)
            except BadInput:
                route.notices.append(("notice.bad_seed", {"value": value[:SHOWN]}))
        elif key == "speed":
            _read_speed(route, value)
        elif key == "level":
            if value.lower() in LEVELS:
                route.level = value.lower()
            else:
                route.notices.append(("notice.bad_value", {"name": key, "value": value[:SHOWN]}))
        else:
            raw[key] = value
    specs = options_spec(name)
    known = {spec.name: spec for spec in specs}
    route.options = parse_options(specs, {})
    for key, value in raw.items():
        spec = known.get(key)
        if spec is None:
            route.notices.append(("notice.unknown_option", {"name": key[:SHOWN]}))
            continue
        try:
            route.options[key] = spec.parse(value)
        except BadInput:
            route.notices.append(("notice.bad_value", {"name": key, "value": value[:SHOWN]}))
    return route


def _query(query: str) -> list[tuple[str, str]]:
    """The query's pairs, names normalised (``last-card-pisti`` -> ``last_card_pisti``)."""
    return [(key.strip().lower().replace("-", "_"), value) for key, value in parse_qsl(query, keep_blank_values=True)]


def _read_speed(route: Route, value: str) -> None:
    if value.lower() in SPEEDS:
        route.speed = value.lower()
    else:
        route.notices.append(("notice.bad_value", {"name": "speed", "value": value[:SHOWN]}))


def _screen_route(screen: str, name: str, query: str) -> Route:
    """``#/rules/<game>`` or ``#/daily/<game>``: an unknown game is the lobby with a notice.

    The rules take no query; the day's deal is the same for everyone, so only
    its day (``date``) and the speed of watching it may be set."""
    if name not in PLANNED:
        return Route(None, notices=[("notice.unknown_game", {"name": name[:SHOWN]})])
    route = Route(name, screen=screen, coming=not is_playable(name))
    if screen == "daily":
        for key, value in _query(query):
            if key == "speed":
                _read_speed(route, value)
            elif key == "date":
                route.day = value.strip()[:SHOWN]
            else:
                route.notices.append(("notice.unknown_option", {"name": key[:SHOWN]}))
    return route
