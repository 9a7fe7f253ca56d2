#!/usr/bin/env node
// Import modules inside the page's Pyodide (static/vendor/pyodide: the bytecode standard
// library the site ships), and report how each was found; and work out, from Pyodide's
// source library, every library module those names and a start can reach at any depth.
//
//   node tests/pyodide/stdlib_imports.mjs <vendored pyodide folder> <source zip> < {"names": [...], "roots": [...]}
//   -> {"failed": {name: error}, "absent": {name: the missing module}, "sources": [zip entries ending in .py],
//       "origins": {name: [file, loader class]}, "reachable": [...], "untrimmed": [...], "traceback": "...",
//       "doc": json's docstring}
// "reachable": the library modules that `names`, `roots`, the modules a start imports, and
// every import statement of each of those (functions too, relative ones resolved) lead to;
// each is imported as well (but `__main__` modules, which run a program).
import { readFileSync } from "node:fs";
import { resolve } from "node:path";
import { pathToFileURL } from "node:url";

// stdin read as a stream from the start: readFileSync(0) fails with EAGAIN on a pipe
// still being written (an input over the pipe's 64 KB buffer)
const input = (async () => {
  const chunks = [];
  for await (const chunk of process.stdin) chunks.push(chunk);
  return Buffer.concat(chunks).toString("utf8");
})();
const folder = resolve(process.argv[2]);
const { loadPyodide } = await import(pathToFileURL(`${folder}/pyodide.mjs`).href);
const py = await loadPyodide({ indexURL: `${folder}/`, stdout: () => {}, stderr: () => {} });
py.FS.writeFile("/tmp/stdlib-source.zip", readFileSync(resolve(process.argv[3])));
py.globals.set("INPUT", await input);
process.stdout.write(py.runPython(`
import ast, importlib, json, sys, traceback, zipfile

def _modules(z: zipfile.ZipFile) -> dict[str, str]:
    found = {}
    for n in z.namelist():
        if n.endswith((".py", ".pyc")):
            name = n.rsplit(".", 1)[0].replace("/", ".").removesuffix(".__init__")
            found[name] = n
    return found

def _imports(source: bytes, name: str, package: bool) -> set[str]:
    here = name if package else name.rpartition(".")[0]
    out = set()
    for node in ast.walk(ast.parse(source)):
        if isinstance(node, ast.Import):
            out.update(a.name for a in node.names)
        elif isinstance(node, ast.ImportFrom):
            if node.level:
                base = here.split(".")[:len(here.split(".")) - node.level + 1]
                module = ".".join(base + ([node.module] if node.module else []))
            else:
                module = node.module
            out.add(module)
            out.update(f"{module}.{a.name}" for a in node.names)
    return out

def _reach(roots: set[str], source: zipfile.ZipFile, files: dict[str, str]) -> set[str]:
    seen, todo = set(), [".".join(r.split(".")[:i + 1]) for r in roots for i in range(r.count(".") + 1)]
    while todo:
        name = todo.pop()
        if name in seen or name not in files:
            continue
        seen.add(name)
        for found in _imports(source.read(files[name]), name, files[name].endswith("__init__.py")):
            todo.extend(".".join(found.split(".")[:i + 1]) for i in range(found.count(".") + 1))
    return seen

def _check() -> str:
    mount = f"/lib/python{sys.version_info[0]}{sys.version_info[1]}.zip"
    given = json.loads(INPUT)
    started = set(sys.modules)
    with zipfile.ZipFile("/tmp/stdlib-source.zip") as source, zipfile.ZipFile(mount) as shipped:
        files, kept = _modules(source), _modules(shipped)
        reachable = _reach(set(given["names"]) | set(given["roots"]) | started, source, files)
        sources = [n for n in shipped.namelist() if n.endswith(".py")]
    failed, absent, origins = {}, {}, {}
    wanted = given["names"] + sorted(n for n in reachable if n.rpartition(".")[2] != "__main__")
    for name in dict.fromkeys(wanted):
        try:
            importlib.import_module(name)
        except BaseException as e:  # what a player's page would meet
            failed[name] = f"{type(e).__name__}: {e}"
            if isinstance(e, ModuleNotFoundError) and e.name:
                absent[name] = e.name
    for name, module in sorted(sys.modules.items()):
        spec = getattr(module, "__spec__", None)
        loader = type(spec.loader).__name__ if spec and spec.loader else None
        origins[name] = [getattr(module, "__file__", None), loader]
    try:
        json.loads("{")
    except ValueError:
        report = traceback.format_exc()
    return json.dumps({"failed": failed, "absent": absent, "sources": sources, "origins": origins,
                       "traceback": report, "builtins": sorted(sys.builtin_module_names), "mount": mount,
                       "reachable": sorted(reachable), "untrimmed": sorted(n for n in files if n in kept),
                       "trimmed": sorted(n for n in files if n not in kept), "doc": json.__doc__,
                       "columns": next(json.decoder.JSONDecoder.raw_decode.__code__.co_positions())[2]})

_check()
`));
