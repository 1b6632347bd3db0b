// The service worker: the app works offline after one visit.
//
// In dist/, tools/offline.py puts one line before this file: `const BUILD = "<hash>"`, the build's hash,
// computed from every file of that build (dist/offline.json lists them with their sha256). A new build
// is therefore a new worker script, which the browser installs beside the old one.
//
// install   fetches dist/offline.json of this build, then every file it lists under "precache" (the
//           page, its modules, Pyodide, the wheels, the start-up snapshot, the lab, the vendor bundle,
//           the r50k assets, the icons), checks each against its sha256, and keeps them in the cache
//           "toklab-<BUILD>". One file missing or different and the install fails, keeping nothing.
// activate  deletes every other "toklab-" cache. There is no clients.claim(): a page that loaded from
//           the network finishes on the network, and the next load comes whole from the cache.
// fetch     answers a GET inside the scope from this build's cache, ignoring the query (`?v=` keys
//           name this same build's files), a navigation with the cached index.html; on a miss it asks
//           the network, and keeps the answer when the file is one the manifest lists as "lazy" (the
//           larger tiktoken tables: cached when a lesson first asks for them) and its sha256 is right.
// message   {type: "activate"} from the page's "reload" button: this waiting worker takes over now.

const CACHE_PREFIX = "toklab-";
const CACHE = CACHE_PREFIX + BUILD;
const scope = new URL(self.registration.scope);
// Parallel downloads while installing.
const INSTALL_PARALLEL = 4;

self.addEventListener("install", (event) => {
  event.waitUntil(
    precache().catch(async (error) => {
      await caches.delete(CACHE);
      throw error;
    }),
  );
});

self.addEventListener("activate", (event) => {
  event.waitUntil(
    caches.keys().then((names) =>
      Promise.all(names.filter((name) => name.startsWith(CACHE_PREFIX) && name !== CACHE).map((name) => caches.delete(name))),
    ),
  );
});

self.addEventListener("message", (event) => {
  if (event.data && event.data.type === "activate") self.skipWaiting();
});

self.addEventListener("fetch", (event) => {
  const request = event.request;
  if (request.method !== "GET") return;
  const url = new URL(request.url);
  if (url.origin !== scope.origin || !url.pathname.startsWith(scope.pathname)) return;
  event.respondWith(answer(event, url));
});

async function precache() {
  const response = await fetch(new URL(`offline.json?build=${BUILD}`, scope), { cache: "no-store" });
  if (!response.ok) throw new Error(`offline.json: HTTP ${response.status}`);
  const manifest = await response.json();
  if (manifest.build !== BUILD) throw new Error(`offline.json is build ${manifest.build}, this worker is build ${BUILD}`);
  const cache = await caches.open(CACHE);
  const queue = [...manifest.precache];
  async function next() {
    for (let entry = queue.shift(); entry; entry = queue.shift()) await keep(cache, entry);
  }
  await Promise.all(Array.from({ length: INSTALL_PARALLEL }, next));
  const index = await cache.match(new URL("index.html", scope));
  if (!index) throw new Error("offline.json does not list index.html");
  await cache.put(scope, index);
  await cache.put(new URL("offline.json", scope), new Response(JSON.stringify(manifest), { headers: { "Content-Type": "application/json" } }));
}

/** Fetches one file of the manifest, checks its sha256 and keeps it in `cache` with its headers. */
async function keep(cache, entry) {
  const url = new URL(entry.path, scope);
  const response = await fetch(url, { cache: "no-cache" });
  if (!response.ok) throw new Error(`${entry.path}: HTTP ${response.status}`);
  const body = await response.arrayBuffer();
  const digest = await sha256(body);
  if (digest !== entry.sha256) throw new Error(`${entry.path} is not build ${BUILD}'s (sha256 ${digest})`);
  const { status, statusText, headers } = response;
  await cache.put(url, new Response(body, { status, statusText, headers }));
}

async function answer(event, url) {
  const request = event.request;
  const cache = await caches.open(CACHE);
  const key = request.mode === "navigate" && url.pathname === scope.pathname ? scope : url;
  const cached = await cache.match(key, { ignoreSearch: true });
  if (cached) return cached;
  const response = await fetch(request);
  const entry = response.ok ? await lazyEntry(cache, url) : null;
  if (entry) event.waitUntil(keepLazy(cache, entry, response.clone()).catch(() => {}));
  return response;
}

/** offline.json's "lazy" entry for `url` (a file this build caches on first use), or null. */
async function lazyEntry(cache, url) {
  const manifest = await cache.match(new URL("offline.json", scope));
  if (!manifest) return null;
  const path = url.pathname.slice(scope.pathname.length);
  return (await manifest.json()).lazy.find((entry) => entry.path === path) ?? null;
}

/** Keeps a lazily fetched file once its sha256 shows it is this build's. */
async function keepLazy(cache, entry, response) {
  const body = await response.arrayBuffer();
  if ((await sha256(body)) !== entry.sha256) return;
  const { status, statusText, headers } = response;
  await cache.put(new URL(entry.path, scope), new Response(body, { status, statusText, headers }));
}

async function sha256(body) {
  const digest = new Uint8Array(await crypto.subtle.digest("SHA-256", body));
  return [...digest].map((b) => b.toString(16).padStart(2, "0")).join("");
}
