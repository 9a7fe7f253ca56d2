"""A game's rules page: its rules text (``cardems/web/<stem>/rules/<lang>.json``)
turned into one HTML string, illustrated with the game's own card art.

Pure Python (no ``js``/``pyscript`` imports): the same on CPython and Pyodide.
Nothing here knows a game: the content says everything. A content file is::

    {"game": "war", "title": "How to play War", "intro": "...",
     "sections": [{"id": "deal", "title": "...", "blocks": [BLOCK, ...]}, ...]}

and a block is one of (every text is plain text; it is escaped here)::

    {"kind": "p", "text": "..."}
    {"kind": "list", "items": ["...", ...]}            optional "ordered": true
    {"kind": "table", "caption": "...", "head": [...], "rows": [[...], ...]}
    {"kind": "formula", "text": "..."}                 a rule written as a formula
    {"kind": "cards", "id": "capture", "caption": "...",
     "groups": [{"label": "...", "cards": ["back", "7H", ...]}, ...]}
    {"kind": "option", "option": "ten_rule", "values": ["reverse"],
     "label": "...", "text": "..."}                    how an option changes a rule

Card codes are the engine's (``rules/README.md``); ``back`` is a face-down
card and ``X`` the joker. The card rows are ``dir="ltr"`` (cards read left to
right in every language); each mini card is an image named by the catalog's
card name, its SVG hidden from assistive technology.
"""

from __future__ import annotations

import json
from collections.abc import Callable
from pathlib import Path
from typing import Any

from cardems.games import is_playable, module_name
from cardems.web.card_art import back_svg, card_svg, joker_svg
from cardems.web.escape import esc
from cardems.web.i18n import DEFAULT, LANGUAGES, RTL, Catalog, package_data
from cardems.web.markup import button

BACK = "back"
JOKER = "X"
_WEB = Path(__file__).parent


def rules_path(stem: str, lang: str) -> Path:
    return _WEB / stem / "rules" / f"{lang}.json"


def load_rules(stem: str, lang: str) -> dict[str, Any]:
    """A game's rules content in ``lang`` (English where that language has none)."""
    lang = lang if lang in LANGUAGES else DEFAULT
    try:
        data = package_data(rules_path(stem, lang))
    except FileNotFoundError:
        data = package_data(rules_path(stem, DEFAULT))
    rules: dict[str, Any] = json.loads(data)
    return rules


def mini_card(code: str, catalog: Catalog) -> str:
    """One small card: an image named in the player's language."""
    if code == BACK:
        art, name = back_svg(), catalog.t("card.back")
    elif code == JOKER:
        art, name = joker_svg(), catalog.card_name(code)
    else:
        art, name = card_svg(code), catalog.card_name(code)
    return (
        f'<li><span class="mini-card" role="img" aria-label="{esc(name)}" data-rules-card="{esc(code)}">'
        f"{art}</span></li>"
    )


def _cards(block: dict[str, Any], catalog: Catalog) -> str:
    groups = []
    for group in block["groups"]:
        label = group.get("label")
        head = f'<span class="rules-group-label">{esc(label)}</span>' if label else ""
        row = "".join(mini_card(code, catalog) for code in group["cards"])
        groups.append(f'<div class="rules-group">{head}<ul class="rules-cards" dir="ltr">{row}</ul></div>')
    caption = f"<figcaption>{esc(block['caption'])}</figcaption>" if block.get("caption") else ""
    return f'<figure class="rules-figure" data-illustration="{esc(block["id"])}">{"".join(groups)}{caption}</figure>'


def _table(block: dict[str, Any]) -> str:
    caption = f"<caption>{esc(block['caption'])}</caption>" if block.get("caption") else ""
    head = "".join(f'<th scope="col">{esc(cell)}</th>' for cell in block.get("head", ()))
    rows = "".join(
        "<tr>" + "".join(f"<td>{esc(cell)}</td>" for cell in row) + "</tr>" for row in block["rows"]
    )
    thead = f"<thead><tr>{head}</tr></thead>" if head else ""
    return f'<table class="rules-table">{caption}{thead}<tbody>{rows}</tbody></table>'


