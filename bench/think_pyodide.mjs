#!/usr/bin/env node
// bench/think.py inside real Pyodide (WebAssembly CPython) under Node, as the
// browser runs the engine: the Hard opponents' think time per decision and slice.
//
// Usage: node bench/think_pyodide.mjs [think.py args...]   (e.g. --deals 6 --game pisti)
// Needs node_modules/pyodide (npm ci); loads it as tests/pyodide/run_pytest.mjs does.

import { createRequire } from "node:module";
import path from "node:path";
import { fileURLToPath } from "node:url";

const HERE = path.dirname(fileURLToPath(import.meta.url));
const REPO = path.resolve(HERE, "..");

const require = createRequire(path.join(REPO, "package.json"));
const pyodidePkg = path.dirname(require.resolve("pyodide/package.json"));
const { loadPyodide } = await import(path.join(pyodidePkg, "pyodide.mjs"));
// CARDEMS_STDLIB=static/vendor/pyodide/python_stdlib.zip: the site's bytecode library instead of
// the published source one (bench/RESULTS.md, 2026-12-02: think time with each, side by side).
const stdlib = process.env.CARDEMS_STDLIB ? { stdLibURL: path.resolve(process.env.CARDEMS_STDLIB) } : {};
const pyodide = await loadPyodide({ indexURL: pyodidePkg + path.sep, env: { PYTHONDONTWRITEBYTECODE: "1" }, ...stdlib });
const dec = new TextDecoder();
pyodide.setStdout({ write: (buf) => { process.stdout.write(dec.decode(buf)); return buf.length; } });
pyodide.setStderr({ write: (buf) => { process.stderr.write(dec.decode(buf)); return buf.length; } });
pyodide.FS.mkdirTree("/repo");
pyodide.FS.mount(pyodide.FS.filesystems.NODEFS, { root: REPO }, "/repo");
pyodide.globals.set("ARGS", pyodide.toPy(process.argv.slice(2)));
await pyodide.runPythonAsync(`
import sys
sys.dont_write_bytecode = True
sys.path.insert(0, "/repo")
sys.path.insert(0, "/repo/bench")
import think
think.main(list(ARGS))
`);
