"""Make sure static/vendor/ holds the runtime and browser libraries pinned in package-lock.json."""

from __future__ import annotations

import hashlib
import json
import shutil
import subprocess
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
VENDOR = ROOT / "static" / "vendor"
STAMP = VENDOR / ".lock-sha256"


def _lock_hash() -> str:
    """Changes when the pinned runtime or the way it is copied changes."""
    digest = hashlib.sha256((ROOT / "package-lock.json").read_bytes())
    for script in ("vendor.mjs", "compile_stdlib.mjs"):
        digest.update((ROOT / "scripts" / script).read_bytes())
    return digest.hexdigest()


def ensure_runtime() -> None:
    """Run ``npm ci`` and ``npm run vendor`` unless the vendored copy matches the lock file."""
    if STAMP.is_file() and STAMP.read_text().strip() == _lock_hash():
        return
    npm = shutil.which("npm")
    if npm is None:
        raise SystemExit(
            "cardems: npm is needed to fetch the PyScript and Pyodide runtime (install Node.js 20+)"
        )
    pinned = json.loads((ROOT / "package.json").read_text(encoding="utf-8"))
    wanted = {**pinned.get("dependencies", {}), **pinned.get("devDependencies", {})}
    if any(not (ROOT / "node_modules" / name / "package.json").is_file() for name in wanted):
        subprocess.run([npm, "ci", "--no-audit", "--no-fund"], cwd=ROOT, check=True)
    subprocess.run([npm, "run", "--silent", "vendor"], cwd=ROOT, check=True)
    STAMP.write_text(_lock_hash())


if __name__ == "__main__":
    ensure_runtime()
