"""Routes of the page (pure Python, no browser)."""

import pytest
from hypothesis import given
from hypothesis import strategies as st

from cardems.games import PLANNED, is_playable
from cardems.web.route import parse_route


def test_lobby_and_game_routes():
    assert parse_route("").game is None and parse_route("#/").game is None
    route = parse_route("#/pisti?seed=42&players=4&speed=instant&level=easy")
    assert (route.game, route.seed, route.speed, route.level) == ("pisti", 42, "instant", "easy")
    assert route.options["players"] == 4 and route.notices == []


def test_planned_games_are_coming_and_unknown_games_go_to_the_lobby():
    for name in PLANNED:
        route = parse_route(f"#/{name}")
        assert route.game == name and route.coming == (not is_playable(name))
    route = parse_route("#/chess")
    assert route.game is None and route.notices[0][0] == "notice.unknown_game"
    assert parse_route("#/pi%C5%9Fti").notices == [("notice.unknown_game", {"name": "pişti"})]  # decoded


def test_malformed_values_fall_back_to_defaults_with_a_notice():
    route = parse_route("#/pisti?seed=abc&players=5&colour=red&speed=warp&target=0")
    assert route.game == "pisti" and route.seed is None and route.speed is None
    assert route.options["players"] == 2 and route.options["target"] == 151
    assert route.dropped == ["seed=abc", "players=5", "colour=red", "speed=warp", "target=0"]
    [(key, params)] = route.notices  # every dropped part, named in one notice
    assert key == "notice.link_parts" and params["parts"].count("=") == 5 and "⁨colour=red⁩" in params["parts"]


def test_a_part_given_twice_counts_once_and_the_other_is_named():
    route = parse_route("#/pisti?seed=5&seed=6&players=3&players=4")
    assert (route.seed, route.options["players"], route.dropped) == (5, 3, ["seed=6", "players=4"])


@pytest.mark.parametrize(
    "text,dropped",
    [
        ("#/rules/pisti?x=1", ["x=1"]),
        ("#/stats?x=1&y", ["x=1", "y"]),
        ("#/daily/war?date=2026-11-30&date=2026-11-29", ["date=2026-11-29"]),
    ],
)
def test_a_screen_names_every_part_of_its_link_it_does_not_take(text, dropped):
    route = parse_route(text)
    assert route.screen is not None and route.dropped == dropped and len(route.notices) == 1


def test_canonical_hash_round_trips():
    route = parse_route("#/pisti?players=3&seed=7&mode=match&target=101")
    again = parse_route(route.to_hash())
    assert again.options == route.options and again.seed == 7
    assert parse_route("#/pisti?seed=7").to_hash() == "#/pisti?seed=7"
    assert "speed" not in parse_route("#/pisti?seed=7&speed=fast").to_hash_without_speed()


@pytest.mark.parametrize(
    "text,screen,game",
    [
        ("#/rules/pisti", "rules", "pisti"),
        ("#/RULES/Pis-Yedili/", "rules", "pis-yedili"),
        ("#/stats", "stats", None),
        ("#/stats/", "stats", None),
        ("#/daily/war", "daily", "war"),
        ("#/daily/abstract?speed=instant", "daily", "abstract"),
    ],
)
def test_screens_are_told_apart_from_the_lobby_and_the_tables(text, screen, game):
    route = parse_route(text)
    assert (route.screen, route.game, route.notices, route.is_table) == (screen, game, [], False)
    assert parse_route(route.to_hash()).screen == screen and parse_route(route.to_hash()).game == game
    assert route.to_hash().startswith(f"#/{screen}")


def test_the_lobby_and_tables_have_no_screen():
    assert parse_route("#/").screen is None and not parse_route("#/").is_table
    table = parse_route("#/war?seed=3")
    assert table.screen is None and table.is_table and table.to_hash() == "#/war?seed=3"


