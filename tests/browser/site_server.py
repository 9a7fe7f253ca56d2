"""The assembled site folder (scripts/build_site.py) served under a sub-path, as
GitHub Pages serves a project site at ``/<repo>/``; the server logs every path.

Fixtures for test_offline.py and test_site.py, imported by them.
"""

from __future__ import annotations

import functools
import threading
from http.server import ThreadingHTTPServer
from pathlib import Path

from tests.browser.conftest import ROOT, QuietHandler

SUB = "cardems-site"  # the sub-path, like a repository's name


class LoggingHandler(QuietHandler):
    def send_head(self):
        self.server.paths.append(self.path)
        return super().send_head()

    def send_response(self, code, message=None):
        self.server.answers.append((self.path, int(code)))
        super().send_response(code, message)


class SiteServer:
    """A built site in ``folder/SUB`` served at ``base`` (ending in ``/SUB/``)."""

    def __init__(self, folder: Path) -> None:
        import sys

        sys.path.insert(0, str(ROOT / "scripts"))
        import sitefiles
        from build_site import build

        self.sitefiles = sitefiles
        self.folder = folder
        self.site = folder / SUB
        self.build_id = build(self.site)
        self.server = ThreadingHTTPServer(
            ("127.0.0.1", 0), functools.partial(LoggingHandler, directory=str(folder))
        )
        self.server.paths = []
        self.server.answers = []  # (path, HTTP status), in order
        self.thread = threading.Thread(target=self.server.serve_forever, daemon=True)
        self.thread.start()
        self.base = f"http://127.0.0.1:{self.server.server_address[1]}/{SUB}/"

    @property
    def paths(self) -> list[str]:
        return self.server.paths

    @property
    def answers(self) -> list[tuple[str, int]]:
        return self.server.answers

    def redeploy(self, marker: str) -> str:
        """A new version: change index.html, regenerate the build's files; returns its id."""
        index = self.site / "index.html"
        index.write_text(
            index.read_text(encoding="utf-8").replace("</body>", f"<!-- {marker} -->\n</body>"),
            encoding="utf-8",
        )
        generated = self.sitefiles.generate(self.site)
        for rel, body in generated.items():
            (self.site / rel).write_bytes(body)
        self.build_id = self.sitefiles.build_id(generated)
        return self.build_id

    def close(self) -> None:
        self.server.shutdown()
        self.server.server_close()
