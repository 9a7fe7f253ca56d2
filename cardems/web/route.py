"""The addresses of the page, and the one parser of them: :func:`parse_route`.

``#/`` (the lobby), ``#/<game>?seed=42&players=2&speed=instant`` (a game's table;
``seats=p,p,normal,hard`` seats a person or a computer of a level in each seat,
:mod:`cardems.web.seating`),
and the screens of DESIGN.md: ``#/rules/<game>``, ``#/stats`` and
``#/daily/<game>[?date=YYYY-MM-DD]``. Every part of the page that reads an
address calls :func:`parse_route`; nothing else splits a hash.

Pure Python, tested under CPython, and it needs no game's rules: a game's options
come from ``cardems/<game>/options.py`` (:func:`cardems.games.options_spec`), so an
address is read before the game's modules reach the page. A malformed address never
fails: what cannot be used is dropped, the rest falls back to defaults, and the
player is told in one notice that names every dropped part (decoded, shortened).

>>> route = parse_route("#/pisti?seed=42&players=3&colour=red")
>>> route.game, route.seed, route.options["players"], route.dropped
('pisti', 42, 3, ['colour=red'])
>>> route.to_hash()
'#/pisti?players=3&seed=42'
"""

from __future__ import annotations

from dataclasses import dataclass, field, replace
from typing import Any

from cardems.bots import LEVELS
from cardems.errors import BadInput
from cardems.game import parse_options, parse_seed
from cardems.games import PLANNED, is_playable, options_spec
from cardems.web.seating import Seating, default_seats, parse_seats, people, seats_text

SPEEDS = ("normal", "fast", "instant")
SCREENS = ("rules", "stats", "daily", "review")
GAME_SCREENS = ("rules", "daily", "review")  # screens about one game: #/<screen>/<game>
MAX_REVIEW_MOVES = 5000  # moves a review link may carry
UNDO_WORDS = {"on": True, "off": False, "true": True, "false": False, "yes": True, "no": False}
SHOWN = 40  # at most this much of a bad value goes into a notice
MAX_DROPPED = 6  # dropped parts named in the notice (then "…")


# urllib.parse (and the big ipaddress module it imports) is loaded when a route with a
# query or an escaped name is read, not by the lobby.
def urlencode(query: dict[str, str]) -> str:
    from urllib.parse import urlencode as encode

    return encode(query, safe=",:/")


def _pairs(query: str) -> list[tuple[str, str]]:
    from urllib.parse import parse_qsl

    return parse_qsl(query, keep_blank_values=True)


def _unquote(text: str) -> str:
    if "%" not in text:
        return text
    from urllib.parse import unquote

    return unquote(text)


def _short(text: str) -> str:
    return text if len(text) <= SHOWN else text[: SHOWN - 1] + "…"


