// Compile Python sources to bytecode with the vendored Pyodide's own Python,
// for the first screen's bundle (scripts/sitefiles.py). The page's Python is
// not the build machine's: only its compiler makes .pyc files it will load.
//
//   node scripts/compile_pyc.mjs <folder of pyodide.mjs>  < {"path": "source", ...}
//   -> {"tag": "cpython-314", "pyc": {"path": "<base64 of the .pyc>", ...}}
//
// Each .pyc is "unchecked-hash" (PEP 552): the page imports it without
// comparing it with its source, which the bundle ships alongside.
import { resolve } from "node:path";
import { pathToFileURL } from "node:url";

// stdin read as a stream from the start: readFileSync(0) fails with EAGAIN on a pipe
// still being written (an input over the pipe's 64 KB buffer)
const input = (async () => {
  const chunks = [];
  for await (const chunk of process.stdin) chunks.push(chunk);
  return Buffer.concat(chunks).toString("utf8");
})();
const folder = resolve(process.argv[2] || "static/vendor/pyodide");
const { loadPyodide } = await import(pathToFileURL(`${folder}/pyodide.mjs`).href);
const py = await loadPyodide({ indexURL: `${folder}/`, stdout: () => {}, stderr: (s) => process.stderr.write(s + "\n") });
py.globals.set("SOURCES", await input);
const out = py.runPython(`
import base64, json, os, py_compile, sys

def _compile(path, source):
    src, pyc = "/tmp/cardems_src.py", "/tmp/cardems_src.pyc"
    with open(src, "w", encoding="utf-8") as f:
        f.write(source)
    py_compile.compile(src, pyc, dfile=path, doraise=True,
                       invalidation_mode=py_compile.PycInvalidationMode.UNCHECKED_HASH)
    with open(pyc, "rb") as f:
        return base64.b64encode(f.read()).decode()

json.dumps({"tag": sys.implementation.cache_tag,
            "pyc": {path: _compile(path, source) for path, source in json.loads(SOURCES).items()}})
`);
process.stdout.write(out);
