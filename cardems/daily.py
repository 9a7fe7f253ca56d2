"""The daily deal: one deal per game per calendar day, the same for every player.

The day is the UTC calendar date, written ``YYYY-MM-DD``. The deal of game
``G`` on day ``D`` is the game with its default options, Normal opponents and
the seed::

    int.from_bytes(sha256(f"cardems-daily:{G}:{D}".encode("utf-8")).digest()[:8], "big") >> 11

that is, the first 53 bits of the SHA-256 digest (a whole number below 2**53,
safe in JavaScript and in a route). SHA-256 is the same everywhere, unlike
Python's ``hash()``, which is salted per process.

>>> daily_seed("pisti", "2026-12-01", today="2026-12-01") < 2**53
True
>>> daily_hash("war")
'#/daily/war'

Pure Python: no browser, no clock except where ``today`` is left out.
"""

from __future__ import annotations

import hashlib
import re
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from datetime import UTC, date, datetime
from typing import Any

from cardems.errors import BadInput
from cardems.game import Game, parse_options
from cardems.games import PLANNED, game_class, options_spec

LEVEL = "normal"
SEED_BITS = 53
RESULTS = ("win", "draw", "loss")
# one square per deal or round of a match, then the match's result
SQUARES = {"win": "🟩", "draw": "🟨", "loss": "🟥"}
OUTCOME = {"win": "🏆", "draw": "🤝", "loss": "💔"}
_ISO_DATE = re.compile(r"\d{4}-\d{2}-\d{2}")

Translate = Callable[..., str]


def utc_today() -> str:
    """Today's UTC calendar date, ``YYYY-MM-DD``."""
    return datetime.now(UTC).date().isoformat()


def parse_day(text: Any) -> date:
    """A calendar date from ``YYYY-MM-DD`` (or a :class:`date`); :class:`BadInput` otherwise."""
    if isinstance(text, datetime):
        raise BadInput(f"the daily date must be a calendar day (YYYY-MM-DD), not a time: {text!r}")
    if isinstance(text, date):
        return text
    raw = str(text).strip()
    if not _ISO_DATE.fullmatch(raw):
        raise BadInput(f"the daily date {str(text)[:40]!r} is not a date written YYYY-MM-DD")
    try:
        return date.fromisoformat(raw)
    except ValueError:
        raise BadInput(f"the daily date {raw!r} is not a day of the calendar") from None


def check_day(day: Any, today: Any = None) -> str:
    """``day`` as ``YYYY-MM-DD`` once checked: a real date, not after ``today`` (UTC)."""
    when = parse_day(day)
    now = parse_day(utc_today() if today is None else today)
    if when > now:
        raise BadInput(f"there is no daily deal for {when.isoformat()} yet (today is {now.isoformat()}, UTC)")
    return when.isoformat()


def check_game(game: Any) -> str:
    """A game that has a daily deal: any playable game."""
    name = str(game).strip().lower()
    if name not in PLANNED:
        raise BadInput(
            f"there is no daily deal for {str(game)[:40]!r}: unknown game (games: {', '.join(PLANNED)})"
        )
    game_class(name)  # a game not playable yet is refused with its own message
    return name


def seed_for(game: str, day: str) -> int:
    """The documented function itself, for a checked game and day (see the module's docstring)."""
    digest = hashlib.sha256(f"cardems-daily:{game}:{day}".encode()).digest()
    return int.from_bytes(digest[:8], "big") >> (64 - SEED_BITS)


def daily_seed(game: Any, day: Any, today: Any = None) -> int:
    """The seed of ``game``'s deal on ``day``; :class:`BadInput` for an unknown game or a future day."""
    return seed_for(check_game(game), check_day(day, today))


def daily_options(game: Any) -> dict[str, Any]:
    """The options of the daily deal: the game's defaults."""
    return parse_options(options_spec(check_game(game)), {})


@dataclass(frozen=True)
class DailyDeal:
    """Everything that makes a day's deal: play it with these options, seed and level."""

    game: str
    day: str
    seed: int
    options: dict[str, Any] = field(hash=False)
    level: str = LEVEL


def daily_deal(game: Any, day: Any = None, today: Any = None) -> DailyDeal:
    """The deal of ``game`` on ``day`` (default: today, UTC)."""
    name = check_game(game)
    if day is None:
        day = utc_today() if today is None else today
    when = check_day(day, today)
    return DailyDeal(name, when, seed_for(name, when), daily_options(name))


def daily_hash(game: Any, day: Any = None) -> str:
    """The page's link to a daily deal: ``#/daily/<game>`` (today's), or with ``?date=YYYY-MM-DD``."""
    name = check_game(game)
    return f"#/daily/{name}" + (f"?date={parse_day(day).isoformat()}" if day is not None else "")


def _label(t: Translate, key: str, default: str, **params: Any) -> str:
    text = t(key, **params) if params else t(key)
    return default.format(**params) if text == key else text


def share_text(
    t: Translate,
    game: str,
    day: str,
    result: str,
    scores: Sequence[int],
    side: int,
    rounds: Sequence[str] = (),
) -> str:
    """The line a player shares when a daily deal ends, in the player's language::

        Cardems daily · Pişti · 2026-12-01
        Won 12–7
        🟩🟥🟩 🏆

    ``scores`` are the final scores (one per seat or side), ``side`` the player's
    own; the player's score comes first, then the others' in seat order.
    ``rounds`` are the player's result in each deal or round of a match ("win",
    "draw", "loss"), one square each; a single deal has none.
    """
    if result not in RESULTS:
        raise BadInput(f"result {result!r} is not one of {', '.join(RESULTS)}")
    if not 0 <= side < len(scores):
        raise BadInput(f"side {side} is not one of the {len(scores)} scores")
    bad = [r for r in rounds if r not in RESULTS]
    if bad:
        raise BadInput(f"round result {bad[0]!r} is not one of {', '.join(RESULTS)}")
    name = _label(t, f"game.{game}.name", game)
    ordered = [scores[side], *(s for i, s in enumerate(scores) if i != side)]
    score = "–".join(str(s) for s in ordered)
    defaults = {"win": "Won {score}", "draw": "Drew {score}", "loss": "Lost {score}"}
    lines = [
        _label(
            t,
            "daily.share.title",
            "Cardems daily · {game} · {date}",
            game=name,
            date=parse_day(day).isoformat(),
        ),
        _label(t, f"daily.share.{result}", defaults[result], score=score),
        ("".join(SQUARES[r] for r in rounds) + " " + OUTCOME[result]).strip(),
    ]
    return "\n".join(lines)


def share_for(t: Translate, game: Game[Any, Any], day: str, side: int = 0) -> str:
    """The share line of a finished daily ``game`` for ``side``: its result, final
    scores and, for a match of more than one deal or round, a square per deal."""
    kind = game.game_type
    result = game.result()
    rounds = game.round_scores()
    squares = [kind.outcome(tuple(s), side) for s in rounds] if len(rounds) > 1 else []
    won = "draw" if result.winner == "draw" else "win" if result.winner == side else "loss"
    return share_text(t, game.name, day, won, [int(s) for s in result.scores], side, squares)
