"""Text into HTML: the one escape every module of the page layer uses.

>>> esc('<b class="x">Ali & Ayşe</b>')
'&lt;b class=&quot;x&quot;&gt;Ali &amp; Ayşe&lt;/b&gt;'
>>> esc(3)
'3'
"""

from __future__ import annotations

from html import escape


def esc(text: object) -> str:
    """``text`` (any value, as ``str()`` gives it) safe inside an element or a quoted attribute."""
    return escape(str(text), quote=True)
