// The service worker: the app works offline after one visit.
//
// In dist/, tools/offline.py puts one line before this file: `const BUILD = "<hash>"`, the build's hash,
// computed from every file of that build (dist/offline.json lists them with their sha256). A new build
// is therefore a new worker script, which the browser installs beside the old one.
//
// install   fetches dist/offline.json of this build and checks it is: BUILD is the hash of the paths and
//           sha256 it lists (tools/offline.py build_hash), so a list with one sha256 changed is refused.
//           Then it fetches every file listed under "precache" (the page, its modules, Pyodide, the
//           wheels, the start-up snapshot, the lab, the vendor bundle, the r50k assets, the icons),
//           checks each against its sha256, and keeps them in the cache "toklab-<BUILD>". One file
//           missing or different and the install fails, keeping nothing.
// activate  deletes every other "toklab-" cache. There is no clients.claim(): a page that loaded from
//           the network finishes on the network, and the next load comes whole from the cache.
// fetch     answers a GET inside the scope for a file of this build from the cache, ignoring the query
//           (`?v=` keys name this same build's files), a navigation with the cached index.html, and
//           only after checking the cached body against the file's sha256 (other same-origin code can
//           write to this cache: what it put there is not this build's file, so it is deleted and
//           never served), and at what the page needs of it besides its bytes (usable(): a 200 with
//           the type a page reads such a file as; a module script under text/plain is refused, and the
//           app once stayed at "Loading..." until the cache was cleared). On a miss, or a file that
//           failed a check, it asks the network, and keeps
//           the answer when its sha256 is right (the "lazy" files, the larger tiktoken tables, are
//           cached this way when a lesson first asks for them). A path the manifest does not list
//           is not answered from the cache at all.
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

// The types a page reads a file as, by its extension (what the browser refuses under another type:
// module scripts, WebAssembly.instantiateStreaming, stylesheets and JSON under nosniff). A file of
// another extension needs only a 200.
const JAVASCRIPT = /^(text|application)\/javascript$/;
const JSON_TYPE = /^application\/([a-z.+-]+\+)?json$/;
const TYPES = new Map([
  ["mjs", JAVASCRIPT], ["js", JAVASCRIPT], ["wasm", /^application\/wasm$/], ["json", JSON_TYPE], ["map", JSON_TYPE],
  ["webmanifest", JSON_TYPE], ["css", /^text\/css$/], ["html", /^text\/html$/],
]);

/** Whether `response` is one the page can use as the file at `path`: a 200 of the type it is read as. */
function usable(response, path) {
  if (response.status !== 200) return false;
  const want = TYPES.get(path.slice(path.lastIndexOf(".") + 1).toLowerCase());
  const type = (response.headers.get("Content-Type") || "").split(";")[0].trim().toLowerCase();
  return !want || want.test(type);
}

/** The hash tools/offline.py's build_hash() makes of `files`: sha256 of each path\0sha256\n, in path order. */
async function buildHash(files) {
  const sorted = [...files].sort((a, b) => (a.path < b.path ? -1 : a.path > b.path ? 1 : 0));
  const text = sorted.map((entry) => `${entry.path}\0${entry.sha256}\n`).join("");
  return (await sha256(new TextEncoder().encode(text))).slice(0, BUILD.length);
}

/** `manifest` when it is this build's: its build and the hash of what it lists are BUILD. */
async function checked(manifest) {
  if (manifest.build !== BUILD) throw new Error(`offline.json is build ${manifest.build}, this worker is build ${BUILD}`);
  const listed = await buildHash([...manifest.precache, ...manifest.lazy]);
  if (listed !== BUILD) throw new Error(`offline.json's files are not build ${BUILD}'s (their hash is ${listed})`);
  return manifest;
}

// This build's manifest as the worker checked it, read once from the cache the install filled.
let known = null;
function manifestOf(cache) {
  if (!known) {
    known = cache
      .match(new URL("offline.json", scope))
      .then((response) => (response ? response.json() : Promise.reject(new Error("no offline.json in the cache"))))
      .then(checked)
      .then((manifest) => new Map([...manifest.precache, ...manifest.lazy].map((entry) => [entry.path, entry])));
    known.catch(() => {
      known = null;
    });
  }
  return known;
}

async function precache() {
  const response = await fetch(new URL(`offline.json?build=${BUILD}`, scope), { cache: "no-store" });
  if (!response.ok) throw new Error(`offline.json: HTTP ${response.status}`);
  const manifest = await checked(await response.json());
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
  await cache.put(url, rebuilt(response, body));
}

async function answer(event, url) {
  const request = event.request;
  const cache = await caches.open(CACHE);
  const navigation = request.mode === "navigate" && url.pathname === scope.pathname;
  const path = navigation ? "index.html" : url.pathname.slice(scope.pathname.length);
  const files = await manifestOf(cache).catch(() => null);
  const entry = files?.get(path) ?? null;
  if (!entry) return fetch(request);
  const key = navigation ? scope : url;
  const cached = await cache.match(key, { ignoreSearch: true });
  if (cached) {
    const body = usable(cached, path) ? await cached.arrayBuffer() : null;
    if (body && (await sha256(body)) === entry.sha256) return rebuilt(cached, body);
    await cache.delete(key, { ignoreSearch: true });
  }
  const response = await fetch(request);
  if (response.ok) event.waitUntil(keepChecked(cache, entry, key, response.clone()).catch(() => {}));
  return response;
}

/** A response with `body` and the status and headers of `response`. */
function rebuilt(response, body) {
  const { status, statusText, headers } = response;
  return new Response(body, { status, statusText, headers });
}

/** Keeps a file fetched from the network under `key` once it is usable and its sha256 shows it is this build's. */
async function keepChecked(cache, entry, key, response) {
  if (!usable(response, entry.path)) return;
  const body = await response.arrayBuffer();
  if ((await sha256(body)) !== entry.sha256) return;
  await cache.put(key, rebuilt(response, body));
}

async function sha256(body) {
  const digest = new Uint8Array(await crypto.subtle.digest("SHA-256", body));
  return [...digest].map((b) => b.toString(16).padStart(2, "0")).join("");
}
