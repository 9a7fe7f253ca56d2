#!/usr/bin/env node
// Run the test suite inside real Pyodide (WebAssembly CPython) under Node.
//
// Usage: node tests/pyodide/run_pytest.mjs [--repo DIR] [pytest args...]
//   default pytest args: tests/engine tests/web -q -p no:cacheprovider
//   repo dir: --repo DIR, else $CARDEMS_REPO, else the repo containing this script.
//
// Wheels pinned in tests/pyodide/wheels.txt are read from <repo-of-script>/.cache/pyodide-wheels/
// (or $CARDEMS_WHEEL_DIR); if any is missing, tests/pyodide/fetch_wheels.py is run to get it.
// Nothing is written into the repo: no pytest cache, no bytecode, no .hypothesis database.
// Exit code: pytest's exit code (or 3 if the harness itself failed).

import { readFileSync, existsSync, readdirSync } from "node:fs";
import { spawnSync } from "node:child_process";
import { createRequire } from "node:module";
import path from "node:path";
import { fileURLToPath } from "node:url";

const HERE = path.dirname(fileURLToPath(import.meta.url));
const SCRIPT_REPO = path.resolve(HERE, "..", "..");
const WHEELS_TXT = path.join(HERE, "wheels.txt");
const WHEEL_DIR = path.resolve(process.env.CARDEMS_WHEEL_DIR || path.join(SCRIPT_REPO, ".cache", "pyodide-wheels"));
const DEFAULT_ARGS = ["tests/engine", "tests/web", "-q", "-p", "no:cacheprovider"];

function parseArgs(argv) {
  let repo = process.env.CARDEMS_REPO || SCRIPT_REPO;
  const rest = [];
  for (let i = 0; i < argv.length; i++) {
    if (argv[i] === "--repo") {
      if (i + 1 >= argv.length) throw new Error("--repo needs a directory");
      repo = argv[++i];
    } else if (argv[i].startsWith("--repo=")) {
      repo = argv[i].slice("--repo=".length);
    } else {
      rest.push(argv[i]);
    }
  }
  let pytestArgs = rest.length ? rest : [...DEFAULT_ARGS];
  const hasNoCache = pytestArgs.some((a, i) =>
    a === "-pno:cacheprovider" || (a === "-p" && pytestArgs[i + 1] === "no:cacheprovider"));
  if (!hasNoCache) pytestArgs = [...pytestArgs, "-p", "no:cacheprovider"];
  return { repo: path.resolve(repo), pytestArgs };
}

function readPins() {
  return readFileSync(WHEELS_TXT, "utf8").split("\n")
    .map((l) => l.split("#")[0].trim()).filter(Boolean)
    .map((l) => {
      const [name, version] = l.split("==").map((s) => s.trim());
      if (!version) throw new Error(`${WHEELS_TXT}: expected name==version, got ${l}`);
      return { name, version };
    });
}

const norm = (n) => n.replace(/[-_.]+/g, "_").toLowerCase();

function findWheels(pins) {
  const files = existsSync(WHEEL_DIR) ? readdirSync(WHEEL_DIR) : [];
  const found = [], missing = [];
  for (const { name, version } of pins) {
    const prefix = `${norm(name)}-${version}-`;
    const f = files.find((x) => x.toLowerCase().startsWith(prefix) && x.endsWith("none-any.whl"));
    if (f) found.push(path.join(WHEEL_DIR, f)); else missing.push(`${name}==${version}`);
  }
  return { found, missing };
}

function ensureWheels() {
  const pins = readPins();
  let { found, missing } = findWheels(pins);
  if (missing.length && !process.env.CARDEMS_WHEEL_DIR) {
    console.error(`[pyodide] fetching missing wheels: ${missing.join(" ")}`);
    const py = process.env.PYTHON || "python3";
    const r = spawnSync(py, [path.join(HERE, "fetch_wheels.py")], { stdio: ["ignore", "ignore", "inherit"] });
    if (r.status !== 0) throw new Error(`fetch_wheels.py failed (status ${r.status}); run: ${py} tests/pyodide/fetch_wheels.py`);
    ({ found, missing } = findWheels(pins));
  }
  if (missing.length) throw new Error(`missing wheels in ${WHEEL_DIR}: ${missing.join(" ")}`);
  return found;
}