@dataclass
class Route:
    """What the page should show; ``dropped`` lists the parts of the address that were
    not used (each ``name=value``), which :attr:`notices` tells the player."""

    game: str | None  # None: the lobby (or the stats screen)
    options: dict[str, Any] = field(default_factory=dict)
    seed: int | None = None
    speed: str | None = None
    level: str = "normal"
    dropped: list[str] = field(default_factory=list)
    unknown: str | None = None  # the name of a game (or screen) that does not exist
    coming: bool = False  # a planned game that is not playable yet
    screen: str | None = None  # "rules", "stats", "daily"; None: the lobby or a table
    day: str | None = None  # the daily deal's ``?date=``, as written (its screen checks it)
    seats: Seating | None = None  # who sits where, when not the default (one person in seat 0)
    undo: bool = True  # the person may take moves back (``undo=off``; never in pass-and-play)
    moves: tuple[str, ...] = ()  # a review's moves (``moves=AS,KD,...``), as written
    at: int | None = None  # the move a review shows (``at=``; None: the last), within its deal
    deal: int | None = None  # the deal of a match a review shows (``deal=``, from 1; None: the last)

    @property
    def players(self) -> int:
        """The seats at the table (the ``players`` option; two for games without it)."""
        return int(self.options.get("players", 2))

    @property
    def seating(self) -> Seating:
        """Who sits where: the link's seats, else a person in seat 0 and computers of ``level``."""
        return self.seats if self.seats is not None else default_seats(self.players, self.level)

    @property
    def people(self) -> int:
        """How many persons sit at the table."""
        return len(people(self.seating))

    @property
    def is_table(self) -> bool:
        """Whether the route opens a game's table (not the lobby, a screen or a coming game)."""
        return self.game is not None and self.screen is None and not self.coming

    @property
    def notices(self) -> list[tuple[str, dict[str, str]]]:
        """What the player is told about this address: one notice at most."""
        if self.unknown is not None:
            return [("notice.unknown_game", {"name": self.unknown})]
        if not self.dropped:
            return []
        parts = [f"\u2068{part}\u2069" for part in self.dropped[:MAX_DROPPED]]  # isolated: right-to-left text
        return [
            (
                "notice.link_parts",
                {"parts": ", ".join(parts) + (", …" if len(self.dropped) > MAX_DROPPED else "")},
            )
        ]

    def without_speed(self) -> Route:
        return replace(self, speed=None)

    def to_hash_without_speed(self) -> str:
        """The hash that identifies the game itself (speed is only a way of watching it)."""
        return self.without_speed().to_hash()

    def to_hash(self) -> str:
        """The canonical hash for this route (options that differ from defaults only)."""
        if self.screen == "stats":
            return "#/stats"
        if self.game is None:
            return "#/"
        if self.screen == "rules":
            return f"#/rules/{self.game}"
        if self.screen == "review":
            table = replace(self, screen=None, speed=None).to_hash()
            review = {"moves": ",".join(self.moves)}
            if self.deal is not None:
                review["deal"] = str(self.deal)
            if self.at is not None:
                review["at"] = str(self.at)
            rest = table.partition("?")[2]
            return f"#/review/{self.game}?" + (rest + "&" if rest else "") + urlencode(review)
        if self.screen == "daily":
            daily = {key: value for key, value in (("date", self.day), ("speed", self.speed)) if value}
            return f"#/daily/{self.game}" + (f"?{urlencode(daily)}" if daily else "")
        query: dict[str, str] = {}
        if is_playable(self.game):
            defaults = parse_options(options_spec(self.game), {})
            for name, value in self.options.items():
                if value != defaults.get(name):
                    query[name] = str(value).lower()
        if self.level != "normal":
            query["level"] = self.level
        if self.seats is not None and self.seats != default_seats(self.players, self.level):
            query["seats"] = seats_text(self.seats)
        if not self.undo:
            query["undo"] = "off"
        if self.seed is not None:
            query["seed"] = str(self.seed)
        if self.speed is not None:
            query["speed"] = self.speed
        return f"#/{self.game}" + (f"?{urlencode(query)}" if query else "")


def parse_route(hash_text: Any) -> Route:
    """Parse ``location.hash`` (or any address of the page); never raises (anything but
    text is the lobby)."""
    text = hash_text.lstrip("#") if isinstance(hash_text, str) else ""
    path, _, query = text.partition("?")
    name = _unquote(path).strip("/").lower()
    if not name:
        return Route(None)
    screen, _, rest = name.partition("/")
    if screen == "stats" and not rest:
        route = Route(None, screen="stats")
        _drop_all(route, query)
        return route
    if screen in GAME_SCREENS and rest:
        return _screen_route(screen, rest, query)
    if name not in PLANNED:
        return Route(None, unknown=_short(name))
    if not is_playable(name):
        return Route(name, coming=True)
    route = Route(name)
    specs = {spec.name: spec for spec in options_spec(name)}
    route.options = parse_options(tuple(specs.values()), {})
    seen: set[str] = set()
    seats: str | None = None
    for key, value in _query(query):
        if key in seen:
            route.dropped.append(_part(key, value))  # given twice: the first one counts
            continue
        seen.add(key)
        if key == "seats":
            seats = value  # read once the number of players is known
        elif key == "undo":
            if value.strip().lower() in UNDO_WORDS:
                route.undo = UNDO_WORDS[value.strip().lower()]
            else:
                route.dropped.append(_part(key, value))
        elif key == "seed":
            try:
                route.seed = parse_seed(value)
            except BadInput:
                route.dropped.append(_part(key, value))
        elif key == "speed":
            _read_speed(route, value)
        elif key == "level":
            if value.lower() in LEVELS:
                route.level = value.lower()
            else:
                route.dropped.append(_part(key, value))
        elif key in specs:
            try:
                route.options[key] = specs[key].parse(value)
            except BadInput:
                route.dropped.append(_part(key, value))
        else:
            route.dropped.append(_part(key, value))
    if seats is not None:
        try:
            route.seats = parse_seats(seats, route.players)
        except BadInput:
            route.dropped.append(_part("seats", seats))
        else:
            if route.seats == default_seats(route.players, route.level):
                route.seats = None
    return route


