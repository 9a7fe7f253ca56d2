// The standard library as bytecode: Pyodide's python_stdlib.zip with each .py
// replaced by its .pyc, compiled by that same Pyodide's Python under Node.
//
//   node scripts/compile_stdlib.mjs <folder of pyodide.mjs> <source zip> <out zip>
//
// Pyodide mounts the zip at /lib/python3XY.zip and imports from it with
// zipimport, which takes a module's .pyc when there is one. Shipped as source,
// every start compiled the ~200 modules Python and Pyodide import while
// starting (about 1.9 s of a 2.5 s start under Node, issue 26). Each .pyc is
// "unchecked-hash" (PEP 552) and its code names the module's path in the
// mounted zip, so a traceback through the library gives file and line as
// before; with no .py beside it, no source line is printed under the frame.
// Every other file of the zip (data, the site-packages marker) is kept as is.
import { readFileSync, writeFileSync } from "node:fs";
import { resolve } from "node:path";
import { pathToFileURL } from "node:url";

const [folderArg, source, out] = process.argv.slice(2);
if (!source || !out) throw new Error("usage: compile_stdlib.mjs <pyodide folder> <source zip> <out zip>");
const folder = resolve(folderArg);
const { loadPyodide } = await import(pathToFileURL(`${folder}/pyodide.mjs`).href);
// Started from the source zip: the compiler needs no bytecode of its own.
const py = await loadPyodide({
  indexURL: `${folder}/`, stdLibURL: resolve(source),
  stdout: () => {}, stderr: (s) => process.stderr.write(s + "\n"),
});
py.FS.writeFile("/tmp/stdlib-src.zip", readFileSync(source));
const summary = py.runPython(`
import importlib.util, sys, zipfile
from importlib._bootstrap_external import _code_to_hash_pyc

def _compile() -> str:
    mount = f"/lib/python{sys.version_info[0]}{sys.version_info[1]}.zip"
    count = 0
    with zipfile.ZipFile("/tmp/stdlib-src.zip") as src, \\
         zipfile.ZipFile("/tmp/stdlib-pyc.zip", "w", zipfile.ZIP_DEFLATED, compresslevel=9) as dst:
        for info in src.infolist():
            body = src.read(info)
            if info.filename.endswith(".py"):
                code = compile(body, f"{mount}/{info.filename}", "exec", dont_inherit=True)
                body = _code_to_hash_pyc(
                    code, importlib.util.source_hash(body), checked=False)
                name, count = info.filename + "c", count + 1
            else:
                name = info.filename
            entry = zipfile.ZipInfo(name, date_time=info.date_time)
            entry.external_attr = info.external_attr
            entry.compress_type = zipfile.ZIP_DEFLATED if body else zipfile.ZIP_STORED
            dst.writestr(entry, body)
    return f"{count} modules compiled for {sys.implementation.cache_tag}"

_compile()
`);
writeFileSync(out, py.FS.readFile("/tmp/stdlib-pyc.zip"));
console.log(`compile_stdlib: ${summary}`);
