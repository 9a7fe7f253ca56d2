"""Boot of the Cardems page against a bare PyScript page on the same vendored
runtime (bench/bare/), both served from the assembled site folder
(scripts/build_site.py), as a static host would serve them.

    python bench/boot.py [--rounds 10] [--warmup 1] [--driver direct|playwright]

Each round, for each page (the order alternates between rounds), a browser on
a new, empty profile (disk cache, as in a real browser) opens the page: "cold",
the first visit. For Cardems the service worker is then left to keep the site.
Then:
- "warm", a later visit: that browser is closed and a new one on the same
  profile opens the page. It finds on disk what the first visit kept (the
  worker and its cache for Cardems, the HTTP cache for the bare page, and the
  code caches of both), and nothing in memory, as when a player comes back;
- "reload", before that: the first browser reloads the page at once. The
  renderer process is the same, and so is V8's in-memory compilation cache.
  That favours the bare page: on Cardems' first visit served by the worker,
  Chromium streams PyScript's and Pyodide's modules from the worker's cache
  and compiles their functions again (traces: about 650 functions, about
  0.3 s of main thread), while the bare page's reload reuses the functions its
  first visit compiled. Printed for comparison; from Cardems' second visit
  served by the worker on, that gap is gone.

Chromium is started as a player's would be, with no DevTools client attached
(``--driver direct``, the default): each page reports its own figures to the
benchmark's server (see REPORTER). Under a DevTools client, as with
``--driver playwright`` (runs 1-29), every JavaScript exception costs more, and
Pyodide's file system throws one for each "no such file": that taxes the page
that runs more Python, and no player pays it.

Figures (the targets of issue 6):
- boot ratio: ms from navigation start to ``cardems:ready`` over ms to
  ``bare:ready``, per round (the two pages side by side), median of rounds,
  with a 95% bootstrap interval of that median over the rounds (seeded): on a
  shared machine single rounds swing by tens of percent, and the interval says
  how far the median can be trusted;
- bytes ratio: bytes the page transferred until it was ready (navigation and
  resource timing ``transferSize``) over the bare page's, cold;
- first paint: the shell's ``first-contentful-paint`` as a fraction of the
  Cardems boot.
Also printed: the bytes the server sent for the whole first visit (Cardems:
until the worker has kept the site), when PyScript starts loading the
interpreter (its "Loading Pyodide" step: the page's part before the runtime),
and each page's time from the interpreter being up ("Loaded interpreter") to
ready (the page's part after it).
"""

from __future__ import annotations

import argparse
import contextlib
import json
import os
import queue
import random
import signal
import subprocess
import sys
import tempfile
import time
from pathlib import Path
from urllib.parse import urlencode, urlsplit

sys.path.insert(0, str(Path(__file__).resolve().parent))
sys.path.insert(1, str(Path(__file__).resolve().parents[1] / "scripts"))
import sitefiles
from _common import (
    CHROMIUM_ARGS,
    chromium_executable,
    ensure_runtime,
    median,
    playwright_chromium,
    profile_browser,
    serve_site,
)

PAGES = {
    "cardems": ("/index.html", "cardems:ready"),
    "bare": ("/bench/bare/index.html", "bare:ready"),
    "stock": ("/bench/stock/index.html", "stock:ready"),
}
ANCHOR = "stock"  # the ratios are over this page: the runtime as published, which Cardems does not change
TIMEOUT_MS = 120_000
KINDS = ("cold", "warm", "reload")
DRIVERS = ("direct", "playwright")

