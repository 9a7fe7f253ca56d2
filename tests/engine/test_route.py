"""Routes of the page (pure Python, no browser)."""

from hypothesis import given, strategies as st

from cardems.web.route import parse_route


def test_lobby_and_game_routes():
    assert parse_route("").game is None and parse_route("#/").game is None
    route = parse_route("#/pisti?seed=42&players=4&speed=instant&level=easy")
    assert (route.game, route.seed, route.speed, route.level) == ("pisti", 42, "instant", "easy")
    assert route.options["players"] == 4 and route.notices == []


def test_planned_games_are_coming_and_unknown_games_go_to_the_lobby():
    assert parse_route("#/war").coming
    route = parse_route("#/chess")
    assert route.game is None and route.notices[0][0] == "notice.unknown_game"


def test_malformed_values_fall_back_to_defaults_with_a_notice():
    route = parse_route("#/pisti?seed=abc&players=5&colour=red&speed=warp&target=0")
    assert route.game == "pisti" and route.seed is None and route.speed is None
    assert route.options["players"] == 2 and route.options["target"] == 151
    keys = [k for k, _ in route.notices]
    assert keys.count("notice.bad_value") == 3 and "notice.bad_seed" in keys and "notice.unknown_option" in keys


def test_canonical_hash_round_trips():
    route = parse_route("#/pisti?players=3&seed=7&mode=match&target=101")
    again = parse_route(route.to_hash())
    assert again.options == route.options and again.seed == 7
    assert parse_route("#/pisti?seed=7").to_hash() == "#/pisti?seed=7"
    assert "speed" not in parse_route("#/pisti?seed=7&speed=fast").to_hash_without_speed()


@given(st.text(max_size=80))
def test_no_hash_can_break_the_router(text):
    route = parse_route(text)
    assert route.game in (None, "pisti", "war", "pis-yedili", "abstract")
