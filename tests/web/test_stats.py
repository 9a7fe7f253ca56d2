"""The statistics model: records, their checks, merge, export and import, figures, chart."""

import copy
import json
import re

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from cardems.errors import BadInput
from cardems.web import stats
from cardems.web.i18n import Catalog
from cardems.web.stats import (
    canonical,
    chart_data,
    chart_html,
    daily_streak,
    export_text,
    figures,
    import_into,
    import_text,
    make_record,
    merge,
    record_id,
    validate_record,
)


def rec(n, game="pisti", level="normal", result="win", day="2026-12-01", scores=(10, 5), side=0, **extra):
    fields = dict(
        id=record_id(game, n, 1_764_590_000_000 + n),
        game=game,
        options={"mode": "classic"},
        level=level,
        players=2,
        side=side,
        date=f"{day}T10:{n // 60 % 60:02}:{n % 60:02}Z",
        result=result,
        scores=list(scores),
        moves=24,
    )
    fields.update(extra)
    return make_record(**fields)


records_st = st.builds(
    lambda n, game, level, end, result, day, hour, scores, side, moves, daily, replay: make_record(
        id=f"{game}:{n}:{n * 7}",
        game=game,
        options={"mode": "match", "target": 151, "flag": True},
        level=level,
        players=len(scores),
        side=side % len(scores),
        date=f"2026-11-{day:02}T{hour:02}:00:00Z",
        end=end,
        result=None if end == "abandoned" else result,
        scores=scores,
        moves=moves,
        daily=f"2026-11-{day:02}" if daily else None,
        replay=replay,
    ),
    st.integers(0, 40),
    st.sampled_from(stats.PLANNED),
    st.sampled_from(stats.LEVELS),
    st.sampled_from(stats.ENDS),
    st.sampled_from(stats.RESULTS),
    st.integers(1, 30),
    st.integers(0, 23),
    st.lists(st.integers(-200, 400), min_size=2, max_size=4),
    st.integers(0, 3),
    st.integers(0, 300),
    st.booleans(),
    st.booleans(),
)
record_lists = st.lists(records_st, max_size=12)


def ids(records):
    return [r["id"] for r in records]


@settings(max_examples=50)
@given(record_lists, record_lists)
def test_merge_is_commutative_and_idempotent_and_keeps_one_record_per_id(a, b):
    ab = merge(a, b)
    assert ab == merge(b, a) == merge(ab, ab) == merge(ab, a) == merge(b, ab)
    assert sorted(ids(ab)) == sorted(set(ids(a) + ids(b)))


@settings(max_examples=50)
@given(record_lists, record_lists, record_lists)
def test_merge_is_associative(a, b, c):
    assert merge(merge(a, b), c) == merge(a, merge(b, c))


@settings(max_examples=50)
@given(record_lists)
def test_import_of_export_gives_the_same_records(records):
    assert import_text(export_text(records)) == canonical(records)
    assert import_text(export_text(records).encode("utf-8")) == canonical(records)


def test_a_finished_game_supersedes_its_abandoned_record():
    abandoned = rec(1, end="abandoned", result=None, moves=10)
    finished = rec(1, moves=30, date="2026-12-02T09:00:00Z")
    assert merge([abandoned], [finished]) == merge([finished], [abandoned]) == [finished]
    assert merge([finished, finished]) == [finished]


def test_a_record_is_checked_field_by_field():
    good = rec(1)
    assert validate_record(json.loads(json.dumps(good))) == good
    assert list(good) == list(stats.FIELDS)


@pytest.mark.parametrize(
    "change, words",
    [
        ({"v": 2}, "schema version 2 is newer"),
        ({"v": True}, "schema version True"),
        ({"id": ""}, "id ''"),
        ({"id": "a b"}, "id 'a b'"),
        ({"game": "chess"}, "game 'chess' is not one of pisti"),
        ({"options": []}, "options"),
        ({"options": {"Mode": "x"}}, "option name 'Mode'"),
        ({"options": {"mode": [1]}}, "option mode"),
        ({"level": "expert"}, "level 'expert'"),
        ({"players": 1}, "players 1"),
        ({"players": True}, "players True"),
        ({"scores": [1, 2, 3]}, "scores"),
        ({"scores": [1.5, 2]}, "scores"),
        ({"side": 2}, "side 2"),
        ({"moves": -1}, "moves -1"),
        ({"date": "2026-12-01"}, "date '2026-12-01'"),
        ({"date": "2026-02-30T10:00:00Z"}, "not a real day"),
        ({"end": "quit"}, "end 'quit'"),
        ({"result": "maybe"}, "result 'maybe'"),
        ({"result": None}, "result None"),
        ({"end": "abandoned"}, "abandoned game has a result"),
        ({"daily": "2026-12-02"}, "played before its day"),
        ({"daily": "yesterday"}, "daily 'yesterday'"),
        ({"replay": 0}, "replay"),
        ({"colour": "red"}, "unknown field 'colour'"),
    ],
)
def test_a_bad_record_is_refused_naming_what_is_wrong(change, words):
    data = dict(rec(1), **change)
    with pytest.raises(BadInput, match=re.escape(words)):
        validate_record(data, "record 7")
    with pytest.raises(BadInput, match="record 7: the field 'moves' is missing"):
        validate_record({k: v for k, v in rec(1).items() if k != "moves"}, "record 7")


