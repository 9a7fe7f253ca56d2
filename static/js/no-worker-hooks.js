// PyScript's hooks for workers, of which the page has none, are dropped before the
// interpreter is up: PyScript compiles them from text (Function) when a script starts,
// which the page's Content-Security-Policy forbids (no 'unsafe-eval'). Runs after
// PyScript's core module (a module imported here is evaluated first) and long before
// the interpreter has loaded.
import { hooks } from "../vendor/pyscript/core.js";

for (const set of Object.values(hooks.worker)) {
  if (set && typeof set.clear === "function") set.clear();
}
