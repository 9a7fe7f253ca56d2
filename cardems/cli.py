"""Command line: ``python -m cardems replay|play ...``.

Exit status 0 on success, 2 on bad input (one line on stderr, nothing on stdout),
whatever the terminal's encoding: text it cannot show is written in ASCII.
"""

from __future__ import annotations

import argparse
import json
import os
import sys
from collections.abc import Sequence
from typing import Any, NoReturn, TextIO, cast

from cardems.arena import Writer
from cardems.bots import LEVELS, bot_move, make_bot
from cardems.cards import SUIT_SYMBOLS, rank_of, suit_of
from cardems.errors import BadInput
from cardems.game import Event, Game, parse_seed, shown, whole_number
from cardems.games import PLANNED, game_class

# what a terminal that cannot show them gets instead (then backslash escapes for anything else)
ASCII_FALLBACK = str.maketrans(
    {
        "ş": "s",
        "Ş": "S",
        "ı": "i",
        "İ": "I",
        "ç": "c",
        "ğ": "g",
        "ö": "o",
        "ü": "u",
        "♠": "S",
        "♥": "H",
        "♦": "D",
        "♣": "C",
        "…": "...",
        "“": '"',
        "”": '"',
        "‘": "'",
        "’": "'",
        "·": "-",
        "–": "-",
        "—": "-",
    }
)


class _Safe:
    """A text stream that writes what its encoding cannot encode in ASCII instead of
    failing (``PYTHONIOENCODING=ascii``, a Latin-1 terminal, a lone surrogate from argv).
    A write to a stream that is closed or full raises :class:`StreamError`."""

    def __init__(self, stream: TextIO | None, name: str) -> None:
        self.stream = stream
        self.name = name
        self.encoding = getattr(stream, "encoding", None) or "utf-8"

    def write(self, text: str) -> int:
        try:
            text.encode(self.encoding)
        except UnicodeEncodeError:
            text = (
                text.translate(ASCII_FALLBACK).encode(self.encoding, "backslashreplace").decode(self.encoding)
            )
        if self.stream is None:
            raise StreamError(f"{self.name} is closed")
        try:
            return self.stream.write(text)
        except (OSError, ValueError) as exc:
            raise StreamError(f"cannot write to {self.name}: {_reason(exc)}") from None

    def flush(self) -> None:
        if self.stream is None:
            raise StreamError(f"{self.name} is closed")
        try:
            self.stream.flush()
        except (OSError, ValueError) as exc:
            raise StreamError(f"cannot write to {self.name}: {_reason(exc)}") from None


class StreamError(Exception):
    """A standard stream that is closed, full or broken."""


def _reason(exc: BaseException) -> str:
    return getattr(exc, "strerror", None) or str(exc) or type(exc).__name__


QUOTED = 80  # an error line quotes at most this many characters of an argument


class _Parser(argparse.ArgumentParser):
    def error(self, message: str) -> NoReturn:  # one line, status 2, like every bad input
        raise BadInput(_shortened(message))


def _shortened(message: str) -> str:
    """``message`` with every run of more than :data:`QUOTED` characters without a space
    cut to its first ones (argparse quotes a bad argument whole)."""
    return " ".join(_cut(word) for word in message.split(" "))


def _cut(text: str) -> str:
    return text if len(text) <= QUOTED else text[: QUOTED - 3] + "..."


def whole(low: int, high: int) -> Any:
    """The argparse type of every numeric option: a whole number written in ASCII digits
    only (no sign, no ``_``, no other script's digits) from ``low`` to ``high``."""

    def read(text: str) -> int:
        number = whole_number(text, low, high)
        if number is None:
            raise argparse.ArgumentTypeError(f"{shown(text)} is not a whole number from {low} to {high:,}")
        return number

    return read


DEALS = whole(1, 10_000_000)
JOBS = whole(1, 256)
PLAYERS = whole(1, 99)


def _options(pairs: Sequence[str]) -> tuple[dict[str, str], str]:
    options: dict[str, str] = {}
    level = "normal"
    for pair in pairs:
        name, sep, value = pair.partition("=")
        if not sep or not name:
            raise BadInput(f"option {shown(pair)} is not NAME=VALUE")
        if name == "level":
            level = value
        else:
            options[name] = value
    return options, level


def _summary(game: Game[Any, Any]) -> dict[str, Any]:
    result = game.result()
    return {
        "game": game.name,
        "options": game.options,
        "over": result.over,
        "to_move": game.to_move,
        "scores": list(result.scores),
        "captured": list(result.captured),
        "winner": result.winner,
    }


