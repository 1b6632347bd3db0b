// The lab's seal: what its worker (lab-worker.mjs) does once Python has booted and before any student
// code runs, so that code reaches no network, no storage, no cache and no other script, whatever
// headers the host sends (a Content-Security-Policy header narrows it further where there is one).
//
// Hiding a name is not enough: code that reaches the worker's global object through Python's `js`
// module also reaches its prototypes (`js.WorkerGlobalScope.prototype.fetch.call(js.self, url)`), and
// through any function, its constructor. So the seal removes capabilities instead:
//
// - Every property of the global object and of each object on its prototype chain is deleted unless
//   KEPT names it: ECMAScript's own built-ins and the few web APIs Python needs to run (timers, text
//   codecs, crypto.getRandomValues, performance.now, console). A capability the browser adds later is
//   gone too, because it is not on the list. `navigator` goes with the rest (storage, locks, the
//   service worker container, sendBeacon), and with it every object only reachable through it.
// - Code from strings: `eval` is deleted; `Function` and the constructors reachable from any function
//   (`(function(){}).constructor`, and the async and generator ones) are replaced by one that throws,
//   with the same prototype, so `instanceof Function` still holds; setTimeout and setInterval refuse a
//   string; URL.createObjectURL is deleted (no Blob URL to import() or start a worker from).
// - `close` stays, wrapped by the caller (the page hears that the worker closed itself).
//
// With these gone, `import()` is the only way to a script left in the language, and no function left
// in the worker hands it a URL: Pyodide's loader called it only while booting. seal() checks its own
// work and throws when a name it had to remove is still there: the worker then reports an error and
// no code runs.

const ECMASCRIPT = [
  "globalThis", "Infinity", "NaN", "undefined", "isFinite", "isNaN", "parseFloat", "parseInt",
  "decodeURI", "decodeURIComponent", "encodeURI", "encodeURIComponent", "escape", "unescape",
  "AggregateError", "Array", "ArrayBuffer", "Atomics", "BigInt", "BigInt64Array", "BigUint64Array",
  "Boolean", "DataView", "Date", "Error", "EvalError", "FinalizationRegistry", "Float16Array",
  "Float32Array", "Float64Array", "Function", "Int8Array", "Int16Array", "Int32Array", "Iterator",
  "JSON", "Map", "Math", "Number", "Object", "Promise", "Proxy", "RangeError", "ReferenceError",
  "Reflect", "RegExp", "Set", "String", "Symbol", "SyntaxError", "TypeError", "Uint8Array",
  "Uint8ClampedArray", "Uint16Array", "Uint32Array", "URIError", "WeakMap", "WeakRef", "WeakSet",
  "Intl", "WebAssembly", "DisposableStack", "AsyncDisposableStack", "SuppressedError",
];
// What Pyodide and Python's standard library use once running, and nothing that reaches out. setTimeout,
// setInterval and close are removed too, and put back as seal() wraps them.
const WEB = [
  "self", "location", "console", "crypto", "performance", "clearTimeout", "clearInterval", "queueMicrotask", "structuredClone", "atob", "btoa", "reportError", "TextEncoder",
  "TextDecoder", "DOMException", "URL", "URLSearchParams", "isSecureContext", "crossOriginIsolated",
  "origin", "name", "addEventListener", "removeEventListener", "dispatchEvent", "constructor",
];
export const KEPT = new Set([...ECMASCRIPT, ...WEB]);

/** Names of a few capabilities checked after sealing (every other unlisted name is gone the same way). */
export const REMOVED = [
  "fetch", "XMLHttpRequest", "WebSocket", "EventSource", "WebTransport", "importScripts", "caches",
  "indexedDB", "fonts", "FontFace", "Worker", "SharedWorker", "BroadcastChannel", "navigator",
  "postMessage", "eval", "Blob", "Request", "Response", "MessageChannel", "OffscreenCanvas",
  "webkitRequestFileSystem", "webkitRequestFileSystemSync", "webkitResolveLocalFileSystemURL",
];

/** The global object and each object on its prototype chain, up to Object.prototype (not included). */
function globalChain(global) {
  const chain = [];
  for (let object = global; object && object !== Object.prototype; object = Object.getPrototypeOf(object)) {
    chain.push(object);
  }
  return chain;
}

/** Whether `object[key]` is a constant no one can change: a read-only value that is not an object
 * (such as the legacy file system's TEMPORARY = 0, which the browser makes impossible to delete). */
function isConstant(object, key) {
  const { value, writable, get, set } = Object.getOwnPropertyDescriptor(object, key);
  return !writable && !get && !set && (value === null || (typeof value !== "object" && typeof value !== "function"));
}

function refuse(what) {
  return function sealed() {
    throw new EvalError(`the lab runs no ${what}`);
  };
}

/** Replaces `object[name]` (a constructor property) with `value`, keeping its attributes. */
function replace(object, name, value) {
  const { writable, enumerable, configurable } = Object.getOwnPropertyDescriptor(object, name);
  Object.defineProperty(object, name, { value, writable, enumerable, configurable });
}

/** Seals `global` (the lab worker's own `self`): see above. `close` is the wrapped close to leave. */
export function seal(global, { close }) {
  const setTimeout = global.setTimeout.bind(global);
  const setInterval = global.setInterval.bind(global);
  const timer = (start) => (handler, ...rest) => {
    if (typeof handler !== "function") throw new TypeError("the lab's timers take a function, not code in a string");
    return start(handler, ...rest);
  };

  for (const object of globalChain(global)) {
    for (const key of Reflect.ownKeys(object)) {
      if (typeof key === "string" && KEPT.has(key)) continue;
      if (!Reflect.deleteProperty(object, key) && !isConstant(object, key)) throw new Error(`the lab could not remove ${String(key)}`);
    }
  }
  delete URL.createObjectURL;
  delete URL.revokeObjectURL;

  const noFunction = refuse("code from strings");
  noFunction.prototype = Function.prototype;
  replace(Function.prototype, "constructor", noFunction);
  for (const example of [async function () {}, function* () {}, async function* () {}]) {
    replace(Object.getPrototypeOf(example), "constructor", noFunction);
  }
  for (const [name, value] of [
    ["Function", noFunction], ["setTimeout", timer(setTimeout)], ["setInterval", timer(setInterval)], ["close", close],
  ]) {
    Object.defineProperty(global, name, { value, writable: false, enumerable: false, configurable: false });
  }
  for (const name of REMOVED) {
    if (globalChain(global).some((object) => Object.hasOwn(object, name))) throw new Error(`the lab could not remove ${name}`);
  }
  if (typeof URL.createObjectURL !== "undefined") throw new Error("the lab could not remove URL.createObjectURL");
}