@pytest.mark.parametrize(
    "text, words",
    [
        ("", "not JSON"),
        ("{\"format\": \"cardems-stats\"", "not JSON"),
        (b"\xff\xfe", "not text"),
        ("[1, 2]", "not a Cardems statistics file"),
        ('{"format": "other", "records": []}', "not a Cardems statistics file"),
        ('{"format": "cardems-stats", "version": 9, "records": []}', "version 9"),
        ('{"format": "cardems-stats", "version": 1, "records": {}}', "no list of records"),
        ('{"format": "cardems-stats", "version": 1, "records": [1]}', "record 1: is not a JSON object"),
        ("[" * 100_000, "more than 16 deep"),
        ('{"format": "cardems-stats", "x": ' + "[" * 17 + "]" * 17 + "}", "more than 16 deep"),
    ],
)
def test_a_bad_or_foreign_file_is_refused_and_changes_nothing(text, words):
    stored = [rec(1), rec(2, result="loss")]
    before = copy.deepcopy(stored)
    with pytest.raises(BadInput, match=re.escape(words)):
        import_into(stored, text)
    assert stored == before


def test_brackets_inside_texts_are_not_counted_as_nesting():
    deep = rec(1, options={"name": "[[[[[[[[[[{{{{{{{{{{\\\"[[[[[["})
    assert import_text(export_text([deep] * 3)) == [deep]


def test_the_first_bad_record_of_a_file_is_named_and_nothing_is_merged():
    body = json.loads(export_text([rec(1), rec(2), rec(3)]))
    body["records"][1]["result"] = "won"
    stored = [rec(9)]
    with pytest.raises(BadInput, match="record 2: result 'won'"):
        import_into(stored, json.dumps(body))
    assert stored == [rec(9)]


@settings(max_examples=60)
@given(record_lists, record_lists, st.data())
def test_corrupt_input_changes_nothing(stored, exported, data):
    text = export_text(exported)
    at = data.draw(st.integers(0, max(0, len(text) - 1)))
    cut = data.draw(st.integers(1, 20))
    junk = data.draw(st.text(max_size=5))
    damaged = text[:at] + junk + text[at + cut :]
    before = copy.deepcopy(stored)
    try:
        result = import_into(stored, damaged)
    except BadInput:
        result = None
    assert stored == before
    if result is not None:  # the damage left a valid file: what it holds was merged
        assert set(ids(result)) == set(ids(stored)) | set(ids(import_text(damaged)))


def test_figures_per_game_and_level():
    records = [
        rec(1),
        rec(2),
        rec(3, result="loss"),
        rec(4),
        rec(5, result="draw", scores=(7, 7)),
        rec(6),
        rec(7),
        rec(8, end="abandoned", result=None),
        rec(9, level="hard", result="loss", scores=(3, 14)),
        rec(10, game="pis-yedili", scores=(0, 40)),
        rec(11, game="pis-yedili", result="loss", scores=(55, 3)),
        rec(12, game="pis-yedili", scores=(12, 50)),
    ]
    by = {(f.game, f.level): f for f in figures(records)}
    pisti = by["pisti", "normal"]
    assert (pisti.played, pisti.won, pisti.drawn, pisti.lost, pisti.abandoned) == (7, 5, 1, 1, 1)
    assert pisti.win_rate == 5 / 7 and (pisti.current_streak, pisti.best_streak) == (2, 2)
    assert pisti.average_points == 67 / 7 and pisti.best_points == 10 and not pisti.lower_is_better
    hard = by["pisti", "hard"]
    assert (hard.played, hard.lost, hard.current_streak, hard.best_points) == (1, 1, 0, 3)
    py = by["pis-yedili", "normal"]
    assert py.lower_is_better and py.best_points == 0 and py.average_points == 67 / 3
    assert (py.current_streak, py.best_streak) == (1, 1)
    assert list(by) == [("pisti", "normal"), ("pisti", "hard"), ("pis-yedili", "normal")]
    only_abandoned = figures([rec(1, end="abandoned", result=None)])[0]
    assert (
        only_abandoned.played == 0 and only_abandoned.win_rate is None and only_abandoned.best_points is None
    )


def test_a_reload_writing_the_same_game_again_does_not_count_twice():
    one = rec(1)
    assert figures([one, copy.deepcopy(one)])[0].played == 1