READY = "m => performance.getEntriesByName(m, 'mark').length > 0"
MEASURE = """m => {
    const ready = performance.getEntriesByName(m, 'mark')[0].startTime;
    const nav = performance.getEntriesByType('navigation')[0];
    const done = performance.getEntriesByType('resource').filter(r => r.responseEnd <= ready);
    const fcp = performance.getEntriesByName('first-contentful-paint')[0];
    const step = n => (window.__steps || []).find(([name]) => name === n);
    const up = step('Loaded interpreter'), start = step('Loading Pyodide');
    const files = done.map(r => [r.name.replace(location.origin, ''), r.transferSize]);
    return {ready, bytes: (nav ? nav.transferSize : 0) + done.reduce((s, r) => s + r.transferSize, 0),
            fcp: fcp ? fcp.startTime : null, app: up ? ready - up[1] : null, start: start ? start[1] : null,
            files: nav ? [[nav.name.replace(location.origin, ''), nav.transferSize], ...files] : files,
            spans: performance.getEntriesByType('measure').concat(performance.getEntriesByType('mark'))
              .filter(e => e.name.startsWith('cardems:') && e.startTime <= ready)
              .map(e => [e.name, e.startTime, e.startTime + e.duration]),
            steps: (window.__steps || []).filter(([, t]) => t <= ready)};
}"""
# PyScript's progress steps, timed (the interpreter is up at "Loaded interpreter")
STEPS = """window.__steps = [];
addEventListener('py:progress', e => window.__steps.push([String(e.detail), performance.now()]));"""
KEPT = """async () => {
    const reg = await navigator.serviceWorker.getRegistration();
    return !!(reg && reg.active && reg.active.state === 'activated' && navigator.serviceWorker.controller);
}"""


def measure(page, mark: str) -> dict:
    page.wait_for_function(READY, arg=mark, timeout=TIMEOUT_MS, polling=25)
    return page.evaluate(MEASURE, mark)


def wait_kept(page) -> None:
    """Until the service worker has kept the site and controls the page."""
    deadline = time.monotonic() + TIMEOUT_MS / 1000
    while not page.evaluate(KEPT):
        if time.monotonic() > deadline:
            raise RuntimeError("the service worker did not keep the site")
        page.wait_for_timeout(100)


def _loadavg() -> str:
    try:
        return " ".join(f"{x:.1f}" for x in os.getloadavg())
    except OSError:
        return "n/a"


def open_page(context, errors: list[str], throttle: float = 1):
    """The browser's page, timing PyScript's steps and noting page errors; its CPU
    slowed ``throttle`` times (DevTools' CPU throttling) when that is over 1."""
    context.add_init_script(STEPS)
    page = context.pages[0] if context.pages else context.new_page()
    page.on("pageerror", lambda e: errors.append(str(e)))
    if throttle > 1:
        context.new_cdp_session(page).send("Emulation.setCPUThrottlingRate", {"rate": throttle})
    return page


def one_round(p, exe: str | None, server, name: str, throttle: float = 1) -> dict:
    """Cold, reload and warm (later visit) figures of one page on a new profile, plus
    the first visit's bytes."""
    path, mark = PAGES[name]
    errors: list[str] = []
    with tempfile.TemporaryDirectory(prefix="cardems-profile-") as folder:
        with profile_browser(p, exe, folder) as context:
            page = open_page(context, errors, throttle)
            start = server.sent
            page.goto(server.base + path)
            cold = measure(page, mark)
            if name == "cardems":
                wait_kept(page)
            else:
                page.wait_for_timeout(300)
            visit = server.sent - start
            page.reload()
            reload = measure(page, mark)
        with profile_browser(p, exe, folder) as context:
            page = open_page(context, errors, throttle)
            page.goto(server.base + path)
            warm = measure(page, mark)
    if errors:
        print(f"  [{name}] page errors: {errors[:3]}", file=sys.stderr)
    return {"cold": cold, "warm": warm, "reload": reload, "visit_bytes": visit}