@pytest.mark.parametrize(
    "text,name",
    [
        ("#/rules/chess", "chess"),
        ("#/daily/chess?speed=fast", "chess"),
        ("#/rules", "rules"),
        ("#/daily", "daily"),
        ("#/stats/pisti", "stats/pisti"),
        ("#/rules/pisti/extra", "pisti/extra"),
        ("#/rules/" + "x" * 500, "x" * 39 + "…"),
    ],
)
def test_an_unknown_or_malformed_screen_is_the_lobby_with_a_notice(text, name):
    route = parse_route(text)
    assert (route.game, route.screen) == (None, None)
    assert route.notices == [("notice.unknown_game", {"name": name})]


def test_the_days_deal_takes_only_a_speed():
    route = parse_route("#/daily/pisti?speed=instant&seed=4&players=3&speed=warp")
    assert (route.screen, route.game, route.seed, route.speed, route.options) == (
        "daily",
        "pisti",
        None,
        "instant",
        {},
    )
    assert route.dropped == ["seed=4", "players=3", "speed=warp"]
    assert (
        route.to_hash() == "#/daily/pisti?speed=instant" and route.to_hash_without_speed() == "#/daily/pisti"
    )
    assert parse_route("#/rules/war?seed=1").to_hash() == "#/rules/war"


def test_the_days_deal_keeps_its_date_as_written_for_its_screen_to_check():
    route = parse_route("#/daily/war?date=2026-11-30&speed=fast")
    assert (route.screen, route.game, route.day, route.speed, route.notices) == (
        "daily",
        "war",
        "2026-11-30",
        "fast",
        [],
    )
    assert route.to_hash() == "#/daily/war?date=2026-11-30&speed=fast"
    assert parse_route("#/daily/war?date=" + "9" * 500).day == "9" * 40
    assert parse_route("#/daily/war").day is None and parse_route("#/rules/war?date=2026-11-30").day is None


@given(st.text(max_size=80))
def test_no_hash_can_break_the_router(text):
    route = parse_route(text)
    assert route.game in (None, "pisti", "war", "pis-yedili", "abstract")


# ---------------------------------------------------------------- any game's form, from its options
import sys  # noqa: E402
import types  # noqa: E402

from cardems import games  # noqa: E402
from cardems.game import Option  # noqa: E402
from cardems.web.i18n import Catalog  # noqa: E402
from cardems.web.options import form_html, route_from_form, setup_hash, setup_of, summary_text  # noqa: E402


@pytest.fixture
def fake_game(monkeypatch):
    """A registered game "war" whose rules are a stand-in with two options."""
    module = types.ModuleType("cardems.fake_rules")

    class Fake:
        name = "war"
        options_spec = (Option("fast", (True, False), False), Option("players", (2, 3), 2))

    module.Fake = Fake
    options = types.ModuleType("cardems.fake_rules.options")
    options.OPTIONS = Fake.options_spec
    monkeypatch.setitem(sys.modules, "cardems.fake_rules", module)
    monkeypatch.setitem(sys.modules, "cardems.fake_rules.options", options)
    monkeypatch.setitem(games.SOURCES, "war", ("cardems.fake_rules", "Fake"))
    monkeypatch.setattr(games, "is_playable", lambda name: name in ("pisti", "war"))
    monkeypatch.setattr(
        sys.modules["cardems.web.route"], "is_playable", lambda name: name in ("pisti", "war")
    )
    monkeypatch.setattr(sys.modules["cardems.web.options"], "module_name", lambda name: "war")
    monkeypatch.setattr(Catalog, "_cache", {})  # catalogs read under the stand-in stay with it
    return Fake


def test_a_game_without_a_hand_made_form_gets_one_from_its_options(fake_game):
    route = parse_route("#/war?players=3&level=easy")
    html = form_html(Catalog("en").t, route)
    assert 'data-game="war"' in html
    assert 'name="players" value="3" checked' in html and 'name="players" value="2"' in html
    assert 'type="checkbox" name="fast" value="true">' in html  # unchecked: the default is False
    assert 'name="level" value="easy" checked' in html and "{" not in html
    made = route_from_form({"fast": "true", "players": "2", "level": "hard"}, seed=7, game="war")
    assert (made.options, made.level, made.seed, made.notices) == (
        {"fast": True, "players": 2},
        "hard",
        7,
        [],
    )
    bad = route_from_form({"fast": "maybe", "players": "9"}, seed=7, game="war")
    assert bad.options == {"fast": False, "players": 2} and len(bad.dropped) == 2


