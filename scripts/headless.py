"""Which Chromium the tests and benchmarks drive, and with which switches.

Debian's ``chromium`` by default. ``CARDEMS_CHROMIUM`` names another executable, or
``playwright`` for Playwright's own downloaded browser.
"""

from __future__ import annotations

import os
import shutil


def _small_dev_shm() -> bool:
    try:
        return shutil.disk_usage("/dev/shm").total < 1 << 30
    except OSError:
        return False


ARGS = [
    "--no-sandbox",
    "--disable-gpu",
    "--no-first-run",
    # This machine's network is closed: no calls home, no component downloads.
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
]
if _small_dev_shm():
    # Shared memory in /tmp where /dev/shm is small, as containers often keep it (64 MB).
    # Debian's launcher means to do the same, but its check breaks where findmnt lists
    # /dev/shm twice, as it does here.
    ARGS.append("--disable-dev-shm-usage")


class NoChromium(LookupError):
    """Neither $CARDEMS_CHROMIUM nor a chromium on the PATH."""


def chromium_path() -> str | None:
    """The executable to launch, or None for Playwright's own browser."""
    wanted = os.environ.get("CARDEMS_CHROMIUM")
    if wanted == "playwright":
        return None
    path = wanted or shutil.which("chromium") or shutil.which("chromium-browser")
    if path is None:
        raise NoChromium(
            "no Chromium: install Debian's `chromium`, or set CARDEMS_CHROMIUM "
            "(a path, or `playwright` for Playwright's own browser)"
        )
    return path
