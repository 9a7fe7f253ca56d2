"""Properties of War over random seeds and random legal play (Hypothesis)."""

from hypothesis import given
from hypothesis import strategies as st

from cardems.cards import standard_deck
from cardems.rng import Rng
from cardems.war.events import Battle, Commit, Out, Take, Tie
from cardems.war.rules import War

ORDER = "2 3 4 5 6 7 8 9 10 J Q K A".split()  # Ace high, written out independently of the engine


OPTIONS = st.fixed_dictionaries({"hand": st.integers(1, 5), "burn": st.sampled_from([1, 3])})


def higher(a: str, b: str) -> int | None:
    ra, rb = ORDER.index(a[:-1]), ORDER.index(b[:-1])
    return None if ra == rb else (0 if ra > rb else 1)


@given(st.integers(0, 2**32), st.integers(0, 2**32), OPTIONS)
def test_every_card_is_accounted_for_and_counts_plus_table_make_52(seed, play_seed, options):
    game = War.new(options, seed=seed)
    rng = Rng(play_seed)
    while not game.is_over():
        assert sorted(game.all_cards()) == sorted(standard_deck())
        view = game.view(0)
        assert sum(view.counts) + view.table_size == 52
        assert all(len(h) <= options["hand"] for h in game.hands) and game.hands[0] and game.hands[1]
        if game.draw[0] and game.draw[1] and not game.committed[1]:
            assert [len(h) for h in game.hands] == [options["hand"]] * 2  # filled up while cards last
        game.play(rng.choice(game.legal_moves()))
    assert sorted(game.all_cards()) == sorted(standard_deck())
    assert sorted(game.result().scores) == [0, 52] and game.winner == game.counts().index(52)


@given(st.integers(0, 2**32), st.integers(0, 2**32), OPTIONS)
def test_each_battle_follows_the_rules(seed, play_seed, options):
    game = War.new(options, seed=seed)
    rng = Rng(play_seed)
    while not game.is_over():
        game.play(rng.choice(game.legal_moves()))  # the computer commits
        before = game.copy()
        human = rng.choice(game.legal_moves())
        events = game.play(human)
        computer = before.committed[1]
        battle = events[0]
        assert isinstance(battle, Battle) and battle.cards == (human, computer)
        winner = higher(human, computer)
        assert battle.winner == winner
        table = len(before.table) + 2
        counts = before.counts()
        if winner is not None:
            take = events[1]
            assert isinstance(take, Take) and take.seat == winner and take.count == table
            expected = [counts[s] - 1 + (table if s == winner else 0) for s in (0, 1)]
            assert game.counts() == expected
            pile = [c for _, c, _ in before.table] + [human, computer]
            mine = before.hands[winner] + before.draw[winner]
            mine.remove(human if winner == 0 else computer)
            assert sorted(game.hands[winner] + game.draw[winner]) == sorted(mine + pile)
            # the won cards went under the pile: what was in the pile comes out first
            k = options["hand"] - (len(before.hands[winner]) - 1)
            assert game.draw[winner][: max(0, len(before.draw[winner]) - k)] == before.draw[winner][k:]
        elif isinstance(events[1], Tie):
            for s, _card in ((0, human), (1, computer)):
                hand_left = len(before.hands[s]) - 1
                expect = max(0, min(options["burn"], len(before.draw[s]) - (0 if hand_left else 1)))
                assert events[1].burned[s] == expect
            assert len(game.table) == table + sum(events[1].burned)
        else:
            assert isinstance(events[-1], Out)


@given(st.integers(0, 2**32), OPTIONS)
def test_a_game_always_ends(seed, options):
    game = War.new(options, seed=seed)
    rng = Rng(seed ^ 0xABCDEF)
    while not game.is_over():
        game.play(rng.choice(game.legal_moves()))
        assert len(game.history) < 100_000
    assert game.result().over and game.to_move is None


@given(st.integers(0, 2**32), st.integers(0, 2**32), st.integers(0, 400), OPTIONS)
def test_saves_and_battle_replays_reproduce_the_game(seed, play_seed, stop, options):
    game = War.new(options, seed=seed)
    rng = Rng(play_seed)
    while not game.is_over() and len(game.moves) < stop:
        game.play(rng.choice(game.legal_moves()))
    again = War.from_json(game.to_json())
    assert again.view(0) == game.view(0) and again.view(1) == game.view(1)
    assert again.draw == game.draw and again.rng.state == game.rng.state
    replay = War.new(options, seed=seed)
    for token in game.moves:
        replay.play(token)
    assert replay.to_json() == game.to_json()
    assert all("/" not in m for m in game.moves)  # each seat's commit is a move
    # the same game written as battles, seat 0's card / seat 1's (seat 1 commits first),
    # then perhaps seat 1's card alone: as saves were written before commits were moves
    pairs = len(game.moves) // 2 * 2
    battles = War.new(options, seed=seed)
    for token in [f"{b}/{a}" for a, b in zip(game.moves[:pairs:2], game.moves[1:pairs:2])] + game.moves[
        pairs:
    ]:
        battles.play(token)
    assert [battles.view(s) for s in (0, 1)] == [game.view(s) for s in (0, 1)]
    assert battles.draw == game.draw and battles.rng.state == game.rng.state


@given(st.integers(0, 2**32), st.integers(0, 2**32), OPTIONS)
def test_views_show_only_what_the_seat_may_see(seed, play_seed, options):
    game = War.new(options, seed=seed)
    rng = Rng(play_seed)
    seen: set[str] = set()
    while not game.is_over():
        events = game.play(rng.choice(game.legal_moves()))
        for event in events:
            seen.update(event.cards if isinstance(event, (Battle, Take)) else ())
        for seat in (0, 1):
            view = game.view(seat)
            assert set(view.hand) == set(game.hands[seat])
            assert {c for _, c in view.table_up} <= seen
            assert {c for c, *_ in view.known} <= seen
        assert [game.view(s).committed for s in (0, 1)] == game.committed
        assert all(set(vars(e).values()) == {e.seat} for e in events if isinstance(e, Commit))
