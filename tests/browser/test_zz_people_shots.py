"""Scratch (not committed): screenshots of the cover, a pass-and-play result and a review."""
import pytest

pytestmark = pytest.mark.browser

NAMES = {"en-US": ["Ayşe", "Ali"], "ar-EG": ["عائشة", "علي"]}


@pytest.mark.parametrize("locale", ["en-US", "ar-EG"])
@pytest.mark.parametrize("size", [(360, 740), (1280, 800)])
def test_shots(browser, site, locale, size):
    context = browser.new_context(locale=locale, viewport={"width": size[0], "height": size[1]})
    page = context.new_page()
    tag = f"{locale[:2]}-{'phone' if size[0] < 500 else 'desktop'}"
    page.goto(site + "#/")
    page.wait_for_function("document.documentElement.dataset.cardems === 'ready'", timeout=90_000)
    page.evaluate("names => { localStorage.setItem('cardems:names', JSON.stringify({v: 1, names}));"
                  " for (const g of ['pisti','war']) localStorage.setItem('cardems:tour:' + g, 'true') }",
                  NAMES[locale])
    page.evaluate("location.hash = '#/pisti?players=4&seats=p,normal,p,easy&seed=11&speed=instant'")
    page.wait_for_function("document.documentElement.dataset.cardems === 'covered'", timeout=60_000)
    page.screenshot(path=f"/tmp/people-shots/cover-{tag}.png")
    page.evaluate("location.hash = '#/war?seats=p,p&seed=3&speed=instant'")
    page.wait_for_function("document.documentElement.dataset.cardems === 'covered'"
                           " && location.hash.startsWith('#/war')", timeout=60_000)
    page.click("button[data-action=finish]")
    page.wait_for_function("document.documentElement.dataset.cardems === 'over'", timeout=120_000)
    page.screenshot(path=f"/tmp/people-shots/result-{tag}.png")
    page.click("dialog#result button[data-action=review]")
    page.wait_for_function("document.documentElement.dataset.cardems === 'review'", timeout=60_000)
    page.fill("#review-at", "9")
    page.dispatch_event("#review-at", "change")
    page.wait_for_function("document.querySelector('.review-controls').dataset.reviewAt === '9'")
    page.screenshot(path=f"/tmp/people-shots/review-{tag}.png")
    context.close()
