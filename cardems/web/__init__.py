"""The browser layer: the only code that touches pyscript, js or the DOM.

``route`` and ``i18n`` are pure Python (tested under CPython); ``app`` and the
table modules bind them to the page.
"""
