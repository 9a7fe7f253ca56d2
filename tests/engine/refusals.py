"""Asserting refusals by their reason, not their English."""

from __future__ import annotations

from typing import Any

import pytest

from cardems.errors import IllegalMove, Reason


def refusal(game: Any, move: Any) -> Reason:
    """Why ``game`` refuses ``move`` (checking that the refusal changed nothing)."""
    before = game.to_json()
    with pytest.raises(IllegalMove) as caught:
        game.play(move)
    assert game.to_json() == before
    return caught.value.reason