// Environment for Python: only variables meant for the tests are passed through.
function pythonEnv() {
  const env = { PYTHONDONTWRITEBYTECODE: "1", HOME: "/home/pyodide" };
  for (const [k, v] of Object.entries(process.env)) {
    if (/^(CARDEMS_|HYPOTHESIS_|PYTEST_|PYTHONHASHSEED$|CI$)/.test(k)) env[k] = v;
  }
  return env;
}

async function main() {
  const { repo, pytestArgs } = parseArgs(process.argv.slice(2));
  if (!existsSync(repo)) throw new Error(`repo dir not found: ${repo}`);
  const wheels = ensureWheels();

  // Resolve pyodide from the repo's node_modules (where this script lives).
  const require = createRequire(path.join(SCRIPT_REPO, "package.json"));
  let pyodidePkg;
  try {
    pyodidePkg = path.dirname(require.resolve("pyodide/package.json"));
  } catch {
    throw new Error(`pyodide npm package not found under ${SCRIPT_REPO}/node_modules; run: npm ci`);
  }
  const { loadPyodide } = await import(path.join(pyodidePkg, "pyodide.mjs"));

  const t0 = Date.now();
  const pyodide = await loadPyodide({
    indexURL: pyodidePkg + path.sep,
    env: pythonEnv(),
  });
  // Raw, unbuffered passthrough of Python's stdout/stderr.
  const dec = new TextDecoder();
  pyodide.setStdout({ write: (buf) => { process.stdout.write(dec.decode(buf)); return buf.length; } });
  pyodide.setStderr({ write: (buf) => { process.stderr.write(dec.decode(buf)); return buf.length; } });

  // unpackArchive defaults to the cwd; wheels must land in site-packages.
  const sitePackages = pyodide.runPython("import sysconfig; sysconfig.get_paths()['purelib']");
  for (const whl of wheels) {
    pyodide.unpackArchive(new Uint8Array(readFileSync(whl)), "wheel", { extractDir: sitePackages });
  }

  pyodide.FS.mkdirTree("/repo");
  pyodide.FS.mount(pyodide.FS.filesystems.NODEFS, { root: repo }, "/repo");
  console.error(`[pyodide] Python ${pyodide.version} loaded in ${Date.now() - t0} ms; repo=${repo}`);

  pyodide.globals.set("PYTEST_ARGS", pyodide.toPy(pytestArgs));
  const code = await pyodide.runPythonAsync(`
import os, sys, importlib
sys.dont_write_bytecode = True
importlib.invalidate_caches()
os.chdir("/repo")
if "/repo" not in sys.path:
    sys.path.insert(0, "/repo")

import pytest

class _PyodideSetup:
    """Runs before conftest.py files are imported (and after pytest has marked
    plugins for assertion rewriting, so importing hypothesis here is warning-free).
    Keeps Hypothesis' example database out of the repo: home dir on the in-memory
    FS and a default profile without a database. Deadlines are off because
    WebAssembly is several times slower than native CPython. Profiles that the
    suite registers later inherit these unless they set them explicitly."""

    @pytest.hookimpl(tryfirst=True)
    def pytest_load_initial_conftests(self, early_config, parser, args):
        from hypothesis import settings
        from hypothesis.configuration import set_hypothesis_home_dir
        set_hypothesis_home_dir("/tmp/.hypothesis")
        settings.register_profile("pyodide", database=None, deadline=None)
        settings.load_profile("pyodide")

int(pytest.main(list(PYTEST_ARGS), plugins=[_PyodideSetup()]))
`);
  return code;
}

main().then(
  (code) => { process.exitCode = code; },
  (err) => { console.error(`[pyodide] harness error: ${err && err.stack || err}`); process.exitCode = 3; },
);
