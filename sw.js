// Cardems service worker: keeps the site for offline play.
// Network first (so a new version arrives as soon as it is online), the cache
// when the network fails. Installed after the app is ready, so it never slows
// the first load; it then stores the whole site: the shell, the Python files
// listed in pyscript.toml, and the vendored runtime (static/vendor/files.json).
const CACHE = "cardems-v1";
const SHELL = ["./", "index.html", "pyscript.toml", "cardems/web/main.py", "static/css/app.css",
  "static/js/shell.js", "static/icons/icon.svg", "static/vendor/files.json"];

async function siteFiles() {
  const files = [...SHELL];
  const toml = await (await fetch("pyscript.toml", { cache: "no-cache" })).text();
  for (const m of toml.matchAll(/^"\.\/([^"]+)"\s*=/gm)) files.push(m[1]);
  try {
    files.push(...(await (await fetch("static/vendor/files.json", { cache: "no-cache" })).json()));
  } catch (e) { /* no vendored runtime listed: the rest is still kept */ }
  return files;
}

self.addEventListener("install", (event) => {
  event.waitUntil((async () => {
    const cache = await caches.open(CACHE);
    await cache.addAll(await siteFiles());
    await self.skipWaiting();
  })());
});

self.addEventListener("activate", (event) => {
  event.waitUntil((async () => {
    for (const key of await caches.keys()) if (key !== CACHE) await caches.delete(key);
    await self.clients.claim();
  })());
});

self.addEventListener("fetch", (event) => {
  const request = event.request;
  if (request.method !== "GET" || new URL(request.url).origin !== self.location.origin) return;
  event.respondWith((async () => {
    const cache = await caches.open(CACHE);
    try {
      const response = await fetch(request);
      if (response.ok) cache.put(request, response.clone());
      return response;
    } catch (error) {
      const kept = await cache.match(request, { ignoreSearch: true });
      if (kept) return kept;
      throw error;
    }
  })());
});
