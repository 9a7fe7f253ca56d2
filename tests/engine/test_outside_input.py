"""Every parser of outside input (links, saves, the command line) takes anything and
raises nothing but BadInput, with a short one-line message (Hypothesis: arbitrary
text and arbitrary JSON)."""

import json

import pytest
from hypothesis import example, given, settings
from hypothesis import strategies as st

from cardems.cards import arranged_deck, parse_card, parse_cards, standard_deck
from cardems.errors import BadInput
from cardems.game import SHOWN, Option, parse_options, parse_seed, shown
from cardems.games import PLANNED, game_class
from cardems.rng import Rng
from cardems.web.route import parse_route

# digits str.isdigit() accepts and int() refuses or reads: superscript, circled,
# Ethiopic, Arabic-Indic, Persian, fullwidth; and more digits than int() converts
ODD_DIGITS = ["²", "①", "፰", "١٢", "۴۲", "４２", "1²", "9" * 5000, "1_000", "+7", "-0", "0x10", "٣", "7.0"]
TEXT = st.one_of(
    st.text(),
    st.sampled_from(ODD_DIGITS),
    st.text(alphabet=st.characters(codec="utf-8"), max_size=30),
    st.text("0123456789²①፰١۴:/ ", max_size=12),
)
SCALARS = st.one_of(
    st.none(), st.booleans(), st.integers(), st.floats(), TEXT, st.builds(pow, st.just(10), st.just(5000))
)  # a huge int
JSON = st.recursive(
    SCALARS,
    lambda inner: st.lists(inner, max_size=4) | st.dictionaries(TEXT, inner, max_size=4),
    max_leaves=12,
)
GAMES = st.sampled_from(PLANNED)


def refused(call, *args):
    """Call a parser: its value, or None if it raised BadInput with a readable message."""
    try:
        return call(*args)
    except BadInput as exc:
        message = str(exc)
        assert message and "\n" not in message and len(message) <= 400, message
        return None


@given(JSON)
@example([["x" * 80] * 9, {"k" * 90: ["v" * 70] * 9}, "y" * 500])
def test_a_value_shown_in_a_message_is_short_on_every_python(raw):
    assert 0 < len(shown(raw)) <= SHOWN and "\n" not in shown(raw)


# ---------------------------------------------------------------- seeds
@given(st.one_of(TEXT, JSON))
@example("²")
@example("9" * 5000)
@example(10**5000)
def test_a_seed_is_a_whole_number_in_ascii_digits_or_refused(raw):
    seed = refused(parse_seed, raw)
    if seed is not None:
        assert 0 <= seed < 2**53
        assert raw == seed if isinstance(raw, int) else raw.strip() == str(seed).zfill(len(raw.strip()))


@pytest.mark.parametrize("raw", ODD_DIGITS + [True, 4.0, 2**53, -1, "", None, [7]])
def test_odd_digits_and_huge_numbers_are_refused_as_seeds(raw):
    with pytest.raises(BadInput, match="seed"):
        parse_seed(raw)


@given(st.integers(0, 2**53 - 1))
def test_every_seed_in_range_reads_back(seed):
    assert parse_seed(str(seed)) == seed == parse_seed(f" {seed:020d} ")


# ---------------------------------------------------------------- options
@given(GAMES, JSON)
@example("abstract", {"target": "²"})
@example("abstract", {"target": "9" * 5000})
@example("pisti", {"last_card_pisti": 1})
@example("pisti", ["players", 2])
@example("pisti", "players=2")
def test_options_of_every_game_are_typed_values_of_the_spec_or_refused(name, raw):
    specs = game_class(name).options_spec
    options = refused(parse_options, specs, raw)
    if options is not None:
        assert set(options) == {spec.name for spec in specs}
        for spec in specs:
            value = options[spec.name]
            assert value in spec.values or type(spec) is not Option and type(value) is int
            assert spec.parse(str(value).lower()) == value  # what a link writes reads back


@given(GAMES, st.data())
def test_each_option_takes_text_in_any_case_but_not_a_value_of_another_type(name, data):
    for spec in game_class(name).options_spec:
        value = data.draw(st.sampled_from(spec.values))
        assert spec.parse(f" {str(value).upper()} ") == value and spec.parse(value) == value
        other = {bool: 1, int: True, str: None}[type(value)]
        assert refused(spec.parse, other) is None


# ---------------------------------------------------------------- cards and decks
@given(st.one_of(TEXT, JSON))
def test_card_codes_are_canonical_or_refused(raw):
    card = refused(parse_card, raw)
    if card is not None:
        assert card in standard_deck(jokers=1) and parse_card(card) == card
    cards = refused(parse_cards, raw)
    if cards is not None:
        assert all(parse_card(c) == c for c in cards)


@given(st.one_of(TEXT, JSON))
def test_an_arranged_deck_is_the_pack_reordered_or_refused(raw):
    cards = refused(arranged_deck, raw, standard_deck())
    assert cards is None or sorted(cards) == sorted(standard_deck())


@given(GAMES, st.permutations(standard_deck()), st.integers(0, 60), st.one_of(TEXT, JSON))
def test_a_deal_from_a_deck_with_one_card_replaced_starts_or_is_refused(name, deck, index, junk):
    deck = list(deck)
    deck[index % len(deck)] = junk
    for given_deck in (deck, " ".join(deck) if isinstance(junk, str) else None):
        game = refused(lambda deck=given_deck: game_class(name).new(seed=0, deck=deck))
        assert game is None or not game.is_over()


