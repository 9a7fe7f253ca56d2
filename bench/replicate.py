"""Replicates of a ladder row: the same deals, every bot with other random numbers.

    python bench/hard_variant.py CACHE --opponent sampler --deals N --set bench.replicate:SALT=1

Imported through ``hard_variant.py --set`` in every worker, this module salts
:func:`cardems.bots.bot_rng`, so the same code plays the same deals with other samples
(and the opponents with theirs). Paired with the unsalted cache, the difference is the
noise floor of a variant's comparison: what a change of nothing but luck moves the row
by (bench/RESULTS.md, 2026-12-07).
"""

from __future__ import annotations

from typing import Any

from cardems import arena, bots
from cardems.rng import Rng

SALT = 0
_bot_rng = bots.bot_rng


def bot_rng(seed: int, seat: int, move_no: int) -> Rng:
    if not SALT:
        return _bot_rng(seed, seat, move_no)
    mixed = (seed * 1_000_003 + seat * 7919 + move_no * 104_729) ^ 0x5DEECE66D  # as cardems.bots does
    return Rng(mixed + SALT * 0x9E3779B97F4A7C15 % (1 << 61))


def bot_move(game: Any, bot: Any, seat: int) -> Any:
    return bot.choose(game.view(seat), game.legal_moves(), bot_rng(game.seed, seat, game.move_number()))


bots.bot_rng = bot_rng
bots.bot_move = bot_move
arena.bot_move = bot_move
