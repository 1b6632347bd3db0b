// Offline after one visit: registers the service worker (sw.js, the whole app's scope) and shows
// "A new version is ready" when another build's worker has installed and waits (sw.js says what it
// caches and when). Its button hands over to the waiting worker and reloads.
//
// It registers once the engine has started (the status element leaves "loading"), so the worker's
// install never competes with Python's own downloads on a slow network, and finds most files in the
// browser's HTTP cache by then. index.html loads this module; it imports nothing, and does nothing
// where service workers are not available (a page opened over plain HTTP from another machine, some
// private windows). The worker's URL passes Trusted Types through trusted-types.js's default policy.

const WORKER = "sw.js";
const status = document.querySelector('[data-testid="status"]');
const notice = document.querySelector('[data-testid="update-ready"]');
const button = notice.querySelector("button");
let registration = null;
let reloading = false;

function showNotice() {
  notice.hidden = false;
}

/** Shows the notice when `worker` (a new build's) has installed beside an active one. */
function watch(worker) {
  if (!worker) return;
  const check = () => {
    if (worker.state === "installed" && registration.active && registration.active !== worker) showNotice();
  };
  worker.addEventListener("statechange", check);
  check();
}

async function register() {
  try {
    registration = await navigator.serviceWorker.register(WORKER);
  } catch (error) {
    console.warn(`Offline use is off: the service worker did not register (${error.message})`);
    return;
  }
  if (!registration) return; // a register() that only pretends (a test harness, an extension)
  watch(registration.waiting);
  watch(registration.installing);
  registration.addEventListener("updatefound", () => watch(registration.installing));
}

button.addEventListener("click", () => {
  reloading = true;
  if (registration && registration.waiting) registration.waiting.postMessage({ type: "activate" });
  else location.reload();
});

if ("serviceWorker" in navigator) {
  // Another tab's reload hands this page to the new build too: it is then older than what serves it.
  navigator.serviceWorker.addEventListener("controllerchange", () => (reloading ? location.reload() : showNotice()));
  whenEngineStarted(register);
}

/** Runs `then` once the status says the engine is ready, or that it failed. */
function whenEngineStarted(then) {
  const started = () => status.dataset.state !== "loading";
  if (started()) return then();
  const observer = new MutationObserver(() => {
    if (!started()) return;
    observer.disconnect();
    then();
  });
  observer.observe(status, { attributes: true, attributeFilter: ["data-state"] });
}
