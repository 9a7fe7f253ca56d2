"""The daily deal: a documented function of the day and the game, the same on
CPython and in Pyodide (this file also runs inside Pyodide, tests/test_pyodide.py)."""

import hashlib
from datetime import date

import pytest
from hypothesis import given
from hypothesis import strategies as st

from cardems.bots import bot_move, make_bot
from cardems.daily import daily_deal, daily_hash, daily_options, daily_seed, share_for, share_text, utc_today
from cardems.errors import BadInput
from cardems.game import parse_options
from cardems.games import PLANNED, game_class, playable
from cardems.web.i18n import Catalog

TODAY = "2030-01-01"

# Worked out with coreutils' sha256sum (the first 16 hex digits of the digest, shifted
# right by 11): a pinned contract, since every player's page must agree on them.
PINNED = {
    ("pisti", "2026-12-01"): 3121728832370090,
    ("pis-yedili", "2024-02-29"): 8287765321877516,
    ("abstract", "2027-01-01"): 6889913449078743,
    ("war", "2026-11-30"): int("3c1bcb55f91913f6", 16) >> 11,
}


def reference_seed(game: str, day: str) -> int:
    digest = hashlib.sha256(f"cardems-daily:{game}:{day}".encode()).hexdigest()
    return int(digest[:16], 16) // 2**11


@pytest.mark.parametrize("game, day", sorted(PINNED))
def test_the_pinned_seeds(game, day):
    assert daily_seed(game, day, today=TODAY) == PINNED[game, day] == reference_seed(game, day)


@given(st.sampled_from(PLANNED), st.dates(min_value=date(2000, 1, 1), max_value=date(2029, 12, 31)))
def test_the_seed_is_the_documented_function_of_game_and_day(game, day):
    seed = daily_seed(game, day.isoformat(), today=TODAY)
    assert seed == reference_seed(game, day.isoformat()) == daily_seed(game, day, today=TODAY)
    assert 0 <= seed < 2**53


def test_each_game_and_each_day_has_its_own_deal():
    seeds = {daily_seed(g, f"2026-11-{d:02}", today=TODAY) for g in PLANNED for d in range(1, 31)}
    assert len(seeds) == len(PLANNED) * 30


def test_the_deal_uses_default_options_normal_opponents_and_is_the_same_every_time():
    for game in playable():
        deal = daily_deal(game, "2026-12-01", today=TODAY)
        cls = game_class(game)
        assert deal.options == parse_options(cls.options_spec, {}) == daily_options(game)
        assert deal.level == "normal" and make_bot(game, deal.level).level == "normal"
        assert deal.seed == reference_seed(game, "2026-12-01")
        first, again = cls.new(deal.options, seed=deal.seed), cls.new(daily_options(game), seed=deal.seed)
        assert first.to_json() == again.to_json() and first.view(0) == again.view(0)


def test_today_is_the_utc_date_and_is_the_default_day():
    today = utc_today()
    assert date.fromisoformat(today).isoformat() == today
    assert daily_deal("war").day in (today, utc_today())  # the day may turn between the two calls
    assert daily_deal("war", today="2026-12-01").day == "2026-12-01"


@pytest.mark.parametrize(
    "day, words",
    [
        ("2030-01-02", "no daily deal for 2030-01-02 yet"),
        ("2031-06-01", "today is 2030-01-01"),
        ("2026-02-30", "not a day of the calendar"),
        ("1.12.2026", "YYYY-MM-DD"),
        ("", "YYYY-MM-DD"),
        ("2026-12-01T00:00", "YYYY-MM-DD"),
    ],
)
def test_a_future_or_malformed_day_is_refused_with_a_reason(day, words):
    with pytest.raises(BadInput, match=words):
        daily_seed("pisti", day, today=TODAY)


@pytest.mark.parametrize("game", ["chess", "", "PISTI ", "pis_yedili"])
def test_an_unknown_game_is_refused_naming_the_games(game):
    if game.strip().lower() in PLANNED:
        assert daily_seed(game, "2026-12-01", today=TODAY) == reference_seed("pisti", "2026-12-01")
        return
    with pytest.raises(BadInput, match="unknown game.*pisti, war"):
        daily_seed(game, "2026-12-01", today=TODAY)


def test_the_daily_link():
    assert daily_hash("pis-yedili") == "#/daily/pis-yedili"
    assert daily_hash("war", "2026-12-01") == "#/daily/war?date=2026-12-01"
    with pytest.raises(BadInput):
        daily_hash("chess")


def test_the_share_line_in_english_and_arabic():
    en = Catalog("en").t
    text = share_text(en, "pisti", "2026-12-01", "win", [7, 12], side=1)
    assert text.splitlines() == ["Cardems daily · Pişti · 2026-12-01", "Won 12–7", "🏆"]
    text = share_text(
        en, "pis-yedili", "2026-12-01", "loss", [40, 0, 12], side=0, rounds=["win", "loss", "draw"]
    )
    assert text.splitlines()[1:] == ["Lost 40–0–12", "🟩🟥🟨 💔"]
    ar = share_text(Catalog("ar").t, "war", "2026-12-01", "draw", [26, 26], side=0)
    assert (
        "2026-12-01" in ar
        and "26–26" in ar
        and Catalog("ar").t("game.war.name") in ar
        and "Cardems daily" not in ar
    )


@pytest.mark.parametrize(
    "args, words",
    [
        (("maybe", [1, 2], 0, ()), "result 'maybe'"),
        (("win", [1, 2], 2, ()), "side 2"),
        (("win", [1, 2], 0, ("won",)), "round result 'won'"),
    ],
)
def test_a_bad_share_line_is_refused(args, words):
    result, scores, side, rounds = args
    with pytest.raises(BadInput, match=words):
        share_text(Catalog("en").t, "pisti", "2026-12-01", result, scores, side, rounds)


@pytest.mark.parametrize("game", sorted(playable()))
def test_the_share_line_of_a_played_daily_deal_has_a_square_per_deal_of_a_match(game):
    """Played to its end by Easy bots: the squares are the player's result in each deal
    or round (by the scores of that deal, penalties the lower the better), there is one
    per deal of a match and none for a single deal, and the last line's emoji is the
    game's winner. The deals' scores add up to the match's."""
    deal = daily_deal(game, "2026-12-01", today=TODAY)
    play = game_class(game).new(deal.options, seed=deal.seed)
    bot = make_bot(game, "easy")
    while not play.over:
        play.play(bot_move(play, bot, play.to_move))
    lines = share_for(Catalog("en").t, play, deal.day).splitlines()
    rounds = play.round_scores()
    squares = lines[2].split(" ")[0] if len(rounds) > 1 else ""
    assert len(squares) == (len(rounds) if len(rounds) > 1 else 0)
    lower = play.game_type.lower_is_better
    for square, scores in zip(squares, rounds):
        mine, best_other = scores[0], (min if lower else max)(scores[1:])
        better = mine < best_other if lower else mine > best_other
        assert square == ("🟩" if better else "🟨" if mine == best_other else "🟥"), (scores, square)
    winner = play.result().winner
    assert lines[2].endswith("🏆" if winner == 0 else "🤝" if winner == "draw" else "💔")
    if rounds and play.options.get("mode") == "match":
        assert [sum(col) for col in zip(*rounds)] == [int(s) for s in play.result().scores]
