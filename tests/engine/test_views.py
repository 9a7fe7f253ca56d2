"""Views carry everything a table shows, and nothing a seat may not see (Hypothesis).

The fields every view shares (SeatView): options, next_up (asked of the rules),
between_rounds, winner, final_scores; and each game's finished deals or rounds.
"""

from __future__ import annotations

import json

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from cardems.abstract.events import Choose
from cardems.abstract.events import Take as AbstractTake
from cardems.abstract.rules import Abstract
from cardems.cli import main
from cardems.game import Game
from cardems.games import PLANNED, game_class
from cardems.pis_yedili.events import Again, Muamele, Reverse, RoundEnd, RoundScored, Ten
from cardems.pis_yedili.rules import PisYedili
from cardems.pisti.rules import Pisti
from cardems.rng import Rng
from cardems.war.rules import War

SEEDS = st.integers(0, 2**32)
PISTI = st.fixed_dictionaries(
    {"mode": st.just("match"), "players": st.sampled_from([2, 3, 4]), "target": st.just(51)}
)
PIS_YEDILI = st.fixed_dictionaries(
    {
        "players": st.sampled_from([2, 3, 4]),
        "ten_rule": st.sampled_from(["bounce", "reverse"]),
        "target": st.just(31),
    }
)
ABSTRACT = st.fixed_dictionaries(
    {"variant": st.sampled_from(["base", "suit", "unlimited", "52"]), "target": st.just(250)}
)


def steps(game: Game, play_seed: int, limit: int = 5000):
    """Random legal play: yields (view of every seat before, the move, the events) after each move."""
    rng = Rng(play_seed)
    while not game.is_over() and len(game.moves) < limit:
        views = [game.view(s) for s in range(game.players)]
        move = rng.choice(game.legal_moves())
        yield views, move, game.play(move)


def played(game: Game, play_seed: int, stop: int) -> Game:
    for _ in steps(game, play_seed, stop):
        pass
    return game


def shuffled_into(rng: Rng, places: list[tuple[list, int]]) -> None:
    """Deal the cards found at ``places`` (list, index) back into them in a new order."""
    cards = [where[i] for where, i in places]
    rng.shuffle(cards)
    for (where, i), card in zip(places, cards):
        where[i] = card


def assert_views_survive_swaps(game: Game, seed: int, swap) -> None:
    """For each seat: ``swap(copy, seat, rng)`` reorders the cards that seat cannot see;
    its view must not change."""
    if game.is_over():
        return
    views = [game.view(s) for s in range(game.players)]
    for seat in range(game.players):
        other = game.copy()
        swap(other, seat, Rng(seed + seat))
        assert other.view(seat) == views[seat]


def others_hands(game: Game, seat: int) -> list[tuple[list, int]]:
    return [(h, i) for s, h in enumerate(game.hands) if s != seat for i in range(len(h))]


# ---------------------------------------------------------------- nothing unseen leaks
@settings(max_examples=60)
@given(SEEDS, SEEDS, PISTI, st.integers(0, 250))
def test_pisti_views_do_not_change_when_unseen_cards_are_swapped(seed, play_seed, options, stop):
    def swap(game: Pisti, seat: int, rng: Rng) -> None:
        face_down = [i for i in range(game.pile_hidden) if game.pile[i] not in game.opening_known]
        places = others_hands(game, seat) + [(game.stock, i) for i in range(len(game.stock))]
        shuffled_into(rng, places + [(game.pile, i) for i in face_down])
        if game.pile_hidden:
            game.opening_hidden = game.pile[: game.pile_hidden]

    assert_views_survive_swaps(played(Pisti.new(options, seed=seed), play_seed, stop), seed, swap)


@settings(max_examples=60)
@given(SEEDS, SEEDS, PIS_YEDILI, st.integers(0, 400))
def test_pis_yedili_views_do_not_change_when_unseen_cards_are_swapped(seed, play_seed, options, stop):
    def swap(game: PisYedili, seat: int, rng: Rng) -> None:
        places = [(game.stock, i) for i in range(len(game.stock))]
        if game.phase != "muamele":  # in the muamele every hand is shown
            places += others_hands(game, seat)
        shuffled_into(rng, places)

    assert_views_survive_swaps(played(PisYedili.new(options, seed=seed), play_seed, stop), seed, swap)