def _option(block: dict[str, Any], catalog: Catalog) -> str:
    values = " ".join(str(v).lower() for v in block.get("values", ()))
    return (
        f'<aside class="rules-option" data-option="{esc(block["option"])}" data-values="{esc(values)}">'
        f'<p><strong>{esc(catalog.t("rules.option"))}: {esc(block["label"])}</strong></p>'
        f'<p>{esc(block["text"])}</p></aside>'
    )


def render_block(block: dict[str, Any], catalog: Catalog) -> str:
    kind = block["kind"]
    if kind == "p":
        return f"<p>{esc(block['text'])}</p>"
    if kind == "formula":
        return f'<p class="rules-formula">{esc(block["text"])}</p>'
    if kind == "list":
        tag = "ol" if block.get("ordered") else "ul"
        return f"<{tag}>" + "".join(f"<li>{esc(item)}</li>" for item in block["items"]) + f"</{tag}>"
    if kind == "table":
        return _table(block)
    if kind == "cards":
        return _cards(block, catalog)
    if kind == "option":
        return _option(block, catalog)
    raise ValueError(f"unknown block kind {kind!r}")


def _anchor(section: str) -> str:
    return f"#rules-{section}"


def render_rules(
    content: dict[str, Any],
    catalog: Catalog,
    back_href: str,
    back_label: str | None = None,
    anchor: Callable[[str], str] = _anchor,
) -> str:
    """The whole page: one ``<h1>`` (the content's title), a table of contents,
    a heading per section, and a link back (``back_href``; its text is
    ``back_label``, by default the catalog's "Back to the game").

    ``anchor`` gives a section's link target (the page routes by its hash, so
    the caller may prefer its own); every link also carries ``data-section``.
    """
    direction = "rtl" if catalog.lang in RTL else "ltr"
    label = back_label if back_label is not None else catalog.t("rules.back")
    toc = "".join(
        f'<li><a href="{esc(anchor(s["id"]))}" data-section="{esc(s["id"])}">{esc(s["title"])}</a></li>'
        for s in content["sections"]
    )
    parts = [
        f'<article class="rules-page" lang="{esc(catalog.lang)}" dir="{direction}"'
        f' data-rules="{esc(content["game"])}">',
        f'<header><h1>{esc(content["title"])}</h1>',
        f'<a class="rules-back" href="{esc(back_href)}">{esc(label)}</a></header>',
    ]
    if content.get("intro"):
        parts.append(f'<p class="rules-intro">{esc(content["intro"])}</p>')
    parts.append(
        f'<nav class="rules-toc" aria-label="{esc(catalog.t("rules.contents"))}">'
        f'<h2>{esc(catalog.t("rules.contents"))}</h2><ol>{toc}</ol></nav>'
    )
    for section in content["sections"]:
        body = "".join(render_block(block, catalog) for block in section["blocks"])
        parts.append(
            f'<section id="rules-{esc(section["id"])}" data-section="{esc(section["id"])}"'
            f' aria-labelledby="rules-h-{esc(section["id"])}">'
            f'<h2 id="rules-h-{esc(section["id"])}">{esc(section["title"])}</h2>{body}</section>'
        )
    parts.append("</article>")
    return "".join(parts)


def actions(game: str, catalog: Catalog) -> str:
    """Play the game, and see the first game's walkthrough again (a playable game only)."""
    if not is_playable(game):
        return ""
    return (
        '<p class="rules-actions">'
        f'<a class="btn primary" href="#/{esc(game)}">{esc(catalog.t("rules.play"))}</a> '
        + button("tour-replay", catalog.t("tour.replay"), extra={"data-game": game})
        + "</p>"
    )


def rules_screen(game: str, catalog: Catalog, back_href: str, back_label: str) -> str:
    """The ``#/rules/<game>`` screen: the game's rules page with its actions in the header;
    the contents' links keep the page's address (the page routes by its hash).

    The app shows it (cardems/web/screens/rules.py), and the build writes it for every
    language as the page shown before Python is up (scripts/sitefiles.py), so both are the same."""
    html = render_rules(
        load_rules(module_name(game), catalog.lang),
        catalog,
        back_href,
        back_label,
        anchor=lambda _s: f"#/rules/{game}",
    )
    return catalog.markup(html.replace("</header>", actions(game, catalog) + "</header>", 1))


def rules_html(stem: str, lang: str, back_href: str, back_label: str | None = None) -> str:
    """A game's rules page in ``lang``."""
    return render_rules(load_rules(stem, lang), Catalog(lang), back_href, back_label)
