"""Command line: ``python -m cardems replay|play ...``.

Exit status 0 on success, 2 on bad input (one line on stderr, nothing on stdout),
whatever the terminal's encoding: text it cannot show is written in ASCII.
"""

from __future__ import annotations

import argparse
import json
import os
import sys
from typing import Any, Sequence, TextIO

from cardems.bots import LEVELS, bot_move, make_bot
from cardems.cards import SUIT_SYMBOLS, rank_of, suit_of
from cardems.errors import BadInput
from cardems.game import Event, Game, parse_seed, shown, whole_number
from cardems.games import PLANNED, game_class

# what a terminal that cannot show them gets instead (then backslash escapes for anything else)
ASCII_FALLBACK = str.maketrans({"ş": "s", "Ş": "S", "ı": "i", "İ": "I", "ç": "c", "ğ": "g", "ö": "o", "ü": "u",
                                "♠": "S", "♥": "H", "♦": "D", "♣": "C", "…": "...", "“": '"', "”": '"',
                                "‘": "'", "’": "'", "·": "-", "–": "-", "—": "-"})


class _Safe:
    """A text stream that writes what its encoding cannot encode in ASCII instead of
    failing (``PYTHONIOENCODING=ascii``, a Latin-1 terminal, a lone surrogate from argv)."""

    def __init__(self, stream: TextIO) -> None:
        self.stream = stream
        self.encoding = getattr(stream, "encoding", None) or "utf-8"

    def write(self, text: str) -> int:
        try:
            text.encode(self.encoding)
        except UnicodeEncodeError:
            text = text.translate(ASCII_FALLBACK).encode(self.encoding, "backslashreplace").decode(self.encoding)
        return self.stream.write(text)

    def flush(self) -> None:
        self.stream.flush()


class _Parser(argparse.ArgumentParser):
    def error(self, message: str) -> None:  # one line, status 2, like every bad input
        raise BadInput(message)


def _whole(low: int, high: int) -> Any:
    """An argparse type: a whole number in ASCII digits from ``low`` to ``high``."""
    def read(text: str) -> int:
        number = whole_number(text, low, high)
        if number is None:
            raise argparse.ArgumentTypeError(f"{shown(text)} is not a whole number from {low} to {high:,}")
        return number
    return read


def _options(pairs: Sequence[str]) -> tuple[dict[str, str], str]:
    options: dict[str, str] = {}
    level = "normal"
    for pair in pairs:
        name, sep, value = pair.partition("=")
        if not sep or not name:
            raise BadInput(f"option {pair!r} is not NAME=VALUE")
        if name == "level":
            level = value
        else:
            options[name] = value
    return options, level


def _summary(game: Game) -> dict[str, Any]:
    result = game.result()
    return {
        "game": game.name, "options": game.options, "over": result.over,
        "to_move": game.to_move, "scores": list(result.scores),
        "captured": list(result.captured), "winner": result.winner,
    }


def cmd_replay(args: argparse.Namespace, out: TextIO) -> int:
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
            raise BadInput(f"move {number} ({text}): {exc}") from None
    out.write(json.dumps(_summary(game)) + "\n")
    return 0


def _pretty(card: str) -> str:
    suit = suit_of(card)
    return rank_of(card) + (SUIT_SYMBOLS[suit] if suit else "")


def cmd_play(args: argparse.Namespace, out: TextIO, inp: TextIO) -> int:
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
        view = game.view(0)
        if seat != 0:
            _report(game.play(bot_move(game, bot, seat)), out)
            continue
        top = _pretty(view.pile_top) if view.pile_top else "empty"
        out.write(f"\nPile: {top} ({view.pile_size} cards)   Stock: {view.stock_size}   "
                  f"Captured: you {view.captured_counts[0]}, computer {view.captured_counts[1]}\n")
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


def _report(events: list[Event], out: TextIO) -> None:
    from cardems.pisti.events import Capture, Deal, Play, Sweep

    def who(seat: int) -> str:
        return "You" if seat == 0 else f"Computer {seat}"

    for event in events:
        if isinstance(event, Play):
            out.write(f"{who(event.seat)} played {_pretty(event.card)}\n")
        elif isinstance(event, Capture):
            label = f" {'JACK PİŞTİ' if event.pisti == 'jack_pisti' else 'PİŞTİ'}! (+{event.points})" if event.pisti else ""
            out.write(f"{who(event.seat)} captured {event.count} cards.{label}\n")
        elif isinstance(event, Sweep):
            out.write(f"The last {event.count} cards go to side {event.side}.\n")
        elif isinstance(event, Deal) and event.round > 1:
            out.write(f"New cards dealt ({event.stock} left in the stock).\n")


