"""One game, one tab: while a tab shows a game's table it holds a Web Lock named after
the game's save (``navigator.locks``, shared by every tab of the origin). Another tab
that opens the same game finds the lock taken and asks the player: play here (it
takes the lock over, and the first tab is told it lost the game) or another game.

Where the browser has no Web Locks, every tab may hold any game; the save's revision
(:mod:`cardems.web.saves`) still keeps a tab from writing over a newer save, and the
``storage`` event tells a tab when another one wrote its game.
"""

from __future__ import annotations

import asyncio
from collections.abc import Callable
from typing import Any

from pyodide.ffi import create_once_callable, create_proxy
from pyscript import window

from cardems.web import dom


class Lease:
    """The locks this tab holds; ``on_lost(name)`` when another tab took one over."""

    def __init__(self, on_lost: Callable[[str], None]) -> None:
        self.on_lost = on_lost
        self.held: dict[str, Any] = {}  # lock name -> the function that releases it
        self._proxies: dict[str, list[Any]] = {}

    @staticmethod
    def available() -> bool:
        locks = getattr(window.navigator, "locks", None)
        return not dom.absent(locks) and not dom.absent(getattr(locks, "request", None))

    async def hold(self, name: str, *, take: bool = False) -> bool:
        """Hold lock ``name`` (``take``: even if another tab holds it); whether this tab
        holds it now. True where there are no Web Locks."""
        if name in self.held or not self.available():
            return True
        got: asyncio.Future[bool] = asyncio.get_event_loop().create_future()

        def granted(lock: Any) -> Any:
            if dom.absent(lock):
                if not got.done():
                    got.set_result(False)
                return None

            def keep(resolve: Any, _reject: Any) -> None:
                self.held[name] = resolve

            if not got.done():
                got.set_result(True)
            return window.Promise.new(create_once_callable(keep))

        def ended(_error: Any) -> None:  # taken over by another tab: the request is rejected
            if self.held.pop(name, None) is not None:
                asyncio.get_event_loop().call_soon(self._drop, name)  # not while this proxy runs
                self.on_lost(name)

        on_grant, on_end = create_proxy(granted), create_proxy(ended)
        self._proxies[name] = [on_grant, on_end]
        try:
            options = dom.js_object({"steal": True} if take else {"ifAvailable": True})
            window.navigator.locks.request(name, options, on_grant).catch(on_end)
        except Exception as exc:  # a browser that refuses locks here (a sandboxed frame): no lease
            window.console.warn(f"cardems: no Web Lock for {name}: {exc}")
            self._drop(name)
            return True
        return await got

    def release(self, name: str) -> None:
        release = self.held.pop(name, None)
        if release is not None:
            release()
        self._drop(name)

    def _drop(self, name: str) -> None:
        for proxy in self._proxies.pop(name, []):
            proxy.destroy()
