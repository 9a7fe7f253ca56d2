"""Every game and seat count fits a phone, upright and on its side, in English and Arabic
(issue 27): no sideways scroll, the pile (or row) and the whole hand on screen at once,
each card's corner showing, thumb-sized controls, choosers and dialogs on screen, no
element id twice. The cases and the measure are scripts/layout_cases.py's (the
screenshots script uses them too); one context per viewport, tables reached by address."""

from __future__ import annotations

import json

import pytest
from layout_cases import (
    MEASURE,
    SEEN_TOURS,
    SETTLE,
    UNSEEN_TOURS,
    VIEWPORTS,
    Case,
    big_hand_save,
    cases,
    choose_lang,
    close_notices,
    measure_settled,
    open_case,
    over_case,
    with_speed,
)

pytestmark = pytest.mark.browser

LANGS = ("en", "ar")


@pytest.fixture(scope="module")
def layout_cases():
    return cases()


def phone_page(browser, site, width: int, height: int):
    """A touch phone's context at ``width`` x ``height`` with the page ready and its
    walkthroughs seen; the page's errors gather in the list returned with it."""
    context = browser.new_context(viewport={"width": width, "height": height}, has_touch=True, is_mobile=True)
    page = context.new_page()
    errors: list[str] = []
    page.on("pageerror", lambda e: errors.append(str(e)))
    page.goto(site)
    page.wait_for_function("document.documentElement.dataset.cardems === 'ready'", timeout=90_000)
    page.evaluate(SEEN_TOURS)
    return context, page, errors


@pytest.mark.parametrize("size", list(VIEWPORTS))
def test_every_table_fits_the_phone(browser, site, layout_cases, size):
    width, height = VIEWPORTS[size]
    context, page, errors = phone_page(browser, site, width, height)
    problems: list[str] = []
    repeated: list[str] = []
    measured = 0
    for lang in LANGS:
        for case in layout_cases:
            open_case(page, case, lang)
            found = measure_settled(page, width, height)
            measured += 1
            where = f"{case.name} {size} {lang}"
            assert found["hand"] or found["row"], f"{where}: no hand and no row measured"
            if case.name.startswith("pis-yedili"):
                assert found["hand"] >= 18, f"{where}: a hand of {found['hand']}"
            problems += [f"{where}: {line}" for line in found["bad"]]
            if found["twice"]:
                (problems if case.one_deck else repeated).append(f"{where}: ids twice {found['twice']}")
            # the Jack's suit chooser, where a Jack may be played, and the options dialog
            jack = page.locator("#felt .hand.mine button.playable[data-card^='J']")
            if case.game == "pis-yedili" and jack.count():
                jack.first.click()
                page.wait_for_selector("#felt .suit-chooser")
                # the chooser lies over the hand while it is open: it is itself measured
                problems += [
                    f"{where}, naming a suit: {line}"
                    for line in page.evaluate(MEASURE, [width, height])["bad"]
                    if "corner" not in line
                ]
                page.click("#felt button[data-action=suit-cancel]")
            if case.name in ("pisti-4p", "abstract-52"):
                page.click("#table-bar button[data-action=options]")
                page.wait_for_selector("dialog#options[open]")
                problems += [
                    f"{where}, options open: {line}"
                    for line in page.evaluate(MEASURE, [width, height])["bad"]
                    if line.startswith("control") or "outside the viewport" in line
                ]
                page.keyboard.press("Escape")
    context.close()
    assert measured == len(LANGS) * len(layout_cases)
    assert not errors
    assert not problems, "\n".join(problems[:40])
    if repeated:
        pytest.xfail(
            "two decks still repeat card ids (issue 27 defect 1, another branch): " + "; ".join(repeated)
        )


# Pis Yedili's big hands where the hand's width is least: the Turkish (and Persian) labels
# of Draw, Pass and Hint beside it are the widest; a hand grows with penalties, 24 and more.
# 0: the deal's first turn, the opening's badge by the pile (it once stood the centre taller)
BIG_HANDS = {
    "844x390": [("tr", 0), ("tr", 20), ("tr", 24), ("fa", 24), ("en", 24), ("ar", 24)],
    "360x740": [("tr", 24), ("ar", 24)],
}