@settings(max_examples=60)
@given(SEEDS, SEEDS, st.integers(0, 300))
def test_war_views_do_not_change_when_unseen_cards_are_swapped(seed, play_seed, stop):
    def swap(game: War, seat: int, rng: Rng) -> None:
        rival = game.hands[1 - seat]  # with the other seat's hidden choice, if it has chosen
        hidden = game.committed[1 - seat]
        chosen = rival.index(hidden) if hidden is not None else None
        down = [i for i, (_, _, up) in enumerate(game.table) if not up]
        cards = [game.table[i][1] for i in down]
        places = others_hands(game, seat) + [(d, i) for d in game.draw for i in range(len(d))]
        shuffled_into(rng, places + [(cards, i) for i in range(len(cards))])
        for i, card in zip(down, cards):
            game.table[i] = (game.table[i][0], card, False)
        if chosen is not None:
            game.committed[1 - seat] = rival[chosen]

    assert_views_survive_swaps(played(War.new(seed=seed), play_seed, stop), seed, swap)


@settings(max_examples=60)
@given(SEEDS, SEEDS, st.integers(0, 60))
def test_abstract_52_views_do_not_show_the_order_of_the_row_not_yet_dealt(seed, play_seed, stop):
    game = played(Abstract.new({"variant": "52"}, seed=seed), play_seed, stop)
    if game.is_over() or game.half != 0:
        return
    views = [game.view(s) for s in (0, 1)]
    other = game.copy()
    Rng(seed).shuffle(other.rows[1])
    assert [other.view(s) for s in (0, 1)] == views


# ---------------------------------------------------------------- the next seat, from the rules
@settings(max_examples=40)
@given(SEEDS, SEEDS, PISTI)
def test_pisti_next_up_is_who_moves_next(seed, play_seed, options):
    game = Pisti.new(options, seed=seed)
    for views, _, _events in steps(game, play_seed):
        if not game.is_over():
            assert game.to_move == views[0].next_up
    assert game.view(0).next_up is None


PLAIN = (Again, Ten, Reverse, RoundEnd, Muamele, RoundScored)


@settings(max_examples=40)
@given(SEEDS, SEEDS, PIS_YEDILI)
def test_pis_yedili_next_up_is_who_moves_after_a_turn_ends_plainly(seed, play_seed, options):
    game = PisYedili.new(options, seed=seed)
    checked = 0
    for views, move, events in steps(game, play_seed):
        before = views[0]
        if before.phase == "muamele":
            assert before.next_up is None
        elif move != "draw" and not any(isinstance(e, PLAIN) for e in events) and not game.is_over():
            assert game.to_move == before.next_up
            checked += 1
    assert checked > 0


@settings(max_examples=30)
@given(SEEDS, SEEDS, ABSTRACT)
def test_abstract_next_up_when_known_is_who_moves_next(seed, play_seed, options):
    game = Abstract.new(options, seed=seed)
    for views, _, _ in steps(game, play_seed):
        if views[1].next_up is not None:
            assert game.to_move == views[1].next_up == 1 - views[1].to_move


@settings(max_examples=20)
@given(SEEDS, SEEDS)
def test_war_next_up_is_who_moves_next(seed, play_seed):
    game = War.new(seed=seed)
    for views, _, _ in steps(game, play_seed):
        if not game.is_over():
            assert game.to_move == views[0].next_up


# ---------------------------------------------------------------- deals, rounds, the end
def deals_of(game: Game) -> int:
    """Deals or rounds scored, counted from the result (not from the view)."""
    detail = game.result().detail
    return len(detail.get("deals", detail.get("rounds", [])))


@pytest.mark.parametrize(
    "name, options",
    [
        ("pisti", {"mode": "match", "target": 51, "players": 3}),
        ("pis-yedili", {"players": 3, "target": 31}),
        ("abstract", {"variant": "52", "target": 500}),
        ("war", {}),
    ],
)
def test_between_rounds_holds_from_a_scoring_to_the_next_deals_first_move(name, options):
    game = game_class(name).new(options, seed=11)
    rng = Rng(5)
    seen = 0
    while not game.is_over():
        finished = deals_of(game)
        game.play(rng.choice(game.legal_moves()))
        view = game.view(0)
        scored = deals_of(game) > finished
        assert view.rounds_done == deals_of(game)
        assert view.between_rounds == (scored and not game.is_over())
        if view.between_rounds:
            seen += 1
            assert view.to_move is not None and not view.over
    assert seen == (0 if name == "war" else deals_of(game) - 1)


