// bench/page_load.py serves this in place of a worker script (the app's worker.mjs, the bare page's
// bare-worker.mjs) for one untimed load: it notes the WebAssembly memory each instance the worker makes
// exports, in globalThis.wasmMemories (the bench reads their sizes once the page is ready), then runs
// the real worker script, fetched again with "?bench-original".
globalThis.wasmMemories = [];
const note = (result) => {
  const memory = (result.instance ?? result).exports?.memory;
  if (memory instanceof WebAssembly.Memory) globalThis.wasmMemories.push(memory);
  return result;
};
for (const name of ["instantiate", "instantiateStreaming"]) {
  const original = WebAssembly[name];
  WebAssembly[name] = (...args) => original.apply(WebAssembly, args).then(note);
}
await import(new URL(`${location.pathname}?bench-original`, location.href).href);
