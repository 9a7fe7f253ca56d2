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

// The kept snapshot, unzipped, or null.
async function keptSnapshot() {
  if (!self.caches || !self.DecompressionStream || !(navigator.serviceWorker && navigator.serviceWorker.controller)) return null;
  const builds = (await caches.keys()).filter((key) => key.startsWith(CACHE_PREFIX));
  if (builds.length !== 1) return null; // none, or an update half-way: which build runs is not sure
  const kept = await (await caches.open(builds[0])).match(SNAPSHOT_URL);
  if (!kept || !kept.body) return null;
  const memory = await new Response(kept.body.pipeThrough(new DecompressionStream("gzip"))).arrayBuffer();
  return new Uint8Array(memory);
}

async function restored(options) {
  let memory;
  try {
    memory = await keptSnapshot();
  } catch (e) {
    return null;
  }
  if (!memory) return null;
  try {
    const py = await pyodide.loadPyodide({ ...options, _loadSnapshot: memory });
    // The snapshot's random state is the same on every visit: draw a new one.
    if (py.runPython("import sys\nif 'random' in sys.modules: sys.modules['random'].seed()\n6 * 7") !== 42) return null;
    self.cardemsSnapshot = true; // for the tests and benchmarks
    return py;
  } catch (e) {
    return null;
  }
}

export async function loadPyodide(options = {}) {
  options = { ...options, indexURL: INDEX_URL };
  return (await restored(options)) || pyodide.loadPyodide(options);
}