# The direct driver: Chromium started as a player's would be, with no DevTools client (Playwright
# is one). With an inspector attached, V8 does extra work on every thrown exception, and Pyodide's
# file system throws one for each "no such file" (Python's imports, os.path.exists): the page, which
# runs more Python than the bare one, paid ~75 ms more under Playwright and nothing without it
# (README). Each page then reports its own figures, the same as MEASURE, to the benchmark's server,
# from a script added at the top of its HTML (both pages, in the assembled copy only).
REPORTER = r"""<script>
(function () {
  STEPS
  var errors = [];
  addEventListener('error', function (e) { if (e.message) errors.push(String(e.message)); });
  addEventListener('unhandledrejection', function (e) { errors.push(String(e.reason)); });
  var bench = location.pathname.match(/\/bench\/(\w+)\//);
  var mark = (bench ? bench[1] : 'cardems') + ':ready';
  var measure = MEASURE, kept = KEPT;
  function post(body) {
    return fetch('/__bench', {method: 'POST', body: JSON.stringify(body), cache: 'no-store'}).then(function (r) { return r.text(); });
  }
  function reloadAfter(ready) {
    ready.then(function () { return post({kind: 'kept'}); }).then(function () { location.reload(); });
  }
  var poll = setInterval(function () {
    if (!performance.getEntriesByName(mark, 'mark').length) return;
    clearInterval(poll);
    var nav = performance.getEntriesByType('navigation')[0];
    post({kind: 'ready', nav: nav ? nav.type : '', errors: errors, figures: measure(mark),
          controlled: !!(navigator.serviceWorker && navigator.serviceWorker.controller)}).then(function (next) {
      if (next === 'reload-when-kept') reloadAfter(new Promise(function (done) {
        var t = setInterval(function () { kept().then(function (k) { if (k) { clearInterval(t); done(); } }); }, 100);
      }));
      else if (next === 'reload') reloadAfter(new Promise(function (done) { setTimeout(done, 300); }));
    });
  }, 25);
})();
</script>"""


def add_reporter(site: Path) -> None:
    """Add REPORTER to both pages of the assembled ``site``, first after their charset (which
    must stay in the first 1024 bytes); then the build's generated files are made again, as
    for a new deploy, so that the worker keeps the page as it now is."""
    script = REPORTER.replace("STEPS", STEPS).replace("MEASURE", MEASURE).replace("KEPT", KEPT)
    charset = b'<meta charset="utf-8">'
    for page in (
        site / "index.html",
        site / "bench" / "bare" / "index.html",
        site / "bench" / "stock" / "index.html",
    ):
        old = page.read_bytes()
        new = old.replace(charset, charset + b"\n" + script.encode(), 1)
        if new == old:
            raise SystemExit(f"bench: no {charset.decode()} in {page}")
        page.write_bytes(new)
    for rel, body in sitefiles.generate(site).items():
        (site / rel).write_bytes(body)


class Reports:
    """The pages' reports, as the benchmark's server receives them; ``replies`` are
    handed out in order, one to each "ready" report (what the page does next)."""

    def __init__(self) -> None:
        self.inbox: queue.Queue = queue.Queue()
        self.replies: list[str] = []

    def __call__(self, body: bytes) -> str:
        report = json.loads(body)
        self.inbox.put(report)
        return self.replies.pop(0) if report.get("kind") == "ready" and self.replies else "stay"

    def expect(self, kind: str, nav: str | None = None) -> dict:
        try:
            report = self.inbox.get(timeout=TIMEOUT_MS / 1000)
        except queue.Empty:
            raise RuntimeError(f"no '{kind}' report from the page in {TIMEOUT_MS / 1000:.0f} s") from None
        if report["kind"] != kind or (nav and report.get("nav") != nav):
            raise RuntimeError(f"expected a '{kind}' report ({nav}), got {report}")
        return report


