"""A game's rules page is readable before Python is up: the build writes it in every
language (rules/<game>/<lang>.html, by the app's own renderer) and the shell shows it
for a ``#/rules/<game>`` address; the app then renders the same page in its place,
the view never leaving it (issue 26)."""

import json
from pathlib import Path

import pytest

pytestmark = pytest.mark.browser

RULES = Path(__file__).resolve().parents[2] / "cardems" / "web" / "pisti" / "rules"
RUNTIME = (
    "**/static/vendor/pyodide/**",
    "**/static/vendor/pyscript/**",
    "**/interpreter.js",
    "**/first-screen.bundle",
)
ARTICLE = "#screen[data-prebuilt] article.rules-page"
# every value <body data-view> takes and whether the shell's page was there, from the first script on
WATCH = """
window.cardemsViews = [];
new MutationObserver(() => {
  const view = document.body && document.body.getAttribute("data-view");
  if (view && window.cardemsViews.at(-1) !== view) window.cardemsViews.push(view);
}).observe(document, {attributes: true, subtree: true, attributeFilter: ["data-view"]});
"""


def shown(page) -> dict:
    return page.evaluate("""() => {
      const a = document.querySelector("#screen article.rules-page");
      return {view: document.body.dataset.view, visible: !!a && a.getBoundingClientRect().height > 0,
              lang: a && a.lang, dir: a && a.dir, h1: a && a.querySelector("h1").textContent,
              sections: a ? [...a.querySelectorAll("section[data-section] > h2")].map(h => h.textContent) : [],
              text: a && a.innerText, cards: a ? a.querySelectorAll(".mini-card svg").length : 0};
    }""")


def test_rules_are_readable_before_python_and_the_app_takes_them_over(player):
    page = player.page
    for pattern in RUNTIME:
        page.route(pattern, lambda route: route.abort())
    for lang in ("en", "ar"):
        content = json.loads((RULES / f"{lang}.json").read_text(encoding="utf-8"))
        page.goto(player.base + "#/")
        page.evaluate(f"localStorage.setItem('cardems:lang', JSON.stringify({lang!r}))")
        page.goto(player.base + "#/rules/pisti")
        page.reload()  # the stored language is read when the page loads
        page.wait_for_selector(ARTICLE)
        got = shown(page)
        assert got["view"] == "screen" and got["visible"], got
        assert (got["lang"], got["dir"]) == (lang, "rtl" if lang == "ar" else "ltr")
        assert got["h1"] == content["title"]
        assert got["sections"] == [s["title"] for s in content["sections"]]
        assert got["cards"] > 0, "the illustrations are there"
        assert page.evaluate("document.documentElement.dir") == ("rtl" if lang == "ar" else "ltr")
        assert page.evaluate("document.documentElement.dataset.cardems") != "ready"  # Python never came
    page.click("#screen a.rules-back")  # "All games", before Python: the lobby
    page.wait_for_function("document.body.dataset.view === 'lobby'")
    page.go_back()
    page.wait_for_selector(ARTICLE)

    # the runtime let through: the app renders the same page where the shell's was
    page.unroute_all()
    page.add_init_script(WATCH)
    page.reload()
    player.wait("ready", timeout=90_000)
    assert page.evaluate("window.cardemsViews") == ["screen"], "the view went to the rules page and stayed"
    assert (
        page.evaluate("document.querySelector('#screen').hasAttribute('data-prebuilt')") is False
    )  # the app's now
    after = shown(page)
    prebuilt = player.base + "rules/pisti/ar.html"
    expected = page.evaluate(
        "async url => { const d = document.createElement('div');"
        " d.innerHTML = await (await fetch(url)).text(); document.body.append(d);"
        " const t = d.innerText; d.remove(); return t; }",
        prebuilt,
    )
    assert (after["lang"], after["dir"], after["h1"]) == ("ar", "rtl", content["title"])
    assert after["text"].split() == expected.split(), "the app's page says what the build's did"
    assert page.evaluate("document.activeElement.tagName") == "H1"
    assert [e for e in player.errors if "ERR_FAILED" not in e and "Failed to load" not in e] == []
