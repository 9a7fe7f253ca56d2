"""Pis Yedili's house rules in the link and the options form (pure page modules)."""

from cardems.pis_yedili.rules import House
from cardems.web.i18n import Catalog
from cardems.web.options import form_html, route_from_form, summary
from cardems.web.route import parse_route

HOUSE_LINK = "#/pis-yedili?players=3&eight_skips=true&ace=draw&seven_stack=double&jack_on_jack=false&jack_doubles=false"


def test_the_link_and_the_form_carry_the_house_rules():
    route = parse_route(HOUSE_LINK + "&level=hard")
    assert route.dropped == [] and House.of(route.options) == House(True, False, True, False, False)
    assert route.to_hash() == HOUSE_LINK + "&level=hard"
    assert parse_route("#/pis-yedili").to_hash() == "#/pis-yedili"  # no house rule in a default link
    assert parse_route("#/pis-yedili?ace=sideways").dropped == ["ace=sideways"]
    html = form_html(Catalog("en").t, route)
    assert 'type="checkbox" name="eight_skips" value="true" checked' in html
    assert (
        'type="checkbox" name="jack_on_jack" value="true">' in html
        and 'name="ace" value="draw" checked' in html
    )
    form = {
        "players": "3",
        "ten_rule": "bounce",
        "mode": "match",
        "target": "101",
        "level": "hard",
        "eight_skips": "true",
        "ace": "draw",
        "seven_stack": "double",
        "jack_on_jack": "false",
        "jack_doubles": "false",
    }
    assert route_from_form(form, seed=5, game="pis-yedili").options == route.options
    assert summary(Catalog("en").t, route) == (
        "3 players (two decks) · An 8 skips the next player · Everyone else draws one, the turn passes · "
        "Double: 3, 6, 12… · No Jack on a Jack · Going out on a Jack does not double · Hard"
    )


def test_the_link_and_the_form_carry_the_jokers():
    route = parse_route("#/pis-yedili?jokers=true")
    assert (
        route.dropped == []
        and House.of(route.options).jokers
        and route.to_hash() == "#/pis-yedili?jokers=true"
    )
    html = form_html(Catalog("en").t, route)
    assert 'type="checkbox" name="jokers" value="true" checked' in html
    assert "Jokers are wild" in html  # the option's help
    form = {"players": "2", "ten_rule": "bounce", "mode": "match", "target": "101", "jokers": "true"}
    assert route_from_form(form, seed=5, game="pis-yedili").options == route.options
    assert "Two decks with 4 jokers" in summary(Catalog("en").t, route)
    for lang in ("tr", "ar", "fa"):
        assert "jokers" not in summary(Catalog(lang).t, route)  # worded in every language, not the key
