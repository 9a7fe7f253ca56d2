"""The page's side of sound (``static/js/sound.js``, loaded with the page): play an
effect, tell it whether the sound is off, and draw the mute toggle in the top bar.
Without the script (or before it has loaded) nothing plays and nothing fails. Whether
the sound is off is stored by the app (:meth:`cardems.web.storage.Storage.muted`)."""

from __future__ import annotations

from typing import Any

from pyscript import window

from cardems.web import dom

# the stronger effect first: a move that captures with a pişti sounds like a pişti
EFFECTS = ("win", "lose", "fanfare", "war", "capture", "draw", "play")


_SPEAKER = '<path d="M3 9h4l5-4v14l-5-4H3z" fill="currentColor"/>'
_SVG = '<svg viewBox="0 0 24 24" width="20" height="20" aria-hidden="true" focusable="false">{}</svg>'
ICON_ON = _SVG.format(
    _SPEAKER + '<path d="M15.5 8.5a5 5 0 0 1 0 7M18 6a8.5 8.5 0 0 1 0 12" '
    'fill="none" stroke="currentColor" stroke-width="2" stroke-linecap="round"/>'
)
ICON_OFF = _SVG.format(
    _SPEAKER + '<path d="M16 9l6 6M22 9l-6 6" fill="none" stroke="currentColor" '
    'stroke-width="2" stroke-linecap="round"/>'
)


def rank(name: str) -> int:
    return EFFECTS.index(name) if name in EFFECTS else len(EFFECTS)


def _api() -> Any:
    api = getattr(window, "cardemsSound", None)
    return None if dom.absent(api) else api


def play(name: str | None) -> None:
    api = _api()
    if name and api is not None:
        api.play(name)


def set_muted(muted: bool) -> None:
    """Tell the effects whether the sound is off (the choice is stored by the app)."""
    api = _api()
    if api is not None:
        api.setMuted(muted)


def render_toggle(t: Any, on: bool) -> None:
    """The top bar's button (``on``: the sound is off): its label and pressed state in
    the current language."""
    button = dom.by_id("mute")
    if button is None:
        return
    button.setAttribute("aria-pressed", "true" if on else "false")
    button.setAttribute("aria-label", t("sound.unmute" if on else "sound.mute"))
    button.setAttribute("title", t("sound.unmute" if on else "sound.mute"))
    button.innerHTML = ICON_OFF if on else ICON_ON