# ---------------------------------------------------------------- moves
def position(name: str, seed: int, steps: int):
    game = game_class(name).new(seed=seed)
    rng = Rng(seed)
    for _ in range(steps):
        if game.is_over():
            break
        game.play(rng.choice(game.legal_moves()))
    return game


@settings(max_examples=300)
@given(GAMES, st.integers(0, 2**16), st.integers(0, 30), st.one_of(TEXT, JSON))
@example("pis-yedili", 0, 0, "pick:²")
@example("pis-yedili", 0, 0, "pick:" + "9" * 5000)
@example("abstract", 0, 3, "፰")
@example("abstract", 0, 3, "9" * 5000)
@example("war", 0, 0, "2S/" * 1000)
def test_a_move_of_any_game_parses_to_a_move_that_reads_back_or_is_refused(name, seed, steps, raw):
    game = position(name, seed, steps)
    move = refused(game.parse_move, raw)
    if move is not None:
        assert game.parse_move(game.format_move(move)) == move
    before = json.dumps(game.to_json())
    if isinstance(raw, str) and refused(game.play, raw) is None:  # outside input arrives as text
        assert json.dumps(game.to_json()) == before  # a refused move changes nothing


def test_a_legal_move_still_reads_in_each_game():
    for name in PLANNED:
        game = position(name, 5, 3)
        for move in game.legal_moves():
            assert game.parse_move(f" {game.format_move(move)} ") == move


# ---------------------------------------------------------------- saves
@settings(max_examples=200)
@given(GAMES, JSON)
def test_any_json_as_a_save_loads_or_is_refused(name, raw):
    refused(game_class(name).from_json, raw)


@settings(max_examples=300)
@given(
    GAMES,
    st.integers(0, 2**16),
    st.integers(0, 30),
    st.sampled_from(["format", "game", "options", "seed", "deck", "moves"]),
    JSON,
)
@example("pisti", 1, 3, "options", ["players", 4])
@example("pisti", 1, 3, "options", "match")
@example("abstract", 1, 3, "options", {"target": "①"})
@example("pisti", 1, 3, "format", True)
@example("war", 1, 3, "game", "pisti")
@example("war", 1, 3, "seed", 2**60)
def test_a_save_with_one_field_replaced_loads_or_is_refused(name, seed, steps, key, junk):
    save = position(name, seed, steps).to_json()
    save[key] = junk
    game = refused(game_class(name).from_json, save)
    if game is not None:
        assert game.to_json()["moves"] == save["moves"]


@given(GAMES, st.integers(0, 2**16), st.integers(0, 30), st.integers(0, 200), TEXT)
def test_a_save_with_one_move_replaced_loads_or_is_refused(name, seed, steps, index, text):
    save = position(name, seed, steps).to_json()
    if save["moves"]:
        save["moves"][index % len(save["moves"])] = text
    refused(game_class(name).from_json, save)


# ---------------------------------------------------------------- routes
ROUTE_TEXT = st.one_of(
    st.text(alphabet=st.characters(codec="utf-8")),
    st.text(
        alphabet=st.characters(min_codepoint=0, max_codepoint=0x10FFFF)
    ),  # lone surrogates too (JS strings)
    st.builds(
        lambda game, query: f"#/{game}?{query}",
        st.sampled_from(PLANNED + ("rules/pisti", "daily/war", "stats")),
        st.text("seed=&?%²①፰CB2 level=speed=target=players=9", max_size=40),
    ),
)


@settings(max_examples=300)
@given(ROUTE_TEXT)
@example("#/pisti?seed=%C2%B2")
@example("#/abstract?target=" + "9" * 5000)
@example("#/pisti?seed=" + "9" * 5000)
@example("#/rules/" + "x" * 5000)
def test_no_hash_can_break_the_router_and_the_canonical_hash_reads_back(text):
    route = parse_route(text)
    assert route.game in (None,) + PLANNED
    assert all(len(part) <= 40 for part in route.dropped)  # each named part is shortened, and only six named
    assert all(len(str(v)) <= 6 * 44 + 3 for _, params in route.notices for v in params.values())
    again = parse_route(route.to_hash())
    assert (again.game, again.screen, again.options, again.seed, again.level) == (
        route.game,
        route.screen,
        route.options,
        route.seed,
        route.level,
    )


@pytest.mark.parametrize("text", ["#/pisti?seed=%C2%B2", "#/pisti?seed=①", "#/pisti?seed=" + "9" * 5000])
def test_a_seed_of_odd_digits_in_a_link_gives_a_notice_and_a_fresh_deal(text):
    route = parse_route(text)
    assert route.game == "pisti" and route.seed is None
    assert [key for key, _ in route.notices] == ["notice.link_parts"] and route.dropped[0].startswith("seed=")


@pytest.mark.parametrize("raw", [None, 42, b"#/pisti", ["#/pisti"]])
def test_the_router_takes_what_is_not_text_as_the_lobby(raw):
    route = parse_route(raw)
    assert route.game is None and route.screen is None