def is_move_text(text: Any) -> bool:
    """A move as a review link may carry it: a short printable ASCII text."""
    return isinstance(text, str) and 0 < len(text) <= SHOWN and text.isascii() and text.isprintable()


def _part(key: str, value: str) -> str:
    """A dropped part as the player wrote it (decoded), shortened for the notice."""
    return _short(f"{key}={value}" if value else key)


def _query(query: str) -> list[tuple[str, str]]:
    """The query's pairs, names normalised (``last-card-pisti`` -> ``last_card_pisti``)."""
    return [(key.strip().lower().replace("-", "_"), value) for key, value in _pairs(query)]


def _drop_all(route: Route, query: str) -> None:
    route.dropped.extend(_part(key, value) for key, value in _query(query))


def _read_speed(route: Route, value: str) -> None:
    if value.lower() in SPEEDS:
        route.speed = value.lower()
    else:
        route.dropped.append(_part("speed", value))


def _screen_route(screen: str, name: str, query: str) -> Route:
    """``#/rules/<game>`` or ``#/daily/<game>``: an unknown game is the lobby with a notice.

    The rules take no query; the day's deal is the same for everyone, so only
    its day (``date``) and the speed of watching it may be set."""
    if name not in PLANNED:
        return Route(None, unknown=_short(name))
    if screen == "review" and is_playable(name):
        return _review_route(name, query)
    route = Route(name, screen=screen, coming=not is_playable(name))
    if screen != "daily":
        _drop_all(route, query)
        return route
    seen: set[str] = set()
    for key, value in _query(query):
        if key in seen or key not in ("speed", "date"):
            route.dropped.append(_part(key, value))
        elif key == "speed":
            _read_speed(route, value)
        else:
            route.day = value.strip()[:SHOWN]
        seen.add(key)
    return route


def _review_route(name: str, query: str) -> Route:
    """``#/review/<game>?<the table's options, seed, seats>&moves=AS,KD&deal=2&at=3``: a
    deal looked back at, move by move. ``moves`` are the whole game's (a match's every
    deal); ``deal`` picks a deal of a match (from 1; none: the last), ``at`` a move within
    it (0: as it was dealt; none: its last). The moves are checked by replaying them (the
    review's affair), and so is the number of deals; here only their shape: at most
    :data:`MAX_REVIEW_MOVES` short printable texts, whole numbers in range."""
    kept: list[tuple[str, str]] = []
    moves: str | None = None
    at: str | None = None
    deal: str | None = None
    dropped: list[str] = []
    for key, value in _query(query):
        if key == "moves" and moves is None:
            moves = value
        elif key == "at" and at is None:
            at = value
        elif key == "deal" and deal is None:
            deal = value
        elif key in ("moves", "at", "deal"):
            dropped.append(_part(key, value))
        else:
            kept.append((key, value))
    route = parse_route(f"#/{name}?" + urlencode(dict(kept)) if kept else f"#/{name}")
    route.screen = "review"
    route.speed = None
    route.dropped = dropped + route.dropped
    texts = tuple(moves.split(",")) if moves else ()
    if len(texts) > MAX_REVIEW_MOVES or not all(is_move_text(m) for m in texts):
        route.dropped.append(_part("moves", moves or ""))
        texts = ()
    route.moves = texts
    from cardems.game import whole_number

    if deal is not None:
        route.deal = whole_number(deal, 1, max(1, len(texts)))
        if route.deal is None:
            route.dropped.append(_part("deal", deal))
    if at is not None:
        number = whole_number(at, 0, len(texts))
        if number is None:
            route.dropped.append(_part("at", at))
        route.at = number
    return route