@contextlib.contextmanager
def direct_browser(exe: str, folder: str, url: str):
    """Headless Chromium on the profile in ``folder``, going to ``url``; no DevTools client.

    It starts on a blank page of another origin (``localhost`` rather than
    ``127.0.0.1``), which goes to ``url`` once painted: as when a player follows
    a link in a browser already open. Opened at the browser's start, the page's
    first paint also waited for the browser's own (a page of one paragraph
    first painted at 230-280 ms). Closed with SIGTERM, on which Chromium shuts
    down as when a player quits it (the profile is written out), then the rest
    of its processes are killed."""
    parts = urlsplit(url)
    start = f"http://localhost:{parts.port}/__bench/start?{urlencode({'to': url})}"
    proc = subprocess.Popen(
        [exe, "--headless=new", *CHROMIUM_ARGS, f"--user-data-dir={folder}", start],
        stdout=subprocess.DEVNULL,
        stderr=subprocess.DEVNULL,
        start_new_session=True,
    )
    try:
        yield proc
    finally:
        proc.send_signal(signal.SIGTERM)
        try:
            proc.wait(timeout=20)
        except subprocess.TimeoutExpired:
            print(
                "  [direct] Chromium did not quit within 20 s of SIGTERM: killed, its profile perhaps "
                "not written out (the next visit of this round may not be a real later visit)",
                file=sys.stderr,
            )
        with contextlib.suppress(ProcessLookupError):
            os.killpg(proc.pid, signal.SIGKILL)
        proc.wait()


def one_round_direct(exe: str, server, name: str) -> dict:
    """:func:`one_round` with no DevTools client: each page reports its own figures."""
    path, _ = PAGES[name]
    reports: Reports = server.on_post
    while not reports.inbox.empty():  # nothing left over from an earlier round
        reports.inbox.get_nowait()
    errors: list[str] = []
    with tempfile.TemporaryDirectory(prefix="cardems-profile-") as folder:
        reports.replies = ["reload-when-kept" if name == "cardems" else "reload", "stay"]
        start = server.sent
        with direct_browser(exe, folder, server.base + path):
            cold = reports.expect("ready", "navigate")
            reports.expect("kept")
            visit = server.sent - start
            reload = reports.expect("ready", "reload")
        reports.replies = ["stay"]
        with direct_browser(exe, folder, server.base + path):
            warm = reports.expect("ready", "navigate")
    if name == "cardems" and not warm["controlled"]:
        raise RuntimeError("the later visit was not served by the service worker")
    for report in (cold, reload, warm):
        errors += report["errors"]
    if errors:
        print(f"  [{name}] page errors: {errors[:3]}", file=sys.stderr)
    return {
        "cold": cold["figures"],
        "warm": warm["figures"],
        "reload": reload["figures"],
        "visit_bytes": visit,
    }


def bootstrap(values: list[float], draws: int = 2000, seed: int = 1) -> tuple[float, float]:
    """A 95% interval of the median of ``values`` (percentile bootstrap, seeded)."""
    rng = random.Random(seed)
    medians = sorted(median(rng.choices(values, k=len(values))) for _ in range(draws))
    return medians[int(0.025 * draws)], medians[int(0.975 * draws) - 1]


@contextlib.contextmanager
def driven(driver: str, throttle: float = 1, pages: bool = True):
    """The server and a function playing one round of one page, for ``driver``; ``pages``:
    the server compresses as GitHub Pages does (``_common.PAGES_GZIP``)."""
    if driver == "direct":
        if throttle > 1:
            raise SystemExit("bench: --throttle needs DevTools: use it with --driver playwright")
        exe = chromium_executable()
        with serve_site(add_reporter, pages) as server:
            server.on_post = Reports()
            yield lambda name: one_round_direct(exe, server, name)
    else:
        with serve_site(pages=pages) as server, playwright_chromium() as (p, exe):
            yield lambda name: one_round(p, exe, server, name, throttle)


def _ratios(rows: dict[str, list[dict]], name: str, over: str, kind: str) -> list[float]:
    return [x[kind]["ready"] / y[kind]["ready"] for x, y in zip(rows[name], rows[over])]


