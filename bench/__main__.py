"""``python -m bench``: the same as ``python bench/run_all.py``."""

import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
from run_all import main

raise SystemExit(main())
