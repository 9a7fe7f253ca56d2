"""Serve Cardems locally: vendor the runtime from npm if needed, then serve the site.

    python scripts/serve.py [--port 8000] [--host 127.0.0.1]

The working tree is served as it is, plus the files ``scripts/sitefiles.py``
generates (the page with PyScript's config from ``pyscript.toml`` and its
Content-Security-Policy, the games' file lists, the service worker's precache
list), made afresh on every request, so an edit is a new build.
"""

from __future__ import annotations

import argparse
import functools
import io
import sys
from http import HTTPStatus
from http.server import SimpleHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path
from urllib.parse import unquote, urlsplit

sys.path.insert(0, str(Path(__file__).resolve().parent))
import sitefiles
from vendor_runtime import ROOT, ensure_runtime

TYPES = {
    ".mjs": "text/javascript",
    ".wasm": "application/wasm",
    ".webmanifest": "application/manifest+json",
    ".json": "application/json",
    ".js": "text/javascript",
}


class Handler(SimpleHTTPRequestHandler):
    """Static files; in the working tree, the generated files too."""

    extensions_map = {**SimpleHTTPRequestHandler.extensions_map, **TYPES}

    def send_head(self):
        rel = unquote(urlsplit(self.path).path).lstrip("/") or sitefiles.PAGE
        if sitefiles.is_generated(rel) and Path(self.directory).resolve() == ROOT:
            body = (
                sitefiles.render_page(ROOT).encode()
                if rel == sitefiles.PAGE
                else sitefiles.generate(ROOT).get(rel)
            )
            if body is None:  # the snapshot, when this machine could not make one
                self.send_error(HTTPStatus.NOT_FOUND)
                return None
            self.send_response(HTTPStatus.OK)
            self.send_header("Content-Type", self.guess_type(rel))
            self.send_header("Content-Length", str(len(body)))
            self.send_header("Cache-Control", "no-cache")
            self.end_headers()
            return io.BytesIO(body)
        return super().send_head()

    def log_message(self, format: str, *args) -> None:  # quiet: errors only
        if len(args) > 1 and str(args[1]).startswith(("4", "5")):
            super().log_message(format, *args)


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--port", type=int, default=8000)
    parser.add_argument("--host", default="127.0.0.1")
    parser.add_argument("--dir", type=Path, default=ROOT, help="serve this folder instead (e.g. _site)")
    args = parser.parse_args()
    ensure_runtime()
    server = ThreadingHTTPServer((args.host, args.port), functools.partial(Handler, directory=str(args.dir)))
    print(f"Cardems is served at http://{args.host}:{args.port}/  (Ctrl+C to stop)", flush=True)
    try:
        server.serve_forever()
    except KeyboardInterrupt:
        pass
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