def test_the_daily_streak_counts_days_in_a_row_without_replays():
    def daily(n, day, **kw):
        return rec(n, day=day, daily=day, **kw)

    records = [
        daily(1, "2026-11-20"),
        daily(2, "2026-11-21"),
        daily(3, "2026-11-22"),
        daily(4, "2026-11-25"),
        daily(5, "2026-11-26"),
        daily(6, "2026-11-26", game="war"),
        daily(7, "2026-11-27", replay=True),
        daily(8, "2026-11-28", end="abandoned", result=None),
        rec(9, day="2026-11-27"),
    ]
    assert daily_streak(records, "2026-11-26") == (2, 3)
    assert daily_streak(records, "2026-11-27") == (2, 3)  # alive until a day is missed
    assert daily_streak(records, "2026-11-28") == (0, 3)
    assert daily_streak(records, "2026-11-26", game="war") == (1, 1)
    assert daily_streak([], "2026-11-26") == (0, 0)


def test_chart_data_counts_results_per_day_for_the_last_days_with_games():
    records = [
        rec(1, day="2026-11-01"),
        rec(2, day="2026-11-01", result="loss"),
        rec(3, day="2026-11-03"),
        rec(4, day="2026-11-05", result="draw"),
        rec(5, day="2026-11-05", game="war"),
        rec(6, day="2026-11-06", end="abandoned", result=None),
    ]
    data = chart_data(records, game="pisti")
    assert [(d.day, d.won, d.drawn, d.lost) for d in data] == [
        ("2026-11-01", 1, 0, 1),
        ("2026-11-03", 1, 0, 0),
        ("2026-11-05", 0, 1, 0),
    ]
    assert [d.day for d in chart_data(records, days=2)] == ["2026-11-03", "2026-11-05"]
    assert chart_data(records)[-1].won == 1 and chart_data(records, level="hard") == []


def bar_xs(html, kind):
    return [float(x) for x in re.findall(rf'<rect class="bar-{kind}" x="([\d.]+)"', html)]


def test_the_chart_is_svg_with_a_text_alternative_and_mirrors_in_rtl():
    data = chart_data([rec(i, day=f"2026-11-{i:02}", result=("win", "loss")[i % 2]) for i in range(1, 11)])
    en = chart_html(Catalog("en").t, data)
    assert en.count("<svg") == 1 and 'role="img"' in en and "<desc" in en
    assert "Days with games: 10. Won: 5, drawn: 0, lost: 5." in en
    assert en.count("<tr><th scope=\"row\">") == 10 and "2026-11-10" in en
    wins = bar_xs(en, "win")
    assert len(wins) == 5 and wins == sorted(wins)  # time runs left to right
    ar = chart_html(Catalog("ar").t, data, rtl=True)
    assert 'dir="rtl"' in ar and Catalog("ar").t("stats.chart.title") in ar
    rtl_wins = bar_xs(ar, "win")
    assert rtl_wins == sorted(rtl_wins, reverse=True)  # and right to left in RTL
    width = float(re.search(r'<rect class="bar-win" x="[\d.]+" y="[\d.]+" width="([\d.]+)"', en).group(1))
    assert all(abs(a + b + width - stats.CHART_W) < 0.2 for a, b in zip(wins, rtl_wins))  # a mirror image
    labels = re.findall(r'text-anchor="middle" font-size="\d+">([\d-]+)<', en)
    assert labels[-1] == "11-10" and 3 <= len(labels) <= 7 and labels == sorted(labels)


def test_an_empty_chart_says_so():
    html = chart_html(Catalog("en").t, [])
    assert "<svg" not in html and "No finished games yet." in html


def test_text_in_the_chart_is_escaped():
    def t(key, **params):
        return "<b>" + key

    html = chart_html(t, chart_data([rec(1)]))
    assert "<b>" not in html and "&lt;b&gt;stats.chart.title" in html


def test_every_failure_of_the_database_has_a_notice_in_every_language():
    from pathlib import Path

    source = (Path(__file__).resolve().parents[2] / "static" / "js" / "statsdb.js").read_text(
        encoding="utf-8"
    )
    table = source.split("const MESSAGES = {", 1)[1].split("};", 1)[0]
    codes = re.findall(r'^\s*"?([a-z-]+)"?:', table, re.M)
    assert {"unavailable", "quota", "blocked", "version", "bad-record", "failed"} == set(codes)
    for lang in ("en", "tr", "ar", "fa"):
        catalog = Catalog(lang)
        assert all(catalog.messages.get(f"stats.db.{code}") for code in codes), lang


def test_a_game_with_a_move_taken_back_is_recorded_so_and_counted_apart():
    plain, undone = rec(1), rec(2, undo=True)
    assert "undo" not in plain and undone["undo"] is True
    assert validate_record(json.loads(json.dumps(undone))) == undone
    assert "undo" not in validate_record({**plain, "undo": False})
    with pytest.raises(BadInput, match="undo"):
        validate_record({**plain, "undo": "yes"})
    pisti = figures([plain, undone, rec(3, undo=True, end="abandoned", result=None)])[0]
    assert (pisti.played, pisti.won, pisti.with_undo) == (2, 2, 1)