def cmd_arena(args: argparse.Namespace, out: TextIO, err: TextIO) -> int:
    from cardems import arena

    levels = [b.strip().lower() for b in args.bots.split(",")]
    if len(levels) != 2 or not all(levels):
        raise BadInput(f"--bots takes two levels separated by a comma, e.g. hard,normal (got {args.bots!r})")
    options, _ = _options(args.option or [])
    if args.players is not None:
        options["players"] = str(args.players)
    seed = parse_seed(args.seed)
    cls = game_class(args.game)
    parsed = cls.new(options, seed=0).options
    players = cls.game_type.players(parsed)
    score = arena.run(args.game, levels, args.deals, seed, parsed, jobs=args.jobs,
                      progress=arena.progress_printer(err) if not args.quiet else None)
    if args.json:
        out.write(json.dumps(score.as_dict()) + "\n")
    else:
        a, b = levels
        low, high = score.ci95
        out.write(
            f"{a} vs {b}: {args.deals} deals, {score.games} games ({players} players, mirrored)\n"
            f"  {a}: {score.wins} wins, {score.draws} draws, {score.losses} losses "
            f"({100 * score.wins / score.games:.1f}% wins)\n"
            f"  mean point difference per deal: {score.mean_diff:+.2f}  (95% CI {low:+.2f} .. {high:+.2f})\n")
    return 0


def ladder_parser() -> argparse.ArgumentParser:
    from cardems.ladder import GAMES

    parser = _Parser(prog="python -m cardems arena ladder",
                     description="every game and seat count: normal vs easy and hard vs normal, mirrored")
    parser.add_argument("--deals", type=int, default=1000, help="mirrored deals per row")
    parser.add_argument("--seed", default="1")
    parser.add_argument("--jobs", type=int, default=1, help="worker processes (they share the shards)")
    parser.add_argument("--game", action="append", choices=[name for name, _ in GAMES],
                        help="only this game (repeatable)")
    parser.add_argument("--players", type=int, action="append", help="only this many seats (repeatable)")
    parser.add_argument("--pair", action="append", metavar="BOT,OPPONENT",
                        help="only this match-up, e.g. hard,normal (repeatable; default: normal,easy and hard,normal)")
    parser.add_argument("--cache", default=".ladder-cache.jsonl",
                        help="finished shards are kept here, so a stopped ladder resumes ('' for none); "
                             "keyed by game, options, bots, seed and deals, not by the code: remove it "
                             "after changing a bot")
    parser.add_argument("--json", action="store_true", help="print the rows as JSON")
    parser.add_argument("--quiet", action="store_true", help="no progress on stderr")
    return parser


def cmd_ladder(argv: Sequence[str], out: TextIO, err: TextIO) -> int:
    from cardems import ladder

    args = ladder_parser().parse_args(argv)
    if args.deals < 1:
        raise BadInput(f"--deals must be at least 1 (got {args.deals})")
    if args.jobs < 1:
        raise BadInput(f"--jobs must be at least 1 (got {args.jobs})")

    pairs = ladder.PAIRS
    if args.pair:
        pairs = tuple(tuple(p.strip().lower() for p in pair.split(",")) for pair in args.pair)
        if any(len(p) != 2 or not all(p) for p in pairs):
            raise BadInput(f"--pair takes two levels separated by a comma, e.g. hard,normal (got {args.pair})")
        for rung in ladder.rungs(args.game, args.players, pairs):
            make_bot(rung.game, rung.bot), make_bot(rung.game, rung.opponent)   # unknown levels: before any work

    def show(line: str) -> None:
        err.write(line + "\n")
        err.flush()

    rows = ladder.run(args.deals, parse_seed(args.seed), jobs=args.jobs, cache=args.cache or None,
                      games=args.game, players=args.players, pairs=pairs, progress=None if args.quiet else show)
    ladder.write(rows, args.json, out)
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
    are = sub.add_parser("arena", help="bots against each other on mirrored deals "
                         "(python -m cardems arena ladder: every game and level)")
    are.add_argument("game", choices=PLANNED)
    are.add_argument("--bots", default="hard,normal", help="two levels, e.g. hard,normal")
    are.add_argument("--deals", type=_whole(1, 10_000_000), default=1000)
    are.add_argument("--seed", default="1")
    are.add_argument("--players", type=_whole(1, 99), help="seats, for games that have the option")
    are.add_argument("--option", action="append", metavar="NAME=VALUE")
    are.add_argument("--jobs", type=_whole(1, 256), default=1, help="worker processes")
    are.add_argument("--json", action="store_true", help="print one JSON object")
    are.add_argument("--quiet", action="store_true", help="no progress on stderr")
    return parser


def main(argv: Sequence[str] | None = None, out: TextIO | None = None,
         err: TextIO | None = None, inp: TextIO | None = None) -> int:
    out, err = _Safe(out or sys.stdout), _Safe(err or sys.stderr)
    inp = inp or sys.stdin
    if hasattr(inp, "reconfigure"):  # a typed line the encoding cannot read is refused, not fatal
        inp.reconfigure(errors="replace")
    argv = list(sys.argv[1:] if argv is None else argv)
    try:
        if argv[:2] == ["arena", "ladder"]:
            return cmd_ladder(argv[2:], out, err)
        args = build_parser().parse_args(argv)
        if args.command == "replay":
            return cmd_replay(args, out)
        if args.command == "arena":
            return cmd_arena(args, out, err)
        return cmd_play(args, out, inp)
    except BadInput as exc:
        err.write(f"cardems: {' '.join(str(exc).splitlines())}\n")  # one line, whatever the input held
        return 2
    except KeyboardInterrupt:
        err.write("\n")
        return 130
