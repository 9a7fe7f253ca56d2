"""Properties of Pis Yedili over random seeds and random legal play (Hypothesis)."""

from collections import Counter

from hypothesis import given
from hypothesis import strategies as st

from cardems.game import Event
from cardems.pis_yedili.events import Again, Round, RoundEnd
from cardems.pis_yedili.rules import PisYedili, deck_for
from cardems.rng import Rng
from tests.engine.pis_yedili_house import HOUSE

OPTIONS = st.builds(
    lambda base, house: {**base, **house},
    st.fixed_dictionaries(
        {
            "players": st.sampled_from([2, 3, 4]),
            "ten_rule": st.sampled_from(["bounce", "reverse"]),
            "target": st.sampled_from([31, 101]),
        }
    ),
    HOUSE,
)
MOVE_LIMIT = 20_000


def everything(game: PisYedili) -> Counter:
    cards = game.stock + game.pile + [c for h in game.hands for c in h] + [c for p in game.picked for c in p]
    return Counter(cards)


def random_game(seed: int, play_seed: int, options: dict):
    game = PisYedili.new(options, seed=seed)
    rng = Rng(play_seed)
    while not game.is_over():
        assert len(game.moves) < MOVE_LIMIT
        before = game.copy()
        move = rng.choice(game.legal_moves())
        events = game.play(move)
        yield before, move, events, game


@given(st.integers(0, 2**32), st.integers(0, 2**32), OPTIONS)
def test_every_card_is_accounted_for_at_every_step(seed, play_seed, options):
    full = Counter(deck_for(options["players"], options["jokers"]))
    for _, _, _, game in random_game(seed, play_seed, options):
        assert everything(game) == full
    assert game.is_over()


class TurnModel:
    """The turn order written out again from the rules file, tracking its own stack."""

    def __init__(self, players: int, bounce: bool, eight_skips: bool = False) -> None:
        self.players, self.bounce, self.eight_skips = players, bounce, eight_skips
        self.stack: list[int] = []
        self.direction = 1

    def after(self, before: PisYedili, move: str, events: list[Event]) -> int | None:
        seat, n = before.to_move, self.players
        if any(isinstance(e, (RoundEnd, Round)) for e in events):
            self.stack, self.direction = [], 1
            return None
        if before.phase == "opening":
            return seat if move == "draw" else (seat + 1) % n
        if move == "draw" or any(isinstance(e, Again) for e in events):
            return seat
        if move[:-1] == "10" and n > 2:
            if self.bounce:
                self.stack.append(seat)
                return (seat - 1) % n
            self.direction = -self.direction
        following = self.stack.pop() if self.stack else (seat + self.direction) % n
        if move[:-1] == "8" and self.eight_skips:  # the seat that would move misses its turn
            following = self.stack.pop() if self.stack else (following + self.direction) % n
        return following


@given(st.integers(0, 2**32), st.integers(0, 2**32), OPTIONS)
def test_turns_follow_the_rules(seed, play_seed, options):
    model = TurnModel(options["players"], options["ten_rule"] == "bounce", options["eight_skips"])
    for before, move, events, game in random_game(seed, play_seed, options):
        if before.phase == "muamele":
            continue
        expected = model.after(before, move.partition(":")[0], events)
        if expected is not None:
            assert game.to_move == expected, (move, before.stack)


@given(st.integers(0, 2**32), st.integers(0, 2**32), OPTIONS)
def test_every_round_ends_and_penalties_follow_the_multiplier_and_the_muamele(seed, play_seed, options):
    options = dict(options, target=101)
    values = {"A": 11, "J": 25, "Q": 10, "K": 10, "": 50}  # "": the joker, X
    worth = lambda cards: sum(values.get(c[:-1]) or int(c[:-1]) for c in cards)
    *_, (*_, game) = random_game(seed, play_seed, options)
    totals = [0] * game.players
    for score in game.rounds:
        multipliers = {"J": 2 if options["jack_doubles"] else 1, "7": 3}
        expected_mult = multipliers.get(score.last_card[:-1], 1) if score.last_card else 1
        assert score.multiplier == expected_mult
        for seat in range(game.players):
            if seat == score.out:
                assert score.penalties[seat] == 0 and not score.hands[seat]
            else:
                assert score.penalties[seat] == expected_mult * (
                    worth(score.hands[seat]) + worth(score.picks[seat])
                )
            sevens = sum(1 for c in score.hands[seat] if c[:-1] == "7")
            picked_sevens = sum(1 for c in score.picks[seat] if c[:-1] == "7")
            assert len(score.picks[seat]) <= 3 * (sevens + picked_sevens)
            totals[seat] += score.penalties[seat]
        assert list(score.totals) == totals
    assert max(totals) >= 101 and game.result().scores == tuple(totals)
    low = min(totals)
    assert game.result().detail["winners"] == [s for s in range(game.players) if totals[s] == low]


@given(st.integers(0, 2**32), st.integers(0, 2**32), OPTIONS, st.integers(0, 300))
def test_views_hold_only_what_the_seat_may_know(seed, play_seed, options, stop):
    for _, _, _, game in random_game(seed, play_seed, options):
        if len(game.moves) >= stop:
            break
    for seat in range(game.players):
        view = game.view(seat)
        assert view.hand == tuple(game.hands[seat])
        if game.phase in ("opening", "play"):
            others = Counter(c for s, h in enumerate(game.hands) if s != seat for c in h) + Counter(
                game.stock
            )
            assert Counter(view.unseen()) == others


@given(st.integers(0, 2**32), st.integers(0, 2**32), OPTIONS, st.integers(0, 400))
def test_a_save_replays_to_the_same_position(seed, play_seed, options, stop):
    for _, _, _, game in random_game(seed, play_seed, options):
        if len(game.moves) >= stop:
            break
    again = PisYedili.from_json(game.to_json())
    for seat in range(game.players):
        assert again.view(seat) == game.view(seat)
    assert again.stock == game.stock and again.legal_moves() == game.legal_moves()
