"""Assemble the site folder: every file the page needs, the generated ones
written out, nothing else. Any static host can serve it, at its root or under
a sub-path (GitHub Pages' ``/<repo>/``); the Pages workflow publishes it.

    python scripts/build_site.py [--out _site]
"""

from __future__ import annotations

import argparse
import shutil
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
import sitefiles
from vendor_runtime import ROOT, ensure_runtime


def build(out: Path, root: Path = ROOT) -> str:
    """Write the site of ``root`` into ``out`` (emptied first); returns the build id."""
    out = out.resolve()
    if out == root.resolve() or root.resolve().is_relative_to(out):
        raise SystemExit(f"build_site: refusing to replace {out}")
    generated = sitefiles.generate(root)
    if out.exists():
        shutil.rmtree(out)
    for rel in [*sitefiles.site_files(root), *sitefiles.DEPLOYED]:
        if rel in generated:
            continue
        target = out / rel
        target.parent.mkdir(parents=True, exist_ok=True)
        shutil.copyfile(root / rel, target)  # follows the vendor symlink: real files
    for rel, body in generated.items():
        (out / rel).parent.mkdir(parents=True, exist_ok=True)
        (out / rel).write_bytes(body)
    return sitefiles.build_id(generated)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--out", type=Path, default=ROOT / "_site", help="the site folder (default _site)")
    args = parser.parse_args(argv)
    ensure_runtime()
    build_id = build(args.out)
    files = sum(1 for p in args.out.rglob("*") if p.is_file())
    size = sum(p.stat().st_size for p in args.out.rglob("*") if p.is_file())
    print(f"site {build_id}: {files} files, {size / 1e6:.1f} MB in {args.out}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