def run(
    rounds: int = 10,
    warmup: int = 1,
    quiet: bool = False,
    driver: str = "direct",
    pages: tuple[str, ...] = tuple(PAGES),
    throttle: float = 1,
    gzip: bool = True,
) -> dict:
    ensure_runtime()
    rows: dict[str, list[dict]] = {n: [] for n in pages}
    t0 = time.perf_counter()
    with driven(driver, throttle, gzip) as play:
        for i in range(warmup + rounds):
            order = list(pages) if i % 2 == 0 else list(reversed(pages))
            line = []
            for name in order:
                r = play(name)
                line.append(
                    f"{name} cold {r['cold']['ready']:6.0f} warm {r['warm']['ready']:6.0f} "
                    f"reload {r['reload']['ready']:6.0f}"
                )
                if i >= warmup:
                    rows[name].append(r)
            if not quiet:
                tag = "warmup" if i < warmup else f"round {i - warmup + 1}"
                print(f"  {tag:>8}: " + " | ".join(line), flush=True)
    anchor = ANCHOR if ANCHOR in pages else "bare"
    pairs = [(n, anchor) for n in pages if n != anchor and anchor in pages]
    if "cardems" in pages and "bare" in pages and anchor != "bare":
        pairs.append(("cardems", "bare"))

    def paired(fn):
        return {f"{a}/{b}": {k: fn(_ratios(rows, a, b, k)) for k in KINDS} for a, b in pairs}

    def figure(name: str, key: str, kind: str):
        values = [x[kind][key] for x in rows[name] if x[kind][key] is not None]
        return median(values) if values else None

    def timeline(name: str, kind: str) -> list[tuple[str, float, float]]:
        """The start's spans and marks (``cardems:*``) and PyScript's steps, median start and
        end over the rounds, in order of start."""
        found: dict[str, list[tuple[float, float]]] = {}
        for r in rows[name]:
            for label, start, end in r[kind].get("spans", []):
                found.setdefault(label, []).append((start, end))
            for label, at in r[kind].get("steps", []):
                found.setdefault(f"step: {label}", []).append((at, at))
        spans = [(k, median([a for a, _ in v]), median([b for _, b in v])) for k, v in found.items()]
        return sorted(spans, key=lambda x: x[1])

    return {
        "timeline": {n: {k: timeline(n, k) for k in ("cold", "warm")} for n in pages},
        "driver": driver,
        "throttle": throttle,
        "gzip": gzip,
        "rounds": rounds,
        "pages": pages,
        "loadavg": _loadavg(),
        "seconds": time.perf_counter() - t0,
        "ratio": paired(median),
        "ratio_ci": paired(bootstrap),
        "ratio_range": paired(lambda v: (min(v), max(v))),
        "median_ms": {n: {k: median([r[k]["ready"] for r in rows[n]]) for k in KINDS} for n in pages},
        "bytes": {n: median([r["cold"]["bytes"] for r in rows[n]]) for n in pages},
        "bytes_ratio": {
            f"{a}/{b}": median([x["cold"]["bytes"] / y["cold"]["bytes"] for x, y in zip(rows[a], rows[b])])
            for a, b in pairs
        },
        "visit_bytes": {n: median([r["visit_bytes"] for r in rows[n]]) for n in pages},
        "files": {n: rows[n][-1]["cold"].get("files", []) for n in pages},
        "paint_ms": {n: {k: figure(n, "fcp", k) for k in KINDS} for n in pages},
        "app_ms": {n: {k: figure(n, "app", k) for k in KINDS} for n in pages},
        "start_ms": {n: {k: figure(n, "start", k) for k in KINDS} for n in pages},
    }


