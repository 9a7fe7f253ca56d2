// The interpreter PyScript loads (its config's `interpreter`): the vendored Pyodide,
// restored from the memory snapshot the build made (interpreter.snapshot.gz, by
// scripts/make_snapshot.mjs) when the service worker has kept it, started as usual
// otherwise. PyScript takes any module exporting loadPyodide and version.
//
// A snapshot is Python's memory once started, with the library modules the first
// screen and PyScript import already imported: restoring it skips Python's start.
// It is used only from the one build's cache the worker keeps (a first visit never
// waits for it: it starts Python and the worker keeps the snapshot meanwhile), and on
// any doubt (no worker, no cache or two, no snapshot in it, a restore that throws or
// a Python that does not answer) the start is the normal one, with nothing shown.
// Pyodide's snapshots are a private API (`_loadSnapshot`); it refuses one of another
// build of its binary.
import * as pyodide from "../vendor/pyodide/pyodide.mjs";

export const version = pyodide.version;

const INDEX_URL = new URL("../vendor/pyodide/", import.meta.url).href;
const SNAPSHOT_URL = new URL("../../interpreter.snapshot.gz", import.meta.url).href;
const CACHE_PREFIX = "cardems-";

// A span of the start, for profiles and benchmarks (the Performance panel's Timings).
const span = (name, start) => performance.measure(`cardems:${name}`, { start, end: performance.now() });

// The kept snapshot, unzipped, or null: none or two builds' caches (an update half-way),
// no snapshot, or a damaged one. The service worker keeps it unzipped in a sparse form
// (sw.js): reading that here (13 MB) took less than a worker's start and read (measured,
// bench/RESULTS.md 2026-12-03); kept as the build wrote it (gzip), it is unzipped by a
// worker (static/js/snapshot-reader.js), off the main thread, which loads PyScript meanwhile.
async function keptSnapshot() {
  try {
    const builds = (await caches.keys()).filter((key) => key.startsWith(CACHE_PREFIX));
    if (builds.length !== 1) return null;
    const kept = await (await caches.open(builds[0])).match(SNAPSHOT_URL);
    if (!kept) return null;
    if (kept.headers.get("X-Cardems-Inflated") === "sparse") return expanded(await kept.arrayBuffer());
  } catch (e) {
    return null;
  }
  return unzipped(); // as the build wrote it
}

// The memory from the worker's sparse form of it (sw.js, SPARSE), or null if it is not one.
function expanded(buffer) {
  if (buffer.byteLength < 16) return null;
  const [magic, length, page, count] = new Uint32Array(buffer, 0, 4);
  if (magic !== 0x43445053 || !page || buffer.byteLength < 16 + 4 * count) return null;
  const index = new Uint32Array(buffer, 16, count);
  const bytes = new Uint8Array(buffer);
  const memory = new Uint8Array(length);
  let at = 16 + 4 * count;
  for (const n of index) {
    const start = n * page, size = Math.min(page, length - start);
    if (size <= 0 || at + size > bytes.length) return null;
    memory.set(bytes.subarray(at, at + size), start);
    at += size;
  }
  return at === bytes.length ? memory : null;
}
function unzipped() {
  return new Promise((resolve) => {
    let reader;
    const done = (memory) => {
      reader.terminate();
      resolve(memory ? new Uint8Array(memory) : null);
    };
    try {
      reader = new Worker(new URL("./snapshot-reader.js", import.meta.url));
    } catch (e) {
      resolve(null);
      return;
    }
    reader.onmessage = (e) => done(e.data);
    reader.onerror = (e) => { e.preventDefault(); done(null); }; // no script, or it threw: no notice
    reader.onmessageerror = () => done(null);
    reader.postMessage({ url: SNAPSHOT_URL, prefix: CACHE_PREFIX });
  });
}

// Where Pyodide's output goes: PyScript's own streams once it asks for the interpreter, the
// console before (a restore prints nothing).
const sinks = { stdout: (s) => console.log(s), stderr: (s) => console.warn(s) };

// Python restored from the kept snapshot, or null when there is none, the restore throws or
// Python does not answer (the start is then the normal one). Begun when this module is first
// evaluated: on a visit the worker serves, the page's head imports it at once (index.html),
// long before PyScript asks for the interpreter, so that Pyodide fetches its binary and
// imports pyodide.asm.mjs while the worker reads the snapshot, and both while PyScript loads.
async function restore() {
  const started = performance.now();
  const snapshot = keptSnapshot().then((memory) => {
    if (!memory) throw new Error("no kept snapshot");
    span("snapshot-read", started);
    return memory;
  });
  snapshot.catch(() => {}); // handled: Pyodide meets it later, and the start is then the normal one
  try {
    const py = await pyodide.loadPyodide({
      indexURL: INDEX_URL,
      _loadSnapshot: snapshot,
      stdout: (s) => sinks.stdout(s),
      stderr: (s) => sinks.stderr(s),
    });
    span("snapshot-restore", started);
    if (py._api && py._api.config) delete py._api.config._loadSnapshot; // 31 MB, copied into Python's memory
    // The snapshot's random state is the same on every visit: draw a new one. PyScript's
    // package compiled, beside where PyScript writes it (scripts/make_snapshot.mjs).
    const ready = py.runPython(
      "import sys\nif 'random' in sys.modules: sys.modules['random'].seed()\n" +
      "if '_cardems_snapshot' in sys.modules: sys.modules['_cardems_snapshot'].restored()\n6 * 7");
    if (ready !== 42) return null;
    self.cardemsSnapshot = true; // for the tests and benchmarks
    return py;
  } catch (e) {
    return null;
  }
}
const served = self.caches && self.DecompressionStream && self.Worker && navigator.serviceWorker && navigator.serviceWorker.controller;
let early = served ? restore() : null;

export async function loadPyodide(options = {}) {
  options = { ...options, indexURL: INDEX_URL };
  const starting = performance.now();
  if (options.stdout) sinks.stdout = options.stdout;
  if (options.stderr) sinks.stderr = options.stderr;
  // Begun with the options PyScript passes (its streams; where Pyodide is): asked with any
  // other, the start is the normal one.
  const same = Object.keys(options).every((key) => ["stdout", "stderr", "indexURL"].includes(key));
  const restored = early && same && (await early);
  early = null;
  const py = restored || (await pyodide.loadPyodide(options));
  span("interpreter", starting);
  return py;
}