def cmd_replay(args: argparse.Namespace, out: Writer) -> int:
    cls = game_class(args.game)
    options, level = _options(args.option or [])
    if level not in LEVELS:  # replayed moves include every seat's, so no bot plays here
        raise BadInput(f"unknown level {level!r} (choose from: {', '.join(LEVELS)})")
    if args.deck is None and args.seed is None:
        raise BadInput("give --deck (an arranged deal) or --seed (a shuffle)")
    seed = parse_seed(args.seed) if args.seed is not None else 0
    game = cls.new(options, seed=seed, deck=args.deck)
    for number, text in enumerate((args.moves or "").split(), 1):
        try:
            game.play(text)
        except BadInput as exc:
            raise BadInput(f"move {number} ({_cut(text)}): {exc}") from None
    out.write(json.dumps(_summary(game)) + "\n")
    return 0


def _pretty(card: str) -> str:
    suit = suit_of(card)
    return rank_of(card) + (SUIT_SYMBOLS[suit] if suit else "")


def cmd_play(args: argparse.Namespace, out: Writer, inp: TextIO) -> int:
    if args.game != "pisti":
        game_class(args.game)
        raise BadInput(f"terminal play is not available for {args.game} yet")
    options, _ = _options(args.option or [])
    seed = parse_seed(args.seed) if args.seed is not None else int.from_bytes(os.urandom(4), "big")
    game = game_class("pisti").new(options, seed=seed)
    bot = make_bot("pisti", args.level)
    out.write(f"Pişti, seed {seed}, against the {args.level} computer. Type a card (e.g. 7H) or 'quit'.\n")
    while not game.is_over():
        seat = game.to_move
        assert seat is not None  # the game is not over
        view = game.view(0)
        if seat != 0:
            _report(game.play(bot_move(game, bot, seat)), out)
            continue
        top = _pretty(view.pile_top) if view.pile_top else "empty"
        out.write(
            f"\nPile: {top} ({view.pile_size} cards)   Stock: {view.stock_size}   "
            f"Captured: you {view.captured_counts[0]}, computer {view.captured_counts[1]}\n"
        )
        out.write("Your hand: " + "  ".join(f"{c}={_pretty(c)}" for c in view.hand) + "\n> ")
        out.flush()
        line = inp.readline()
        if not line or line.strip().lower() in {"q", "quit", "exit"}:
            out.write("\nBye.\n")
            return 0
        try:
            _report(game.play(line.strip()), out)
        except BadInput as exc:
            out.write(f"Not legal: {exc}\n")
    result = game.result()
    for side, breakdown in enumerate(result.detail["deals"][-1]):
        who = "You" if side == 0 else f"Computer {side}"
        out.write(f"{who}: {breakdown}\n")
    winner = result.winner
    out.write("Draw.\n" if winner == "draw" else ("You win!\n" if winner == 0 else "The computer wins.\n"))
    return 0


def _report(events: list[Event], out: Writer) -> None:
    from cardems.pisti.events import Capture, Deal, Play, Sweep

    def who(seat: int) -> str:
        return "You" if seat == 0 else f"Computer {seat}"

    for event in events:
        if isinstance(event, Play):
            out.write(f"{who(event.seat)} played {_pretty(event.card)}\n")
        elif isinstance(event, Capture):
            label = (
                f" {'JACK PİŞTİ' if event.pisti == 'jack_pisti' else 'PİŞTİ'}! (+{event.points})"
                if event.pisti
                else ""
            )
            out.write(f"{who(event.seat)} captured {event.count} cards.{label}\n")
        elif isinstance(event, Sweep):
            out.write(f"The last {event.count} cards go to side {event.side}.\n")
        elif isinstance(event, Deal) and event.round > 1:
            out.write(f"New cards dealt ({event.stock} left in the stock).\n")


def cmd_arena(args: argparse.Namespace, out: Writer, err: Writer) -> int:
    from cardems import arena

    levels = [b.strip().lower() for b in args.bots.split(",")]
    if len(levels) != 2 or not all(levels):
        raise BadInput(
            f"--bots takes two levels separated by a comma, e.g. hard,normal (got {shown(args.bots)})"
        )
    options, _ = _options(args.option or [])
    if args.players is not None:
        options["players"] = str(args.players)
    seed = parse_seed(args.seed)
    cls = game_class(args.game)
    parsed = cls.new(options, seed=0).options
    players = cls.game_type.players(parsed)
    score = arena.run(
        args.game,
        levels,
        args.deals,
        seed,
        parsed,
        jobs=args.jobs,
        progress=arena.progress_printer(err) if not args.quiet else None,
    )
    if args.json:
        out.write(json.dumps(score.as_dict()) + "\n")
    else:
        a, b = levels
        low, high = score.ci95
        out.write(
            f"{a} vs {b}: {args.deals} deals, {score.games} games ({players} players, mirrored)\n"
            f"  {a}: {score.wins} wins, {score.draws} draws, {score.losses} losses "
            f"({100 * score.wins / score.games:.1f}% wins)\n"
            f"  mean point difference per deal: {score.mean_diff:+.2f}  (95% CI {low:+.2f} .. {high:+.2f})\n"
        )
    return 0