@pytest.mark.parametrize("size", list(BIG_HANDS))
def test_a_big_pis_yedili_hand_fits_in_every_language(browser, site, size):
    """Four players, 7, 20 and 24 cards: the whole hand and its buttons on screen, every
    card's corner showing, in the languages whose buttons take the most of the hand's
    row. In Turkish on its side 20 cards once wrapped to a third row, 46 px under the screen."""
    width, height = VIEWPORTS[size]
    context, page, errors = phone_page(browser, site, width, height)
    problems: list[str] = []
    for lang, want in BIG_HANDS[size]:
        route, save = big_hand_save(4, want) if want else ("#/pis-yedili?seed=3&players=4", None)
        open_case(page, Case(f"pis-yedili-4p-{want}", route, save, one_deck=False), lang)
        found = page.evaluate(MEASURE, [width, height])
        where = f"pis-yedili-4p {f'{want} cards' if want else 'first turn'} {size} {lang}"
        assert found["hand"] >= want, f"{where}: a hand of {found['hand']}"
        problems += [f"{where}: {line}" for line in found["bad"]]
    context.close()
    assert not errors
    assert not problems, "\n".join(problems[:40])


BAR_LANGS = ("en", "tr", "ar", "fa")
BAR_CASES = ("pisti-4p", "war", "pis-yedili-4p", "abstract-52")
OVER_ROUTES = {"pisti-over": "#/pisti?seed=5&players=4", "war-over": "#/war?seed=7"}


def open_over(page, case, lang: str) -> None:
    """A game over, resumed from its save, in ``lang``, its result dismissed: the bar has
    its Result button too."""
    page.evaluate(
        "([k, v]) => localStorage.setItem(k, v)", [f"cardems:save:{case.game}", json.dumps(case.save)]
    )
    page.evaluate("() => { document.documentElement.dataset.cardems = 'moving'; location.hash = '#/'; }")
    page.wait_for_function("document.documentElement.dataset.cardems === 'ready'", timeout=60_000)
    page.evaluate("h => { location.hash = h; }", with_speed(case.route)[1:])
    page.wait_for_selector("dialog#result[open]", timeout=60_000)
    choose_lang(page, lang)
    page.keyboard.press("Escape")
    page.wait_for_selector("#table-bar button[data-action=result]")
    close_notices(page)


def is_the_bars(line: str) -> bool:
    return "table's bar" in line or line.startswith(("control", "horizontal scroll", "zoomed out"))


@pytest.mark.parametrize("size", list(VIEWPORTS))
def test_every_button_of_the_tables_bar_shows_whole(browser, site, layout_cases, size):
    """Each game's bar in English, Turkish, Arabic and Persian, upright and on its side, a
    game over too (its Result button one more): no row of it scrolls sideways, and each of
    its controls lies whole on screen, thumb-sized, under a finger at both its ends. At 360
    wide its second row of buttons once scrolled, cutting off New game in Arabic."""
    width, height = VIEWPORTS[size]
    context, page, errors = phone_page(browser, site, width, height)
    overs = [over_case(name, route) for name, route in OVER_ROUTES.items()]
    problems: list[str] = []
    measured = 0
    for lang in BAR_LANGS:
        for case in [c for c in layout_cases if c.name in BAR_CASES] + overs:
            if case.save is not None and case.save["over"]:
                open_over(page, case, lang)
            else:
                open_case(page, case, lang)
            assert page.locator("#table-bar button[data-action=new-game]").is_visible()
            measured += 1
            bad = page.evaluate(MEASURE, [width, height])["bad"]
            problems += [f"{case.name} {size} {lang}: {line}" for line in bad if is_the_bars(line)]
    context.close()
    assert measured == len(BAR_LANGS) * (len(BAR_CASES) + len(OVER_ROUTES))
    assert not errors
    assert not problems, "\n".join(problems[:40])


