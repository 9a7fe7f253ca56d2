"""The interpreter the page starts: Pyodide without WebAssembly stack switching (JSPI).

With JSPI, Chromium 156 crashed the tab at random while the page's Python ran (the
renderer read past the top of a switched stack: 14 crash dumps here, and 11 of 38
browser tests on one CI run). Pyodide decides when it starts whether the browser has
JSPI, by ``"Suspending" in WebAssembly``; the page hides it before that.
"""

from __future__ import annotations

import pytest

pytestmark = pytest.mark.browser

# Every answer to "does this browser have JSPI?" the page's scripts get, in order.
WATCH = """
(() => {
  const real = WebAssembly;
  window.jspiAnswers = [];
  window.WebAssembly = new Proxy(real, {
    has(target, key) {
      const answer = Reflect.has(target, key);
      if (key === "Suspending" || key === "Suspender") window.jspiAnswers.push(answer);
      return answer;
    },
  });
})();
"""


def test_pyodide_starts_without_stack_switching_and_the_game_plays(player):
    if not player.page.evaluate("'Suspending' in WebAssembly"):
        pytest.skip("this browser has no JSPI: nothing to turn off")
    player.page.context.add_init_script(WATCH)
    player.open("#/pisti?seed=3&speed=instant")
    answers = player.page.evaluate("window.jspiAnswers")
    assert answers, "Pyodide never asked for 'Suspending' in WebAssembly: its JSPI check changed"
    assert not any(answers), answers  # Pyodide asked, and was told no
    clicked = player.play_to_the_end()
    assert clicked and player.state() == "over"
    assert not player.errors, player.errors