@pytest.mark.parametrize("name", PLANNED)
def test_views_give_options_the_outcome_and_every_finished_deal(name):
    game = game_class(name).new({}, seed=3)
    view = game.view(0)
    assert dict(view.options) == game.options and view.winner is None and view.final_scores is None
    with pytest.raises(TypeError):
        view.options["mode"] = "x"  # read-only
    rng = Rng(9)
    while not game.is_over():
        game.play(rng.choice(game.legal_moves()))
        view = game.view(game.players - 1)
        detail = game.result().detail
        if name == "pisti":
            assert [[b.as_dict() for b in deal] for deal in view.deals] == detail["deals"]
        elif name == "abstract":
            assert [d.as_dict() for d in view.deals] == detail["deals"]
        elif name == "pis-yedili":
            assert [r.as_dict() for r in view.rounds] == detail["rounds"]
    result = game.result()
    assert view.over and view.winner == result.winner and view.final_scores == result.scores
    assert view.next_up is None and view.to_move is None
    if name == "pis-yedili":
        assert list(view.winners) == detail["winners"]
    if name == "war":
        assert (view.battles, view.wars) == (detail["battles"], detail["wars"])
    assert view.players == game.players == len(result.scores if name != "pisti" else game.hands)


@pytest.mark.parametrize("name", PLANNED)
def test_a_seat_that_is_not_there_is_bad_input(name):
    from cardems.errors import BadInput

    game = game_class(name).new({}, seed=1)
    for seat in (-1, game.players):
        with pytest.raises(BadInput, match=f"no seat {seat}"):
            game.view(seat)


# ---------------------------------------------------------------- Abstract's row and captured cards
def test_abstract_take_for_a_card_is_the_take_that_ends_with_it():
    game = Abstract.new({"variant": "suit"}, seed=4)
    game.play("first")
    view = game.view(0)
    assert view.limit >= 1
    for depth, card in enumerate(view.row, 1):
        assert view.take_for(card) == (depth if depth <= view.limit else None)
    assert view.take_for(view.dealt[0]) == 1 and view.take_for("ZZ") is None


LAYOUT = "AS AD QS 9H QH AC JH KH KS KD 10S 9D 9S JS KC JC JD 10H 10D 10C AH QD QC 9C"
EXAMPLE = "first 2 2 2 3 1 1 2 3 1 3 2 2"


def replay(*argv: str) -> dict:
    import io

    out, err = io.StringIO(), io.StringIO()
    assert main(["replay", *argv], out=out, err=err) == 0, err.getvalue()
    return json.loads(out.getvalue())


def test_abstract_replay_reports_the_cards_each_seat_took_in_the_current_deal():
    assert replay("abstract", "--deck", LAYOUT, "--moves", "first 2 2 2 3")["captured"] == [4, 5]
    # a whole deal of a match: the deal just scored, until the next deal's first move
    whole = replay("abstract", "--deck", LAYOUT, "--moves", EXAMPLE)
    assert whole["scores"] == [168, 250] and whole["captured"] == [10, 14] and not whole["over"]
    assert replay("abstract", "--deck", LAYOUT, "--moves", EXAMPLE + " first")["captured"] == [0, 0]
    assert replay("abstract", "--deck", LAYOUT, "--moves", EXAMPLE + " first 1")["captured"] == [0, 1]


@settings(max_examples=30)
@given(SEEDS, SEEDS, ABSTRACT, st.integers(1, 120))
def test_abstract_captured_counts_every_take_of_the_current_deal(seed, play_seed, options, stop):
    game = Abstract.new(options, seed=seed)
    taken = [0, 0]
    for _, _move, events in steps(game, play_seed, stop):
        for e in events:
            if isinstance(e, AbstractTake):
                taken[e.seat] += len(e.cards)
        if any(isinstance(e, Choose) for e in events):
            taken = [0, 0]
    assert game.result().captured == tuple(taken) == game.view(0).captured


def test_pisti_between_deals_captured_is_the_deal_just_scored():
    game = Pisti.new({"mode": "match"}, seed=2)
    rng = Rng(1)
    while not game.deal_results:
        game.play(rng.choice(game.legal_moves()))
    assert game.result().captured == tuple(b.cards for b in game.deal_results[-1])
    assert sum(game.result().captured) == 52
    game.play(rng.choice(game.legal_moves()))
    assert sum(game.result().captured) < 52
