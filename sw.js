// Cardems service worker: keeps one build of the site for offline play.
//
// precache.js (made by scripts/sitefiles.py from the files) names the build and
// lists every file with the start of its SHA-256. Installing a build fills the
// cache "cardems-<build>": a file whose hash an older build's cache already
// holds is copied from there, the rest is fetched and checked against its hash
// (refetched past the HTTP cache if it does not match). Requests for the
// build's files are then answered from that cache first, so after one visit
// the site starts and plays without a network, and a page always runs one
// consistent build.
//
// A WebAssembly binary (the interpreter's) is the one exception: it is answered
// from the HTTP cache when that holds the same copy, and from the build's cache
// otherwise. Chromium keeps a binary's compiled code next to the copy it came
// from; the HTTP cache's copy got it on the first visit, before this worker
// was installed, so a later visit starts the interpreter without compiling it
// again (measured: about 2,800 lazy compiles on the main thread otherwise).
//
// The build's memory snapshot of Python (interpreter.snapshot.gz) is checked like any
// other file and kept unzipped, without its pages of zeros (13 of 31 MB; marked by an
// X-Cardems-Inflated header), since a repeat visit waits for it: reading it unzipped took
// 60-150 ms, unzipping it 250-400 more. The page reads it from this cache itself
// (static/js/interpreter.js).
//
// The first build takes over at once. A later one waits until the page asks
// for it (the player chose "Reload now": {type: "skip-waiting"}); activating
// deletes every older cardems cache.
importScripts("precache.js");

const BUILD = self.CARDEMS_BUILD;
const FILES = self.CARDEMS_FILES;
const PREFIX = "cardems-";
const CACHE = PREFIX + BUILD;
const LIST = "cardems-files.json"; // each cache's own file list, to reuse unchanged files

function hex(buffer) {
  return Array.from(new Uint8Array(buffer), (b) => b.toString(16).padStart(2, "0")).join("");
}

async function matches(response, hash) {
  const digest = await crypto.subtle.digest("SHA-256", await response.clone().arrayBuffer());
  return hex(digest).startsWith(hash);
}

async function olderCaches() {
  const older = [];
  for (const key of await caches.keys()) {
    if (!key.startsWith(PREFIX) || key === CACHE) continue;
    const cache = await caches.open(key);
    const list = await cache.match(LIST);
    if (list) older.push({ cache, files: await list.json() });
  }
  return older;
}

// A WebAssembly binary: passed through from the HTTP cache when it can be (see the top).
const isBinary = (path) => path.endsWith(".wasm");
const SNAPSHOT = "interpreter.snapshot.gz";
const INFLATED = "X-Cardems-Inflated";

// What the cache keeps of a checked file: the file, but the snapshot unzipped and without
// its pages of zeros (17 MB of its 31): SPARSE below.
async function toKeep(path, response) {
  if (path !== SNAPSHOT || !self.DecompressionStream || response.headers.get(INFLATED)) return response;
  const memory = new Uint8Array(await new Response(response.body.pipeThrough(new DecompressionStream("gzip"))).arrayBuffer());
  return new Response(sparse(memory), { headers: { "Content-Type": "application/octet-stream", [INFLATED]: "sparse" } });
}

// SPARSE: four 32-bit words (a magic number, the memory's length, the page size, the number
// of pages kept), the index of each page kept, then those pages one after another (the last
// one as long as the memory leaves it). A page not kept is zeros. Read by static/js/interpreter.js.
const SPARSE_MAGIC = 0x43445053, PAGE = 4096;
function sparse(memory) {
  const words = new Uint32Array(memory.buffer, 0, memory.length >> 2);
  const kept = [];
  for (let page = 0; page * PAGE < memory.length; page++) {
    const start = (page * PAGE) >> 2, end = Math.min(start + PAGE / 4, words.length);
    let zero = true;
    for (let i = start; i < end && zero; i++) zero = words[i] === 0;
    for (let i = end << 2; i < Math.min((page + 1) * PAGE, memory.length) && zero; i++) zero = memory[i] === 0;
    if (!zero) kept.push(page);
  }
  const size = (page) => Math.min(PAGE, memory.length - page * PAGE);
  const out = new Uint8Array(16 + 4 * kept.length + kept.reduce((sum, page) => sum + size(page), 0));
  new Uint32Array(out.buffer, 0, 4 + kept.length).set([SPARSE_MAGIC, memory.length, PAGE, kept.length, ...kept]);
  let at = 16 + 4 * kept.length;
  for (const page of kept) {
    out.set(memory.subarray(page * PAGE, page * PAGE + size(page)), at);
    at += size(page);
  }
  return out;
}

