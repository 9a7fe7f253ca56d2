"""The options form of every game drawn from its ``options_spec`` (Pişti included:
no game has a hand-made form), and the last-used setup."""

from __future__ import annotations

import pytest

from cardems.games import PLANNED, game_class, module_name, playable
from cardems.web.i18n import Catalog
from cardems.web.options import default_game, form_html, route_from_form, route_from_setup, setup_of, summary
from cardems.web.route import parse_route

LANGS = ("en", "tr", "ar", "fa")


def test_the_default_game_is_derived_from_the_registry():
    assert default_game() == PLANNED[0]
    assert (
        route_from_setup(None).game == PLANNED[0]
        and route_from_setup(None, "no-such-game").game == PLANNED[0]
    )


@pytest.mark.parametrize("game", playable())
def test_every_games_form_offers_each_value_of_each_option_labelled_in_every_language(game):
    route = parse_route(f"#/{game}?level=hard")
    stem = module_name(game)
    for lang in LANGS:
        t = Catalog(lang).t
        html = form_html(t, route)
        assert (
            f'data-game="{game}"' in html and 'name="level" value="hard" checked' in html and "{" not in html
        )
        for spec in game_class(game).options_spec:
            assert t(f"{stem}.option.{spec.name}") != f"{stem}.option.{spec.name}", (lang, spec.name)
            if set(spec.values) == {True, False}:
                assert f'type="checkbox" name="{spec.name}"' in html
            else:
                for value in spec.values:
                    assert f'name="{spec.name}" value="{str(value).lower()}"' in html


def test_pistis_form_comes_from_its_options():
    route = parse_route("#/pisti?players=4&level=hard")
    for lang in LANGS:
        html = form_html(Catalog(lang).t, route)
        assert 'name="players" value="4" checked' in html and 'name="mode" value="classic" checked' in html
        assert '<fieldset class="field" data-field="target" disabled>' in html  # no target outside a match
        assert 'type="checkbox" name="last_card_pisti" value="true" checked' in html
    match = form_html(Catalog("en").t, parse_route("#/pisti?mode=match&target=51"))
    assert '<fieldset class="field" data-field="target">' in match and 'value="51" checked' in match
    assert summary(Catalog("en").t, route) == "4 players · Hard"
    assert (
        summary(Catalog("en").t, parse_route("#/pisti?mode=match&last_card_pisti=false"))
        == "Match · 2 players · no last-card pişti · Normal"
    )
    assert summary(Catalog("ar").t, parse_route("#/pisti?mode=match")).startswith("مباراة")


def test_the_options_form_makes_the_route_of_the_game_it_describes():
    values = {
        "mode": "match",
        "players": "4",
        "target": "51",
        "level": "hard",
        "last_card_pisti": "false",
        "jack_pisti": "10",
        "first_round_pisti": "false",
        "most_cards_tie": "carry",
    }
    route = route_from_form(values, seed=99, speed="instant", game="pisti")
    assert route.options == {
        "mode": "match",
        "players": 4,
        "target": 51,
        "last_card_pisti": False,
        "jack_pisti": 10,
        "first_round_pisti": False,
        "most_cards_tie": "carry",
    }
    assert "jack_pisti=10" in route.to_hash() and "most_cards_tie=carry" in route.to_hash()
    assert summary(Catalog("en").t, route) == (
        "Match · 4 players · 51 points · no last-card pişti · "
        "Jack pişti worth 10 · no pişti in the first round · "
        "a tie for most cards: 3 carried to the next deal · Hard"
    )
    assert (route.level, route.seed, route.speed, route.notices) == ("hard", 99, "instant", [])
    again = parse_route(route.to_hash())
    assert (again.options, again.level, again.seed) == (route.options, "hard", 99)


@pytest.mark.parametrize(
    "game",
    [
        g
        for g in playable()
        if any(s.name == "target" for s in game_class(g).options_spec)
        and any(s.name == "mode" for s in game_class(g).options_spec)
    ],
)
def test_a_target_outside_a_match_keeps_its_default_and_stays_out_of_the_link(game):
    spec = {s.name: s for s in game_class(game).options_spec}
    other_mode = next(v for v in spec["mode"].values if v != "match")
    other_target = next(v for v in spec["target"].values if v != spec["target"].default)
    route = route_from_form({"mode": str(other_mode), "target": str(other_target)}, seed=5, game=game)
    assert route.options["target"] == spec["target"].default and "target=" not in route.to_hash()
    route = route_from_form({"mode": "match", "target": str(other_target)}, seed=5, game=game)
    assert route.options["target"] == other_target


def test_a_tampered_form_falls_back_like_a_bad_link():
    route = route_from_form({"mode": "duel", "players": "9", "level": "godlike"}, seed=1, game="pisti")
    assert route.options["mode"] == "classic" and route.options["players"] == 2 and route.level == "normal"
    assert len(route.dropped) == 3 and len(route.notices) == 1


def test_the_last_used_setup_round_trips_and_bad_storage_gives_defaults():
    route = parse_route("#/pisti?players=3&mode=match&target=101&level=easy&seed=4")
    again = route_from_setup(setup_of(route), "pisti")
    assert (again.options, again.level, again.seed) == (route.options, "easy", None)
    for junk in (None, "x", {"options": {"players": 7}, "level": 3}, {"options": "no"}):
        fallback = route_from_setup(junk, "pisti")
        assert (
            fallback.game == "pisti" and fallback.notices == [] and fallback.options["players"] in (2, 3, 4)
        )


def test_the_form_seats_people_and_computers_and_keeps_them_in_the_setup():
    t = Catalog("tr").t
    route = parse_route("#/pisti?players=4&seats=p,hard,p,easy&undo=off")
    html = form_html(t, route, ["Ayşe", "Ali"])
    assert html.count('<select name="seat-') == 4 and 'value="Ayşe"' in html and "Kim oynuyor" in html
    assert 'name="undo" value="true">' in html  # unchecked: the link turned it off
    # a 2-player form hides the seats it does not use
    assert form_html(t, parse_route("#/pisti"), []).count("data-seat-row") == 4
    assert form_html(t, parse_route("#/pisti"), []).count(" hidden>") >= 4
    made = route_from_form(
        {"players": "4", "level": "normal", "seats": "p,hard,p,easy", "undo": "off"}, seed=3, game="pisti"
    )
    assert made.seats == ("p", "hard", "p", "easy") and made.undo is False and made.dropped == []
    again = route_from_setup(setup_of(made), "pisti")
    assert again.seats == made.seats and again.undo is False and again.people == 2
    plain = route_from_form({"level": "hard", "seats": "p,hard", "undo": "on"}, seed=3, game="war")
    assert plain.seats is None and plain.level == "hard" and plain.undo
    assert "seats" not in plain.to_hash() and "undo" not in plain.to_hash()
