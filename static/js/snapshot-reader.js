// A dedicated worker (started by static/js/interpreter.js when the kept memory snapshot
// is not in the service worker's sparse form, sw.js): the snapshot as the build wrote it,
// read from the one build's cache the service worker keeps and unzipped, off the
// page's main thread, which meanwhile loads PyScript. Posts the memory back
// (transferred, not copied), or null on any doubt: none or two builds' caches, no
// snapshot in it, bytes that are no gzip. The page then starts Python as usual.
self.onmessage = async ({ data: { url, prefix } }) => {
  try {
    const builds = (await caches.keys()).filter((key) => key.startsWith(prefix));
    if (builds.length !== 1) return self.postMessage(null); // none, or an update half-way
    const kept = await (await caches.open(builds[0])).match(url);
    if (!kept || !kept.body) return self.postMessage(null);
    const memory = await new Response(kept.body.pipeThrough(new DecompressionStream("gzip"))).arrayBuffer();
    self.postMessage(memory, [memory]);
  } catch (e) {
    self.postMessage(null);
  }
};