def _run_options(parser: argparse.ArgumentParser, games: Sequence[str], what: str) -> None:
    """The options the ladder and the panel share."""
    parser.add_argument("--deals", type=DEALS, default=1000, help="mirrored deals per row")
    parser.add_argument("--seed", default="1")
    parser.add_argument("--jobs", type=JOBS, default=1, help="worker processes (they share the shards)")
    parser.add_argument(
        "--scheduler",
        metavar="tcp://HOST:8786",
        help="play the shards on this Dask distributed cluster instead of local processes "
        "(pip install distributed; every worker needs cardems)",
    )
    parser.add_argument("--game", action="append", choices=list(games), help="only this game (repeatable)")
    parser.add_argument("--players", type=PLAYERS, action="append", help="only this many seats (repeatable)")
    parser.add_argument(
        "--cache",
        default=".ladder-cache.jsonl",
        help=f"finished shards are kept here, so a stopped {what} resumes ('' for none); "
        "keyed by game, options, bots, seed and deals, not by the code: remove it "
        "after changing a bot",
    )
    parser.add_argument("--json", action="store_true", help="print the rows as JSON")
    parser.add_argument("--quiet", action="store_true", help="no progress on stderr")


def ladder_parser() -> argparse.ArgumentParser:
    from cardems.ladder import GAMES

    parser = _Parser(
        prog="python -m cardems arena ladder",
        description="every game and seat count: normal vs easy and hard vs normal, mirrored",
    )
    _run_options(parser, [name for name, _ in GAMES], "ladder")
    sets = parser.add_mutually_exclusive_group()
    sets.add_argument(
        "--house",
        action="store_true",
        help="every row under each option set of its game: the defaults, each house rule's "
        "other values alone, and all of them changed at once",
    )
    sets.add_argument(
        "--option",
        action="append",
        metavar="NAME=VALUE",
        help="every row under this option set (repeatable; the games that have these options)",
    )
    parser.add_argument(
        "--pair",
        action="append",
        metavar="BOT,OPPONENT",
        help="only this match-up, e.g. hard,normal (repeatable; default: normal,easy and hard,normal)",
    )
    return parser


def panel_parser() -> argparse.ArgumentParser:
    from cardems import panel

    parser = _Parser(
        prog="python -m cardems arena panel",
        description="hard and normal against a panel of players unlike normal "
        f"({', '.join(panel.MEMBERS)}), mirrored, with hard minus normal per member",
    )
    _run_options(parser, panel.GAMES, "panel")
    return parser


def _progress(err: Writer, quiet: bool) -> Any:
    def show(line: str) -> None:
        err.write(line + "\n")
        err.flush()

    return None if quiet else show


def cmd_ladder(argv: Sequence[str], out: Writer, err: Writer) -> int:
    from cardems import ladder

    args = ladder_parser().parse_args(argv)
    pairs: tuple[tuple[str, str], ...] = ladder.PAIRS
    if args.pair:
        given = tuple(tuple(p.strip().lower() for p in pair.split(",")) for pair in args.pair)
        if any(len(p) != 2 or not all(p) for p in given):
            raise BadInput(
                f"--pair takes two levels separated by a comma, e.g. hard,normal (got {shown(args.pair)})"
            )
        pairs = cast("tuple[tuple[str, str], ...]", given)  # two levels each, checked above
    option, _ = _options(args.option or [])
    for rung in ladder.rungs(
        args.game, args.players, pairs, args.house, option
    ):  # bad options: before any work
        if args.pair:
            (
                make_bot(rung.game, rung.bot),
                make_bot(rung.game, rung.opponent),
            )  # unknown levels: before any work
    rows = ladder.run(
        args.deals,
        parse_seed(args.seed),
        jobs=args.jobs,
        cache=args.cache or None,
        games=args.game,
        players=args.players,
        pairs=pairs,
        progress=_progress(err, args.quiet),
        scheduler=args.scheduler,
        house=args.house,
        option=option,
    )
    ladder.write(rows, args.json, out)
    return 0


def cmd_panel(argv: Sequence[str], out: Writer, err: Writer) -> int:
    from cardems import panel

    args = panel_parser().parse_args(argv)
    result = panel.run(
        args.deals,
        parse_seed(args.seed),
        jobs=args.jobs,
        cache=args.cache or None,
        games=args.game,
        players=args.players,
        progress=_progress(err, args.quiet),
        scheduler=args.scheduler,
    )
    panel.write(result, args.json, out)
    return 0


