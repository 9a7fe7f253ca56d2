"""The tables' sound: a move makes its effect (through window.cardemsSound, loaded with
the page); the top bar's mute toggle silences it and is remembered after a reload.
The AudioContext is replaced by a recorder (tests/browser/test_sound.py's)."""

import pytest

from browser.test_sound import RECORDER

pytestmark = pytest.mark.browser


def started(page) -> int:
    return page.evaluate("window.__audio.started.length")


def play_a_card(player) -> None:
    page = player.page
    moves = page.evaluate("JSON.parse(localStorage.getItem('cardems:save:pisti')).game.moves.length")
    page.click(f'button[data-card="{player.playable()[0]}"]')
    page.wait_for_function(
        "(n) => JSON.parse(localStorage.getItem('cardems:save:pisti')).game.moves.length > n", arg=moves
    )
    player.wait("ready", "over")


def test_a_move_sounds_and_the_mute_toggle_silences_it_across_a_reload(player):
    page = player.page
    page.context.add_init_script(RECORDER)
    player.open("#/pisti?seed=5&speed=instant")
    assert page.get_attribute("#mute", "aria-pressed") == "false"
    play_a_card(player)
    page.wait_for_function("window.__audio.started.length > 0")  # the human's card, then the computer's
    page.click("#mute")
    assert page.get_attribute("#mute", "aria-pressed") == "true"
    assert page.get_attribute("#mute", "aria-label") == "Turn sound on"
    heard = started(page)
    play_a_card(player)
    page.wait_for_timeout(300)
    assert started(page) == heard
    page.reload()
    player.wait("ready")
    assert page.get_attribute("#mute", "aria-pressed") == "true"
    assert page.evaluate("window.cardemsSound.muted") is True
    page.click("#mute")
    assert page.evaluate("localStorage.getItem('cardems:v1:muted')") == "0"
    play_a_card(player)
    page.wait_for_function("window.__audio.started.length > 0")