def test_a_stored_setup_gives_the_lobby_its_link_and_summary_without_the_rules(fake_game):
    setup = setup_of(parse_route("#/war?players=3&level=hard&seed=9"))
    assert setup_hash("war", setup) == "#/war?players=3&level=hard"  # a new game: no seed
    t = Catalog("en").t
    assert summary_text(t, setup) == "Hard"  # option labels missing from the catalog are left out
    assert setup["summary"][0] == ["war.option.players.3", {}]
    assert setup_hash("war", {"hash": "#/pisti?players=4"}) == "#/war"  # another game's link is refused
    assert summary_text(t, {"summary": [["level.easy", {}], "junk", [1, 2]]}) == "Easy"


def test_reading_any_address_never_needs_a_games_rules(monkeypatch):
    """The page reads an address before a game's modules have arrived: its options come
    from ``cardems/<game>/options.py``, never from its rules."""
    from cardems import games

    def not_here(name):
        raise ModuleNotFoundError(f"No module named 'cardems.{name}'")

    monkeypatch.setattr(games, "game_class", not_here)
    for text in ("#/pisti?seed=11&speed=instant", "#/war", "#/", "", "#/chess", "#/rules/pisti", "#/stats"):
        parse_route(text)
    assert parse_route("#/pis-yedili?players=3&seed=4").options["players"] == 3
    assert parse_route("#/daily/war?date=2026-11-30").day == "2026-11-30"


def test_seats_are_read_once_the_players_are_known_and_written_only_when_not_the_default():
    route = parse_route("#/pisti?seats=P,p,normal,HARD&players=4&seed=5")
    assert route.seats == ("p", "p", "normal", "hard") and route.dropped == [] and route.people == 2
    assert route.to_hash() == "#/pisti?players=4&seats=p,p,normal,hard&seed=5"
    assert parse_route(route.to_hash()).seating == route.seating
    # the default seating (one person in seat 0, computers at the level) stays out of the link
    plain = parse_route("#/war?level=hard&seats=p,hard")
    assert plain.seats is None and plain.seating == ("p", "hard") and plain.to_hash() == "#/war?level=hard"
    assert parse_route("#/war?seats=normal,p").seating == ("normal", "p")
    assert parse_route("#/war").seating == ("p", "normal")


@pytest.mark.parametrize(
    "text,part",
    [
        ("#/pisti?seats=p,p,p", "seats=p,p,p"),  # three seats for two players
        ("#/war?seats=easy,hard", "seats=easy,hard"),  # nobody at the table
        ("#/war?seats=p,godlike", "seats=p,godlike"),
        ("#/abstract?seats=", "seats"),
        ("#/war?seats=p,p&seats=p,easy", "seats=p,easy"),  # given twice: the first counts
    ],
)
def test_a_bad_seating_is_named_in_the_links_notice_and_the_rest_is_kept(text, part):
    route = parse_route(text + "&seed=9")
    assert route.dropped == [part] and route.seed == 9
    assert route.notices[0][0] == "notice.link_parts" and part in route.notices[0][1]["parts"]
    assert route.people >= 1


def test_a_review_link_carries_the_deal_and_its_moves_and_round_trips():
    route = parse_route("#/review/pis-yedili?players=3&seed=8&seats=p,p,easy&moves=7S,draw,JS:H,pick:2&at=3")
    assert (route.screen, route.game, route.seed, route.at, route.dropped) == (
        "review",
        "pis-yedili",
        8,
        3,
        [],
    )
    assert route.moves == ("7S", "draw", "JS:H", "pick:2") and route.seats == ("p", "p", "easy")
    assert not route.is_table
    again = parse_route(route.to_hash())
    assert (again.moves, again.options, again.seed, again.seats, again.at) == (
        route.moves,
        route.options,
        route.seed,
        route.seats,
        route.at,
    )
    bad = parse_route("#/review/war?seed=1&moves=QS&at=5&at=1")
    assert bad.at is None and bad.dropped == ["at=1", "at=5"] and bad.moves == ("QS",)
    assert parse_route("#/review/war?moves=" + "é,").dropped == ["moves=é,"]