def report(s: dict) -> str:
    m, r, rr, ci = s["median_ms"], s["ratio"], s["ratio_range"], s["ratio_ci"]
    how = "Playwright" if s["driver"] == "playwright" else "no DevTools client"
    if s["throttle"] > 1:
        how += f", CPU throttled {s['throttle']:g}x"
    how += ", gzipped as GitHub Pages does" if s["gzip"] else ", nothing compressed"
    lines = [
        f"boot (assembled site, {how}; {s['rounds']} interleaved rounds, medians; "
        f"load avg at end {s['loadavg']}; {s['seconds']:.0f} s)"
    ]
    for kind in KINDS:
        label = {"cold": "first visit", "warm": "repeat visit", "reload": "reload (for comparison)"}[kind]
        lines.append(f"  {label}: " + "  ".join(f"{n} {m[n][kind]:6.0f} ms" for n in s["pages"]))
        for pair in r:
            lines.append(
                f"      {pair:>13} {r[pair][kind]:.3f} (95% interval {ci[pair][kind][0]:.3f}-"
                f"{ci[pair][kind][1]:.3f}; rounds {rr[pair][kind][0]:.2f}-{rr[pair][kind][1]:.2f})"
            )
    lines.append(
        "  bytes to ready, first visit: "
        + ", ".join(f"{n} {s['bytes'][n] / 1e6:.2f} MB" for n in s["pages"])
        + "; ratios "
        + ", ".join(f"{p} {v:.3f}" for p, v in s["bytes_ratio"].items())
    )
    lines.append(
        "  bytes of the whole first visit (Cardems: until the worker has kept the site): "
        + ", ".join(f"{n} {s['visit_bytes'][n] / 1e6:.2f} MB" for n in s["pages"])
    )

    def each(key: str) -> str:
        return "; ".join(
            f"{n} "
            + " / ".join("-" if s[key][n][k] is None else f"{s[key][n][k]:.0f}" for k in ("cold", "warm"))
            for n in s["pages"]
        )

    for n in s["pages"]:
        files = sorted(s["files"][n], key=lambda f: -f[1])
        lines.append(
            f"  {n}'s first visit to ready, {len(files)} files, the largest (bytes on the wire, last round): "
            + ", ".join(f"{name.rsplit('/', 1)[-1] or name} {size / 1e3:.0f} kB" for name, size in files[:8])
        )
    lines.append(f"  first paint, ms (first / repeat visit): {each('paint_ms')}")
    lines.append(f"  PyScript starts the interpreter ('Loading Pyodide') at, ms: {each('start_ms')}")
    lines.append(f"  interpreter up ('Loaded interpreter') to ready, ms: {each('app_ms')}")
    if s.get("show_timeline"):
        for n in s["pages"]:
            for kind in ("cold", "warm"):
                lines.append(f"  {n}'s {kind} start, median ms (start-end) of each span, mark and step:")
                lines += [
                    f"      {a:7.0f}" + (f"-{b:<7.0f}" if b > a else " " * 8) + f" {label}"
                    for label, a, b in s["timeline"][n][kind]
                ]
    return "\n".join(lines)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--rounds", type=int, default=10, help="measured rounds per page (default 10)")
    parser.add_argument("--warmup", type=int, default=1, help="unmeasured rounds first (default 1)")
    parser.add_argument(
        "--driver",
        choices=DRIVERS,
        default="direct",
        help="direct (default): Chromium with no DevTools client, each page reporting its "
        "own figures; playwright: driven by Playwright, as runs 1-29 were",
    )
    parser.add_argument(
        "--pages",
        default=",".join(PAGES),
        help=f"the pages, comma-separated (default {','.join(PAGES)}); ratios are over {ANCHOR}",
    )
    parser.add_argument(
        "--throttle",
        type=float,
        default=1,
        help="slow the CPU this many times (DevTools' throttling, so --driver playwright only)",
    )
    parser.add_argument(
        "--no-gzip",
        action="store_true",
        help="send every file as it is (by default the server gzips by type as GitHub Pages does)",
    )
    parser.add_argument(
        "--timeline",
        action="store_true",
        help="also print each page's start as its spans, marks and PyScript's steps (medians)",
    )
    parser.add_argument(
        "--json", type=Path, help="also write the figures (every file of the last round) here"
    )
    args = parser.parse_args(argv)
    pages = tuple(p for p in args.pages.split(",") if p)
    if not pages or any(p not in PAGES for p in pages):
        parser.error(f"--pages: choose among {', '.join(PAGES)}")
    figures = run(
        max(1, args.rounds),
        max(0, args.warmup),
        driver=args.driver,
        pages=pages,
        throttle=args.throttle,
        gzip=not args.no_gzip,
    )
    figures["show_timeline"] = args.timeline
    if args.json:
        args.json.write_text(json.dumps(figures, indent=1), encoding="utf-8")
    print(report(figures))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
