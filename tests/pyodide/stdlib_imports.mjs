#!/usr/bin/env node
// Import modules inside the page's Pyodide (static/vendor/pyodide: the bytecode standard
// library the site ships), and report how each was found.
//
//   node tests/pyodide/stdlib_imports.mjs <vendored pyodide folder> < ["json", "asyncio", ...]
//   -> {"failed": {name: error}, "sources": [zip entries ending in .py], "origins": {name: [file, loader class]},
//       "traceback": "..."}
import { readFileSync } from "node:fs";
import { resolve } from "node:path";
import { pathToFileURL } from "node:url";

const folder = resolve(process.argv[2]);
const { loadPyodide } = await import(pathToFileURL(`${folder}/pyodide.mjs`).href);
const py = await loadPyodide({ indexURL: `${folder}/`, stdout: () => {}, stderr: () => {} });
py.globals.set("NAMES", readFileSync(0, "utf8"));
process.stdout.write(py.runPython(`
import importlib, json, sys, traceback, zipfile

def _check() -> str:
    mount = f"/lib/python{sys.version_info[0]}{sys.version_info[1]}.zip"
    failed, origins = {}, {}
    for name in json.loads(NAMES):
        try:
            importlib.import_module(name)
        except BaseException as e:  # what a player's page would meet
            failed[name] = f"{type(e).__name__}: {e}"
    for name, module in sorted(sys.modules.items()):
        spec = getattr(module, "__spec__", None)
        loader = type(spec.loader).__name__ if spec and spec.loader else None
        origins[name] = [getattr(module, "__file__", None), loader]
    with zipfile.ZipFile(mount) as z:
        sources = [n for n in z.namelist() if n.endswith(".py")]
    try:
        json.loads("{")
    except ValueError:
        report = traceback.format_exc()
    return json.dumps({"failed": failed, "sources": sources, "origins": origins, "traceback": report,
                       "builtins": sorted(sys.builtin_module_names),
                       "mount": mount})

_check()
`));