def build_parser() -> argparse.ArgumentParser:
    parser = _Parser(prog="python -m cardems", description="Cardems card games")
    sub = parser.add_subparsers(dest="command", required=True, parser_class=_Parser)
    rep = sub.add_parser("replay", help="replay an arranged or seeded deal and print the outcome as JSON")
    rep.add_argument("game", choices=PLANNED)
    rep.add_argument("--deck", help='the arranged deal order, e.g. "AS 10D ..."')
    rep.add_argument("--seed", help="shuffle with this seed (and seed later randomness)")
    rep.add_argument("--option", action="append", metavar="NAME=VALUE")
    rep.add_argument("--moves", help='moves in order, e.g. "7H 7S JD"')
    ply = sub.add_parser("play", help="play a deal in the terminal")
    ply.add_argument("game", choices=PLANNED)
    ply.add_argument("--level", default="normal", choices=("easy", "normal", "hard"))
    ply.add_argument("--seed")
    ply.add_argument("--option", action="append", metavar="NAME=VALUE")
    are = sub.add_parser(
        "arena",
        help="bots against each other on mirrored deals "
        "(python -m cardems arena ladder: every game and level)",
    )
    are.add_argument("game", choices=PLANNED)
    are.add_argument("--bots", default="hard,normal", help="two levels, e.g. hard,normal")
    are.add_argument("--deals", type=DEALS, default=1000)
    are.add_argument("--seed", default="1")
    are.add_argument("--players", type=PLAYERS, help="seats, for games that have the option")
    are.add_argument("--option", action="append", metavar="NAME=VALUE")
    are.add_argument("--jobs", type=JOBS, default=1, help="worker processes")
    are.add_argument("--json", action="store_true", help="print one JSON object")
    are.add_argument("--quiet", action="store_true", help="no progress on stderr")
    return parser


def main(
    argv: Sequence[str] | None = None,
    out: TextIO | None = None,
    err: TextIO | None = None,
    inp: TextIO | None = None,
) -> int:
    """Run a command; 0 on success, 2 on bad input or a standard stream that is closed
    or full (one line on stderr, when stderr can take it), 130 on Ctrl-C."""
    stdout, stderr = _Safe(out or sys.stdout, "standard output"), _Safe(err or sys.stderr, "standard error")
    inp = inp or sys.stdin
    if hasattr(inp, "reconfigure"):  # a typed line the encoding cannot read is refused, not fatal
        inp.reconfigure(errors="replace")
    argv = list(sys.argv[1:] if argv is None else argv)
    try:
        try:
            if stdout.stream is None:  # before any work: its result could not be written
                raise StreamError("standard output is closed")
            code = _command(argv, stdout, stderr, inp)
            stdout.flush()
            return code
        except BadInput as exc:
            message = " ".join(_shortened(str(exc)).splitlines())  # one line, whatever the input held
            if len(message) > MESSAGE:
                message = message[: MESSAGE - 3] + "..."
            stderr.write(f"cardems: {message}\n")
            return 2
        except OSError as exc:  # a file named in the arguments (the ladder's cache...)
            where = f": {_shortened(shown(exc.filename))}" if exc.filename is not None else ""
            stderr.write(f"cardems: {_reason(exc)}{where}\n")
            return 2
        except StreamError as exc:
            _quiet(stdout)
            stderr.write(f"cardems: {exc}\n")
            return 2
        except KeyboardInterrupt:
            stderr.write("\n")
            return 130
    except StreamError:  # stderr too is closed or full: nothing can be said
        _quiet(stdout)
        _quiet(stderr)
        return 2


MESSAGE = 400  # an error line is at most this long


def _command(argv: list[str], out: Writer, err: Writer, inp: TextIO | None) -> int:
    if argv[:2] == ["arena", "ladder"]:
        return cmd_ladder(argv[2:], out, err)
    if argv[:2] == ["arena", "panel"]:
        return cmd_panel(argv[2:], out, err)
    args = build_parser().parse_args(argv)
    if args.command == "replay":
        return cmd_replay(args, out)
    if args.command == "arena":
        return cmd_arena(args, out, err)
    if inp is None:
        raise StreamError("standard input is closed: nothing to read the moves from")
    return cmd_play(args, out, inp)


def _quiet(stream: _Safe) -> None:
    """Point a failed standard stream at the null device, so that Python's flush at exit
    finds nothing to fail on (its buffer is dropped)."""
    target = stream.stream
    if target is None or not hasattr(target, "fileno"):
        return
    try:
        fd = target.fileno()
        null = os.open(os.devnull, os.O_WRONLY)
        os.dup2(null, fd)
        os.close(null)
    except (OSError, ValueError):
        pass