async function keep(cache, path, hash, older) {
  // A binary is taken from the HTTP cache first (never the network), so that the copy kept
  // has the HTTP cache's validators and the fetch handler can go on passing that copy through.
  if (isBinary(path)) {
    const response = await httpCopy(path);
    if (response && (await matches(response, hash))) return cache.put(path, response);
  }
  for (const { cache: old, files } of older) {
    if (files[path] !== hash) continue;
    const response = await old.match(path);
    if (response) return cache.put(path, response);
  }
  // Usually the HTTP cache has it (the page has just loaded), and it is taken as it is:
  // revalidated here, the binary lost the compiled code kept with it (traced). A wrong
  // copy is refetched.
  let response = await fetch(path, { cache: "force-cache" });
  if (!response.ok || !(await matches(response, hash))) response = await fetch(path, { cache: "reload" });
  if (!response.ok) throw new Error(`cardems: ${path}: HTTP ${response.status}`);
  if (!(await matches(response, hash))) throw new Error(`cardems: ${path} is not the file of build ${BUILD}`);
  return cache.put(path, await toKeep(path, response));
}

self.addEventListener("install", (event) => {
  event.waitUntil((async () => {
    const cache = await caches.open(CACHE);
    const older = await olderCaches();
    await Promise.all(Object.entries(FILES).map(([path, hash]) => keep(cache, path, hash, older)));
    await cache.put(LIST, new Response(JSON.stringify(FILES), { headers: { "Content-Type": "application/json" } }));
    await cache.put("./", await cache.match("index.html")); // the site's own URL, for the static route
    if (!self.registration.active) await self.skipWaiting(); // nothing to replace: take over now
  })());
  // Where the browser supports it (Chromium's static routing), it answers from the
  // cache itself, without starting this worker: the page at the site's own URL and
  // every other request (a miss goes to the network). Other navigations (a query
  // in the URL) and the WebAssembly binaries come to the fetch handler.
  if (event.addRoutes && self.URLPattern) {
    const scope = new URL(self.registration.scope).pathname;
    event.addRoutes([
      {
        condition: { requestMode: "navigate", urlPattern: new URLPattern({ pathname: scope + "{index.html}?", search: "" }) },
        source: { cacheName: CACHE },
      },
      { condition: { urlPattern: new URLPattern({ pathname: scope + "*.wasm" }) }, source: "fetch-event" },
      { condition: { not: { requestMode: "navigate" } }, source: { cacheName: CACHE } },
    ]).catch((e) => console.warn("cardems: no static routes:", e));
  }
});

self.addEventListener("activate", (event) => {
  event.waitUntil((async () => {
    for (const key of await caches.keys()) if (key.startsWith(PREFIX) && key !== CACHE) await caches.delete(key);
    await self.clients.claim();
  })());
});

self.addEventListener("message", (event) => {
  if (event.data && event.data.type === "skip-waiting") self.skipWaiting();
  else if (event.data && event.data.type === "build" && event.ports[0]) event.ports[0].postMessage(BUILD);
});

// The site's path of a request for one of this build's files, else null.
function buildPath(url) {
  if (url.origin !== self.location.origin) return null;
  const scope = new URL(self.registration.scope).pathname;
  if (!url.pathname.startsWith(scope)) return null;
  const path = decodeURIComponent(url.pathname.slice(scope.length)) || "index.html";
  return Object.prototype.hasOwnProperty.call(FILES, path) ? path : null;
}

const VALIDATORS = ["etag", "last-modified", "content-length"];

// The HTTP cache's copy of a file, or null; never the network.
async function httpCopy(url) {
  try {
    const response = await fetch(url, { cache: "only-if-cached", mode: "same-origin" });
    return response.ok ? response : null;
  } catch (e) {
    return null; // not in the HTTP cache, or no such cache mode here
  }
}

// The HTTP cache's copy, if it is the one this build keeps (same validators, and there are some).
async function httpCached(url, kept) {
  if (!kept.headers.get("etag") && !kept.headers.get("last-modified")) return null;
  const response = await httpCopy(url);
  return response && VALIDATORS.every((h) => response.headers.get(h) === kept.headers.get(h)) ? response : null;
}

self.addEventListener("fetch", (event) => {
  if (event.request.method !== "GET") return;
  const path = buildPath(new URL(event.request.url));
  if (path === null) return; // not part of the site: the network, as if there were no worker
  event.respondWith((async () => {
    const cache = await caches.open(CACHE);
    const kept = await cache.match(path);
    if (!kept) return fetch(event.request);
    return (isBinary(path) && (await httpCached(event.request.url, kept))) || kept;
  })());
});
