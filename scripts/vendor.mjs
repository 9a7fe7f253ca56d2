// Copy the runtime files the page needs from node_modules into static/vendor/.
// static/vendor/ is not committed: `npm ci && npm run vendor` rebuilds it from package-lock.json.
// The standard library is shipped compiled (scripts/compile_stdlib.mjs), the rest as published.
import { execFileSync } from "node:child_process";
import { cpSync, mkdirSync, rmSync, readdirSync, existsSync, writeFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";

const root = join(dirname(fileURLToPath(import.meta.url)), "..");
const out = join(root, "static", "vendor");
const mods = join(root, "node_modules");

const PYODIDE_FILES = [
  "pyodide.mjs", "pyodide.asm.mjs", "pyodide.asm.wasm", "python_stdlib.zip",
  "pyodide-lock.json", "pyodide.js",
];

rmSync(out, { recursive: true, force: true });
mkdirSync(join(out, "pyodide"), { recursive: true });
mkdirSync(join(out, "pyscript"), { recursive: true });

for (const name of PYODIDE_FILES) {
  if (name === "python_stdlib.zip") continue;
  cpSync(join(mods, "pyodide", name), join(out, "pyodide", name));
}
// The standard library as bytecode, compiled by this Pyodide (scripts/compile_stdlib.mjs),
// under the name Pyodide loads it by: a start no longer compiles it from source.
execFileSync(process.execPath, [join(root, "scripts", "compile_stdlib.mjs"), join(out, "pyodide"),
  join(mods, "pyodide", "python_stdlib.zip"), join(out, "pyodide", "python_stdlib.zip")], { stdio: "inherit" });
// PyScript's chunk names change every release: copy its dist/ folder, minus source maps.
const dist = join(mods, "@pyscript", "core", "dist");
if (!existsSync(dist)) throw new Error("run `npm ci` first: @pyscript/core is missing");
for (const name of readdirSync(dist)) {
  if (name.endsWith(".map")) continue;
  cpSync(join(dist, name), join(out, "pyscript", name), { recursive: true });
}
// The page's small browser libraries: DOM morphing (the tables keep their elements),
// IndexedDB (statistics), synthesized sound effects. axe-core stays in node_modules:
// only the tests use it.
const LIBRARIES = {
  idiomorph: ["idiomorph/dist/idiomorph.esm.js"],
  idb: ["idb/build/index.js"],
  zzfx: ["zzfx/ZzFX.js"],
};
for (const [dir, paths] of Object.entries(LIBRARIES)) {
  mkdirSync(join(out, dir), { recursive: true });
  for (const path of paths) cpSync(join(mods, path), join(out, dir, path.split("/").pop()));
}
// The list of vendored files, for the service worker to keep for offline play.
const files = [];
for (const dir of ["pyodide", "pyscript", ...Object.keys(LIBRARIES)]) {
  for (const name of readdirSync(join(out, dir)).sort()) files.push(`static/vendor/${dir}/${name}`);
}
writeFileSync(join(out, "files.json"), JSON.stringify(files, null, 1) + "\n");
console.log(`vendored PyScript, Pyodide and ${Object.keys(LIBRARIES).join(", ")} into ${out}`);
