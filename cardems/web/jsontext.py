"""JSON text from outside (the browser's storage, an imported file), parsed within bounds.

A deep enough text overflows the WebAssembly stack of the page's parser, which
stops Python altogether ("maximum call stack size exceeded") instead of raising an
error; a huge one costs seconds. So the size and the nesting are checked first,
without recursion, and only then is the text parsed.

>>> loads_bounded('{"a": [1, 2]}', max_chars=100, max_depth=2)
{'a': [1, 2]}
>>> loads_bounded("[" * 40 + "]" * 40, max_chars=100, max_depth=16)
Traceback (most recent call last):
...
cardems.web.jsontext.TooDeep: it nests lists or objects more than 16 deep
"""

from __future__ import annotations

import json
import re
from typing import Any

_STRING = re.compile(r'"(?:[^"\\]|\\.)*"')
_NOT_BRACKET = re.compile(r"[^\[\]{}]+")


class Unreadable(ValueError):
    """The text cannot be used as JSON (the message says why)."""


class TooLong(Unreadable):
    pass


class TooDeep(Unreadable):
    pass


def depth(text: str) -> int:
    """How deep the brackets of JSON ``text`` nest, outside its strings."""
    brackets = _NOT_BRACKET.sub("", _STRING.sub("", text))
    level = deepest = 0
    for step in brackets:
        level += 1 if step in "[{" else -1
        deepest = max(deepest, level)
    return deepest


def loads_bounded(text: str, *, max_chars: int, max_depth: int) -> Any:
    """``json.loads(text)`` once ``text`` is at most ``max_chars`` long and nests at most
    ``max_depth`` deep; :class:`Unreadable` (a ``ValueError``) otherwise, or if it is not JSON."""
    if len(text) > max_chars:
        raise TooLong(f"it is {len(text):,} characters long (at most {max_chars:,})")
    if depth(text) > max_depth:
        raise TooDeep(f"it nests lists or objects more than {max_depth} deep")
    try:
        return json.loads(text)
    except (ValueError, RecursionError) as exc:
        raise Unreadable(f"it is not JSON ({str(exc)[:80]})") from None
