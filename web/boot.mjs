// Starts the engine worker as soon as the page's HTML is parsed: before app.mjs, its imports and
// precomputed.json have loaded, so Python's boot (seconds) begins at once. index.html loads this
// module first, with `async`; it imports nothing. engine.mjs adopts the worker, with the status
// messages it sent before anyone listened.

// Outside a page (Node tests of engine.mjs, which inject their own worker) there is none to start.
const worker = typeof Worker === "function" ? new Worker(new URL("./worker.mjs", import.meta.url), { type: "module" }) : null;
const early = [];
if (worker) {
  worker.onmessage = (event) => early.push(event);
  worker.onerror = (event) => {
    event.preventDefault();
    early.push(event);
  };
}
let adopted = !worker;

/**
 * The worker started at page load and the events (messages and errors) it sent so far, in order;
 * null once it has been adopted, so a second engine starts a worker of its own.
 */
export function adoptBootWorker() {
  if (adopted) return null;
  adopted = true;
  worker.onmessage = null;
  worker.onerror = null;
  return { worker, early };
}
