"""Looking back at a finished game, the pure part: the review link's deal, the deals of a
match within its moves, and the review fields a statistics record keeps (checked, bounded,
turned back into the very link the result dialog opens)."""

import json

import pytest

from cardems.bots import bot_move, make_bot
from cardems.errors import BadInput
from cardems.games import game_class
from cardems.web.review import check_review, deal_starts, review_fields, review_hash, review_route
from cardems.web.route import MAX_REVIEW_MOVES, parse_route
from cardems.web.stats import export_text, import_text, make_record, record_id, validate_record


def bot_game(name, options, seed, level="easy"):
    game = game_class(name).new(options, seed=seed)
    bots = [make_bot(name, level) for _ in range(game.players)]
    while not game.is_over():
        seat = game.to_move
        game.play(bot_move(game, bots[seat], seat))
    return game


def record_of(game, seats=None, **extra):
    fields = dict(
        id=record_id(game.name, game.seed, 1_764_590_000_000),
        game=game.name,
        options=dict(game.options),
        level="easy",
        players=game.players,
        side=0,
        date="2026-12-03T10:00:00Z",
        result="win",
        scores=list(game.result().scores),
        moves=len(game.moves),
    )
    review = review_fields(game, seats)
    if review is not None:
        fields["review"] = review
    fields.update(extra)
    return make_record(**fields)


def test_a_review_link_names_a_deal_of_a_match_and_round_trips():
    route = parse_route("#/review/pisti?mode=match&target=51&seed=4&moves=AS,KD,QC&deal=2&at=1")
    assert (route.screen, route.deal, route.at, route.dropped) == ("review", 2, 1, [])
    again = parse_route(route.to_hash())
    assert (again.deal, again.at, again.moves, again.options) == (2, 1, route.moves, route.options)
    assert "deal=" not in parse_route("#/review/pisti?seed=4&moves=AS").to_hash()
    for bad in ("0", "-1", "two", "", "4"):  # from 1, at most one deal a move
        route = parse_route(f"#/review/pisti?seed=4&moves=AS,KD,QC&deal={bad}")
        assert route.deal is None and route.dropped == [f"deal={bad}" if bad else "deal"], bad
        assert route.notices[0][0] == "notice.link_parts"
    twice = parse_route("#/review/pisti?seed=4&moves=AS&deal=1&deal=1")
    assert twice.deal == 1 and twice.dropped == ["deal=1"]


@pytest.mark.parametrize(
    "name,options,seed",
    [
        ("pisti", {"mode": "match", "target": 51}, 5),
        ("abstract", {}, 3),
        ("pis-yedili", {"mode": "match"}, 2),
    ],
)
def test_each_deal_of_a_match_begins_after_the_move_that_scored_the_one_before(name, options, seed):
    game = bot_game(name, options, seed)
    starts = deal_starts(type(game), game.to_json(), game.moves)
    assert len(starts) == len(game.round_scores()) > 1 and starts[0] == 0
    for k, start in enumerate(starts[1:], 1):
        before = type(game).from_json({**game.to_json(), "moves": game.moves[: start - 1]})
        after = type(game).from_json({**game.to_json(), "moves": game.moves[:start]})
        assert (before.rounds_done(), after.rounds_done()) == (k - 1, k)  # deal k scored by move start


def test_a_game_without_deals_is_one_deal():
    game = bot_game("war", {}, 16)
    assert deal_starts(type(game), game.to_json(), game.moves) == (0,)


def test_a_finished_games_record_keeps_its_review_and_gives_back_its_link():
    game = bot_game("pisti", {"mode": "match", "target": 51}, 5)
    record = record_of(game, ("easy", "p"))
    assert record["review"] == {"seed": 5, "seats": "easy,p", "moves": game.moves}
    assert validate_record(json.loads(json.dumps(record))) == record
    assert import_text(export_text([record])) == [record]  # export and import keep it
    route = parse_route(review_hash(record))
    assert (route.screen, route.game, route.seed, route.moves) == ("review", "pisti", 5, tuple(game.moves))
    assert route.options == game.options and route.seats == ("easy", "p") and route.level == "easy"
    replay = game_class("pisti").from_json(
        {
            "format": 1,
            "game": "pisti",
            "options": route.options,
            "seed": route.seed,
            "deck": None,
            "moves": list(route.moves),
        }
    )
    assert replay.result().scores == game.result().scores  # the link replays the same game
    assert parse_route(review_hash(record, deal=2)).deal == 2
    # the default seating stays out of the link
    assert "seats=" not in review_hash(record_of(game, ("p", "easy")))


def test_no_review_for_an_arranged_deck_too_many_moves_or_an_older_record():
    game = bot_game("war", {}, 16)
    assert review_fields(game, None) is not None
    dealt = game_class("war").new({}, seed=0, deck=list(game_class("war").pack({})))
    assert review_fields(dealt, None) is None  # a link carries no deck
    long = game_class("war").new({}, seed=16)
    long.moves = ["x"] * (MAX_REVIEW_MOVES + 1)
    assert review_fields(long, None) is None
    older = record_of(game)
    older.pop("review")
    assert review_route(validate_record(older)) is None  # no moves kept: no review


@pytest.mark.parametrize(
    "review,words",
    [
        ([], "not an object"),
        ({"seed": 1, "moves": ["QS"], "deck": []}, "unknown field"),
        ({"seed": -1, "moves": ["QS"]}, "seed"),
        ({"seed": True, "moves": ["QS"]}, "seed"),
        ({"seed": 1, "moves": "QS"}, "moves"),
        ({"seed": 1, "moves": ["é"]}, "moves"),
        ({"seed": 1, "moves": ["QS"] * (MAX_REVIEW_MOVES + 1)}, "moves"),
        ({"seed": 1, "seats": 3, "moves": ["QS"]}, "seats"),
    ],
)
def test_a_corrupt_review_makes_the_record_invalid_naming_what_is_wrong(review, words):
    game = bot_game("war", {}, 16)
    record = {**record_of(game), "review": review}
    with pytest.raises(BadInput, match=words):
        validate_record(record)
    with pytest.raises(BadInput):
        check_review(review)


def test_an_abandoned_game_keeps_no_review():
    game = bot_game("war", {}, 16)
    record = {**record_of(game), "end": "abandoned", "result": None}
    with pytest.raises(BadInput, match="abandoned"):
        validate_record(record)
    record.pop("review")
    assert review_route(validate_record(record)) is None
