"""Looking back at a finished game, the pure part: the deals of a match within its
moves, and the review fields a game's statistics record keeps (what its review link
needs), checked and turned back into the link.

Pure Python, tested under CPython. A record's ``review`` is
``{"seed": 42, "seats": "p,normal", "moves": ["AS", "KD", ...]}``: the replay format
of the saves (the record already has the game, its options and its level). It is
written only for a finished game that a link can replay: not for an arranged deck
(a link carries no deck), not for more than :data:`MAX_REVIEW_MOVES` moves.

>>> fields = {"seed": 7, "seats": "p,easy", "moves": ["QS", "KD"]}
>>> check_review(fields) == fields
True
>>> record = {"game": "war", "options": {}, "level": "easy", "review": fields}
>>> review_hash(record)
'#/review/war?level=easy&seed=7&moves=QS,KD'
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from cardems.errors import BadInput
from cardems.game import SEED_LIMIT, Game, whole_number
from cardems.web.route import MAX_REVIEW_MOVES, SHOWN, Route, is_move_text
from cardems.web.seating import default_seats, parse_seats, seats_text

REVIEW_KEYS = ("seed", "seats", "moves")


def deal_starts(cls: type[Game[Any, Any]], data: dict[str, Any], moves: Sequence[str]) -> tuple[int, ...]:
    """The move each deal (or round) of a match begins after, the first's 0: a deal
    ends with the move that scores it (which also deals the next). One entry for a
    game without deals. ``data`` is a save of the game (its moves are replaced)."""
    game = cls.from_json({**data, "moves": []})
    starts = [0]
    done = game.rounds_done()
    for number, move in enumerate(moves, 1):
        game.play(move)
        now = game.rounds_done()
        if now > done and not game.is_over() and number < len(moves):
            starts.append(number)
        done = now
    return tuple(starts)


def review_fields(game: Game[Any, Any], seats: Sequence[str] | None) -> dict[str, Any] | None:
    """What a finished game's record keeps for its review link, or None when a link cannot
    replay it (an arranged deck, too many moves)."""
    if game.arranged is not None or len(game.moves) > MAX_REVIEW_MOVES:
        return None
    if not all(is_move_text(m) for m in game.moves):
        return None
    return {
        "seed": int(game.seed),
        "seats": seats_text(seats) if seats else None,
        "moves": list(game.moves),
    }


def check_review(data: Any) -> dict[str, Any]:
    """A checked copy of a record's ``review``; :class:`BadInput` saying what is wrong."""
    if not isinstance(data, dict):
        raise BadInput("review is not an object")
    unknown = sorted(str(k) for k in data if k not in REVIEW_KEYS)
    if unknown:
        raise BadInput(f"review has an unknown field {unknown[0][:40]!r}")
    seed, seats, moves = data.get("seed"), data.get("seats"), data.get("moves")
    number = None if isinstance(seed, bool) else whole_number(seed, 0, SEED_LIMIT - 1)
    if number is None:
        raise BadInput("review's seed is not a whole number from 0 to 2^53")
    if seats is not None and not (isinstance(seats, str) and 0 < len(seats) <= SHOWN):
        raise BadInput("review's seats are not a short text")
    if (
        not isinstance(moves, list)
        or len(moves) > MAX_REVIEW_MOVES
        or not all(is_move_text(m) for m in moves)
    ):
        raise BadInput(f"review's moves are not a list of at most {MAX_REVIEW_MOVES} short texts")
    return {"seed": number, "seats": seats, "moves": list(moves)}


def review_route(record: Mapping[str, Any], deal: int | None = None) -> Route | None:
    """The review of a checked record's game (deal ``deal`` of a match), or None for a
    record without review fields (older ones, abandoned games)."""
    review = record.get("review")
    if not isinstance(review, dict) or not review.get("moves") or record.get("end", "finished") != "finished":
        return None
    options = dict(record.get("options") or {})
    players = int(options.get("players", record.get("players", 2)))
    level = str(record.get("level") or "normal")
    seats = None
    if review.get("seats"):
        try:
            seats = parse_seats(review["seats"], players)
        except BadInput:
            seats = None
        if seats == default_seats(players, level):
            seats = None
    return Route(
        str(record["game"]),
        options=options,
        seed=int(review["seed"]),
        level=level,
        seats=seats,
        screen="review",
        moves=tuple(review["moves"]),
        deal=deal,
    )


def review_hash(record: Mapping[str, Any], deal: int | None = None) -> str | None:
    """The review link of a checked record (``#/review/...``), or None."""
    route = review_route(record, deal)
    return None if route is None else route.to_hash()
