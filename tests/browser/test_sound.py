"""Sound (static/js/sound.js): nothing before the player's first interaction, and the
mute toggle is remembered. The browser's AudioContext is replaced by a recorder, so
the test hears nothing and can count what was played."""

import pytest

pytestmark = pytest.mark.browser

RECORDER = """
window.__audio = {contexts: 0, started: []};
class FakeNode { connect(node) { return node; } }
window.AudioContext = class {
  constructor() { window.__audio.contexts++; this.state = 'running'; this.destination = new FakeNode(); }
  createBuffer(channels, length) {
    const data = Array.from({length: channels}, () => new Float32Array(length));
    return {length, getChannelData: (i) => data[i]};
  }
  createBufferSource() {
    const source = new FakeNode();
    source.playbackRate = {value: 1};
    source.start = () => window.__audio.started.push(source.buffer.length);
    return source;
  }
  createGain() { const gain = new FakeNode(); gain.gain = {value: 1}; return gain; }
  resume() { this.state = 'running'; return Promise.resolve(); }
};
window.StereoPannerNode = class extends FakeNode {};
"""
IMPORT = "import(new URL('static/js/sound.js', document.baseURI).href)"


def play(page, name: str) -> bool:
    return page.evaluate(f"async (name) => (await {IMPORT}).default.play(name)", name)


def heard(page) -> dict:
    return page.evaluate("({contexts: window.__audio.contexts, started: window.__audio.started.length})")


@pytest.fixture()
def page(player):
    player.page.context.add_init_script(RECORDER)
    player.open("")
    return player.page


def test_nothing_plays_before_the_first_interaction(page, player):
    assert play(page, "capture") is False and play(page, "win") is False
    assert heard(page) == {"contexts": 0, "started": 0}
    assert page.evaluate("window.cardemsSound.muted") is False
    assert not [url for url in player.requests if "zzfx" in url.lower()]  # not even loaded
    page.keyboard.press("Shift")
    assert play(page, "capture") is True
    assert heard(page) == {"contexts": 1, "started": 1}
    names = page.evaluate("[...window.cardemsSound.names]")
    assert names == ["play", "capture", "fanfare", "war", "draw", "win", "lose"]
    for name in names:
        assert play(page, name) is True, name
    assert play(page, "applause") is False
    assert heard(page) == {"contexts": 1, "started": 1 + len(names)}


def test_muting_is_remembered_after_a_reload(page, player):
    page.evaluate(f"async () => (await {IMPORT}).default.setMuted(true)")
    assert page.evaluate("[window.cardemsSound.muted, localStorage.getItem('cardems:v1:muted')]") == [
        True,
        None,
    ]
    page.click("#mute")  # the toggle reads the stored choice (sound on), and turns it off
    assert page.evaluate("[window.cardemsSound.muted, localStorage.getItem('cardems:v1:muted')]") == [
        True,
        "1",
    ]
    page.reload()
    player.wait("ready")
    assert page.evaluate(f"async () => (await {IMPORT}).default.muted") is True
    page.mouse.click(2, page.viewport_size["height"] - 2)  # a pointerdown on the page's background
    assert play(page, "fanfare") is False and heard(page)["started"] == 0
    page.click("#mute")
    assert play(page, "fanfare") is True and heard(page) == {"contexts": 1, "started": 1}
    assert page.evaluate("localStorage.getItem('cardems:v1:muted')") == "0"


def test_the_effects_play_on_the_browsers_own_audio(player):
    player.open("")
    page = player.page
    assert play(page, "play") is False
    page.keyboard.press("Shift")
    assert all(play(page, name) for name in ["play", "capture", "fanfare", "war", "draw", "win", "lose"])
    assert (
        page.evaluate(
            "async () => (await import(new URL('static/vendor/zzfx/ZzFX.js', document.baseURI).href))"
            ".ZZFX.audioContext.state"
        )
        == "running"
    )
    assert not player.errors, player.errors
