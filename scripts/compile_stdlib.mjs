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
//
// Docstrings are left out of the bytecode (as python -OO does, which the library
// supports; asserts stay): 0.4 MB less to download. So are the column ranges of
// each instruction (compiled as with PYTHONNODEBUGRANGES: the line table keeps
// every line number, a traceback names the same file, line and function): they
// serve only to draw carets under a source line, and the zip has no sources.
// 0.8 MB less (3.52 -> 2.70 MB, issue 26). And the top-level modules and
// packages of TRIMMED are not shipped: no import statement anywhere in what the
// site, PyScript, Pyodide or the interpreter itself imports names them, at any
// depth (tests/test_pyodide_stdlib.py works that out inside Pyodide, from the source
// zip, and fails when one of them becomes reachable: take it out of this list then).
const TRIMMED = [
  "__hello__", "__phello__", "_markupbase", "_pyio", "antigravity", "cProfile", "colorsys", "compileall",
  "configparser", "filecmp", "fileinput", "getpass", "graphlib", "imaplib", "mailbox", "modulefinder",
  "nturl2path", "optparse", "pickletools", "poplib", "profile", "pstats", "pty", "pyclbr", "sched", "shelve",
  "smtplib", "sqlite3", "sre_compile", "sre_constants", "sre_parse", "symtable", "tabnanny", "this", "timeit",
  "tomllib", "trace", "uuid", "wave", "wsgiref", "zipapp", "zoneinfo",
];
import { readFileSync, writeFileSync } from "node:fs";
import { resolve } from "node:path";
import { pathToFileURL } from "node:url";

const [folderArg, source, out] = process.argv.slice(2);
if (!source || !out) throw new Error("usage: compile_stdlib.mjs <pyodide folder> <source zip> <out zip>");
const folder = resolve(folderArg);
const { loadPyodide } = await import(pathToFileURL(`${folder}/pyodide.mjs`).href);
// Started from the source zip: the compiler needs no bytecode of its own.
const py = await loadPyodide({
  indexURL: `${folder}/`, stdLibURL: resolve(source), env: { PYTHONNODEBUGRANGES: "1" },
  stdout: () => {}, stderr: (s) => process.stderr.write(s + "\n"),
});
py.FS.writeFile("/tmp/stdlib-src.zip", readFileSync(source));
py.globals.set("TRIMMED", JSON.stringify(TRIMMED));
const summary = py.runPython(`
import ast, importlib.util, json, sys, zipfile
from importlib._bootstrap_external import _code_to_hash_pyc

def _without_docstrings(tree: ast.Module) -> ast.Module:
    for node in ast.walk(tree):
        if isinstance(node, (ast.Module, ast.ClassDef, ast.FunctionDef, ast.AsyncFunctionDef)) and node.body:
            first = node.body[0]
            if isinstance(first, ast.Expr) and isinstance(first.value, ast.Constant) \
                    and isinstance(first.value.value, str):
                node.body[0:1] = [] if len(node.body) > 1 else [ast.copy_location(ast.Pass(), first)]
    return tree

def _compile() -> str:
    if any(col is not None for *_, col in compile("x = (1 +\\n 2)", "-", "exec").co_positions()):
        raise RuntimeError("compile_stdlib: the compiler still writes column ranges (PYTHONNODEBUGRANGES ignored)")
    trimmed = set(json.loads(TRIMMED))
    mount = f"/lib/python{sys.version_info[0]}{sys.version_info[1]}.zip"
    count = 0
    with zipfile.ZipFile("/tmp/stdlib-src.zip") as src, \\
         zipfile.ZipFile("/tmp/stdlib-pyc.zip", "w", zipfile.ZIP_DEFLATED, compresslevel=9) as dst:
        for info in src.infolist():
            if info.filename.split("/")[0].removesuffix(".py") in trimmed:
                continue
            body = src.read(info)
            if info.filename.endswith(".py"):
                path = f"{mount}/{info.filename}"
                code = compile(_without_docstrings(ast.parse(body, path)), path, "exec", dont_inherit=True)
                body = _code_to_hash_pyc(
                    code, importlib.util.source_hash(body), checked=False)
                name, count = info.filename + "c", count + 1
            else:
                name = info.filename
            entry = zipfile.ZipInfo(name, date_time=info.date_time)
            entry.external_attr = info.external_attr
            entry.compress_type = zipfile.ZIP_DEFLATED if body else zipfile.ZIP_STORED
            dst.writestr(entry, body)
    return f"{count} modules compiled for {sys.implementation.cache_tag}, {len(trimmed)} names trimmed"

_compile()
`);
writeFileSync(out, py.FS.readFile("/tmp/stdlib-pyc.zip"));
console.log(`compile_stdlib: ${summary}`);