def test_four_colours_and_the_hands_order_are_chosen_once_for_every_game(player):
    page = player.page
    player.open("")
    page.evaluate(SEEN_TOURS)
    player.open("#/pisti?seed=5&speed=instant")
    hand = "() => [...document.querySelectorAll('#felt .hand.mine [data-card]')].map(c => c.dataset.card)"
    dealt = player.save("pisti")
    page.click("#table-bar button[data-action=options]")
    page.check("#options input[name=deck][value=four]", force=True)
    page.check("#options input[name=order][value=rank]", force=True)
    page.keyboard.press("Escape")
    colour = (
        "c => getComputedStyle(document.querySelector(`#felt [data-card$='${c}']`) || document.body)"
        ".getPropertyValue('--suit-' + c).trim()"
    )
    assert page.evaluate("document.documentElement.dataset.deck") == "four"
    assert page.evaluate(colour, "D") == "#1c5fc4" and page.evaluate(colour, "C") == "#177a35"
    ranks = [c[:-1] for c in page.evaluate(hand)]
    order = ["2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K", "A"]
    assert [order.index(r) for r in ranks] == sorted(order.index(r) for r in ranks)
    assert player.save("pisti")["game"]["moves"] == dealt["game"]["moves"]  # no new game: the same deal
    # kept, and applied to another game and the rules pages' art
    player.open("#/war?seed=2&speed=instant")
    ranks = [c[:-1] for c in page.evaluate(hand)]
    assert [order.index(r) for r in ranks] == sorted(order.index(r) for r in ranks)
    player.open("#/rules/pisti")
    art = page.evaluate(
        "() => { const g = document.querySelector('[data-rules-card$=D] svg g[style]');"
        " return g && getComputedStyle(g).color; }"
    )
    assert art == "rgb(28, 95, 196)"  # the rules' ♦ painted blue
    assert page.evaluate("localStorage.getItem('cardems:deck')") == '"four"'
    assert page.evaluate("localStorage.getItem('cardems:order')") == '"rank"'


TOUR_SIZES = {**VIEWPORTS, "1280x800": (1280, 800)}
TOUR_CASES = ("pisti-2p", "pisti-4p", "war", "pis-yedili-3p", "abstract-52")


def fit_problems(page, where: str, width: int, height: int, phone: bool) -> list[str]:
    """:data:`MEASURE`'s findings (a desktop's small controls aside: its pointer is fine),
    measured again once the table has settled if there are any: a loaded machine may
    measure the table mid-deal, or before the observers' fit has run."""

    def found() -> list[str]:
        bad = page.evaluate(MEASURE, [width, height])["bad"]
        return [f"{where}: {line}" for line in bad if phone or not line.startswith("control")]

    if first := found():
        print("measured again, settled:", first)
        page.evaluate(SETTLE)
        page.wait_for_timeout(300)
        return found()
    return first


@pytest.mark.parametrize("size", list(TOUR_SIZES))
def test_the_walkthrough_costs_the_table_nothing(browser, site, layout_cases, size):
    """With the first game's walkthrough up, at each of its steps, the table still fits:
    the bubble is on screen and over none of the pile, the hand and its buttons (issue 27
    defect 11). A desktop is measured for the fit only: its pointer is fine."""
    width, height = TOUR_SIZES[size]
    phone = width < 900
    context = browser.new_context(
        viewport={"width": width, "height": height}, has_touch=phone, is_mobile=phone
    )
    page = context.new_page()
    page.goto(site)
    page.wait_for_function("document.documentElement.dataset.cardems === 'ready'", timeout=90_000)
    problems: list[str] = []
    steps = 0
    for lang in LANGS:
        for case in [c for c in layout_cases if c.name in TOUR_CASES]:
            page.evaluate(UNSEEN_TOURS)
            open_case(page, case, lang)
            page.wait_for_selector("#tour")
            for step in ("goal", "hand", "help"):
                page.wait_for_selector(f"#tour[data-step={step}]")
                page.wait_for_timeout(50)  # the observers' fit runs after the layout
                if step == "hand" and lang == "en":  # a finger taps, a mouse clicks
                    said = page.inner_text("#tour .tour-text")
                    assert said.startswith("Your hand") and ("Tap" in said) == phone, said
                steps += 1

                where = f"{case.name} {size} {lang}, step {step}"
                problems += fit_problems(page, where, width, height, phone)
                page.click("#tour button[data-action=tour-next]")
            page.wait_for_selector("#tour", state="detached")
            assert page.evaluate("document.querySelector('#felt').style.marginBlockStart") == ""
    context.close()
    assert steps == 3 * len(LANGS) * len(TOUR_CASES)
    assert not problems, "\n".join(problems[:40])
