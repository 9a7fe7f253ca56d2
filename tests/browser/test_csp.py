"""The page under its own Content-Security-Policy: a whole game of each game, and an
offline start of the built site, without one violation; and a long session keeps a
bounded performance timeline.

These contexts do not bypass the policy (conftest's do), so nothing here uses
Playwright's wait_for_function, whose text the policy would refuse to evaluate:
the tests poll with ``page.evaluate`` instead.
"""

from __future__ import annotations

import time

import pytest

from cardems.games import playable
from tests.browser.test_offline import wait_kept

pytestmark = pytest.mark.browser

LISTEN = """
window.cardemsViolations = [];
document.addEventListener('securitypolicyviolation', e => window.cardemsViolations.push(
    [e.violatedDirective, e.blockedURI, e.sourceFile, e.lineNumber, e.sample].join(' ')));
"""
STATE = "[document.documentElement.dataset.cardems, document.documentElement.dataset.route === location.hash]"
# short games: one deal, two players; War's Finish plays it out
SHORT = {"pisti": "", "war": "&level=easy", "pis-yedili": "&mode=round", "abstract": "&mode=deal"}
NEXT = "dialog#result[open] button[data-action=next]:not([disabled])"
FELT = "#felt button:not([disabled]):not([aria-disabled=true])"
ACTIONS = f"{FELT}[data-action]:not([data-action=hint]):not([data-action=undo]):not([data-action=last-take])"


def state(page, *wanted: str, timeout: float = 120) -> str:
    """Poll until the page shows its address in one of ``wanted`` states."""
    end = time.monotonic() + timeout
    while time.monotonic() < end:
        now, shown = page.evaluate(STATE)
        if shown and now in wanted:
            return now
        page.wait_for_timeout(50)
    pytest.fail(f"the page stayed {page.evaluate(STATE)}, not {wanted}")


def violations(page) -> list[str]:
    return page.evaluate("window.cardemsViolations")


def strict_page(browser, base: str, **options):
    context = browser.new_context(bypass_csp=False, **options)
    context.add_init_script(LISTEN)
    return context, context.new_page()


EDGE = {"x": 14, "y": 40}  # a card of a fanned hand shows its leading edge: click there, as a person would


def play_out(page, limit: int = 1500) -> int:
    """Click enabled buttons until the game is over: "next" between deals, Finish if
    offered, a suit once a Jack is played, else a card of the felt (at its edge), else
    the felt's first action (draw, pass, a choice); returns the clicks."""
    clicks = 0
    while state(page, "ready", "over") != "over":
        cards = page.locator(f"{FELT}[data-card]:not([data-action]):not([data-card=back])")
        page.mouse.move(1, 1)  # a hovered card rises over its neighbours: start from nowhere
        if page.locator(NEXT).count():
            page.click(NEXT)
        elif page.locator("button[data-action=finish]:not([disabled])").count():
            page.click("button[data-action=finish]")
        elif page.locator(f"{FELT}[data-action^=suit-]").count():  # a Jack was played: its suit
            page.locator(f"{FELT}[data-action^=suit-]").first.click()
        elif cards.count():
            cards.first.click(position=EDGE)
        elif page.locator(ACTIONS).count():
            page.locator(ACTIONS).first.click()
        else:
            page.wait_for_timeout(50)
            continue
        clicks += 1
        assert clicks < limit
    return clicks


@pytest.mark.parametrize("game", playable())
def test_a_whole_game_runs_without_a_policy_violation(browser, site, game):
    context, page = strict_page(browser, site)
    try:
        errors: list[str] = []
        page.on("pageerror", lambda e: errors.append(str(e)))
        page.goto(site + f"#/{game}?seed=12&speed=instant{SHORT.get(game, '')}")
        assert play_out(page) > 0
        assert page.locator("dialog#result[open]").count() == 1
        assert violations(page) == [] and errors == []
    finally:
        context.close()


def test_the_built_site_starts_offline_without_a_policy_violation(browser, built_site):
    context, page = strict_page(browser, built_site.base)
    try:
        page.goto(built_site.base + "#/pisti?seed=4&speed=instant")
        state(page, "ready")
        wait_kept(page)
        context.set_offline(True)
        page.reload()
        state(page, "ready")
        assert page.evaluate("navigator.onLine") is False
        page.locator(FELT).first.click()
        state(page, "ready", "over")
        assert violations(page) == []
    finally:
        context.close()


def test_a_long_session_keeps_a_bounded_timeline(player):
    """Twenty games of War played by auto-play (each battle a ``cardems:ai`` measure),
    each started with New game: the timeline (ours and the browser's entries) and the
    page's elements stay bounded. A game's measures all stay while it is played; a new
    table keeps the newest 150 of each name."""
    page = player.page
    player.open("#/war?seed=1&speed=instant&level=easy")
    played, nodes, entries = 0, [], []
    at_end, kept = [], []
    for _ in range(20):
        before = page.evaluate("performance.getEntriesByName('cardems:ai').length")
        page.click("button[data-action=autoplay]")
        player.wait("over", timeout=240_000)
        moves = len(player.save("war")["game"]["moves"])
        played += moves
        at_end.append((page.evaluate("performance.getEntriesByName('cardems:ai').length"), before, moves))
        page.click("dialog#result button[data-action=new-game]")
        page.wait_for_function("() => !document.querySelector('dialog#result').open")
        player.wait("ready")
        kept.append(page.evaluate("performance.getEntriesByName('cardems:ai').length"))
        nodes.append(page.evaluate("document.getElementsByTagName('*').length"))
        entries.append(page.evaluate("performance.getEntries().length"))
    measures = page.evaluate("performance.getEntriesByType('measure').length")
    assert all(0 < end - start <= moves for end, start, moves in at_end), at_end  # every battle measured
    # each new table trimmed it to 150 (and the new game's first commit or two is measured)
    assert max(kept) <= 155 and measures <= 310, (kept, measures)
    assert max(nodes[4:]) <= nodes[4] * 1.05, nodes  # no element left behind by a game
    # the whole timeline bounded: 2 x 150 measures, the browser's own capped resource buffer,
    # a few marks (it was 1,443 after 20 games before, and growing)
    resources = page.evaluate("performance.getEntriesByType('resource').length")
    assert max(entries) < 800 and resources <= 250, (entries, resources)
    assert played > 600 and player.errors == []
