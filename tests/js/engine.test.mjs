// The page's side of the engine (web/engine.mjs) with an injected worker: the queue, supersession,
// timeouts, the heartbeat, crashes and restarts, played out by hand with no browser and no Python.

import { test } from "node:test";
import assert from "node:assert/strict";
import { web } from "./oracle.mjs";

const { createEngine } = await web("engine.mjs");

/** A worker that records what the page posts and answers only when the test says (a ping at once). */
class FakeWorker {
  constructor(url, { pong = true } = {}) {
    this.url = url;
    this.posted = [];
    this.pong = pong;
    this.terminated = false;
    this.onmessage = null;
    this.onerror = null;
  }

  postMessage(message) {
    this.posted.push(message);
    if (Object.hasOwn(message, "ping") && this.pong) queueMicrotask(() => this.say({ pong: message.ping }));
  }

  terminate() {
    this.terminated = true;
  }

  say(data) {
    if (!this.terminated && this.onmessage) this.onmessage({ data });
  }

  fail(message) {
    this.onerror?.({ message, preventDefault() {} });
  }

  /** The requests posted (not pings or stops). */
  get requests() {
    return this.posted.filter((m) => Object.hasOwn(m, "kind"));
  }
}

/** An engine on fake workers: workers[k] is the k-th started; options go to createEngine. */
function engineOn(options = {}, workerOptions = {}) {
  const workers = [];
  const engine = createEngine({
    workerURL: "fake-worker.mjs",
    heartbeatMs: 60_000,
    newWorker: (url) => {
      const worker = new FakeWorker(url, workerOptions);
      workers.push(worker);
      return worker;
    },
    ...options,
  });
  return { engine, workers, ready: () => workers.at(-1).say({ status: "ready", stage: "ready", message: "Ready" }) };
}

const tick = () => new Promise((resolve) => setTimeout(resolve, 0));

test("requests wait for Python, then go one at a time, oldest first, each answered with its result", async () => {
  const { engine, workers, ready } = engineOn();
  const a = engine.request("overview", { text: "a" });
  const b = engine.request("overview", { text: "b" });
  assert.equal(workers[0].requests.length, 0, "nothing sent before Python is ready");
  ready();
  assert.deepEqual(workers[0].requests.map((m) => m.payload.text), ["a"]);
  workers[0].say({ id: workers[0].requests[0].id, ok: true, result: "A" });
  assert.deepEqual(await a, { ok: true, result: "A" });
  assert.deepEqual(workers[0].requests.map((m) => m.payload.text), ["a", "b"]);
  workers[0].say({ id: workers[0].requests[1].id, ok: false, error: { code: "bad_input" } });
  assert.deepEqual(await b, { ok: false, error: { code: "bad_input" } });
  engine.terminate();
});

test("a waiting request is replaced by its lane's later round of the same kind; other lanes, kinds and unrounded ones stay", async () => {
  const { engine, workers, ready } = engineOn();
  ready();
  const running = engine.request("overview", { text: "running" }, { lane: "decode", round: 1 });
  const old = engine.request("overview", { text: "old" }, { lane: "decode", round: 1 });
  const otherLane = engine.request("overview", { text: "other lane" }, { lane: "special", round: 1 });
  const otherKind = engine.request("decode", { ids: [1] }, { lane: "decode", round: 1 });
  const noRound = engine.request("overview", { text: "no round" }, { lane: "decode" });
  const newer = engine.request("overview", { text: "newer" }, { lane: "decode", round: 2 });
  const gone = await old;
  assert.equal(gone.ok, false);
  assert.equal(gone.superseded, true);
  assert.equal(gone.error.code, "superseded");
  // The running one is not replaced; the rest are answered in the order they were asked.
  const order = [];
  for (const [name, promise] of [["running", running], ["other lane", otherLane], ["other kind", otherKind], ["no round", noRound], ["newer", newer]]) {
    const sent = workers[0].requests.at(-1);
    order.push(sent.payload.text ?? "other kind");
    workers[0].say({ id: sent.id, ok: true, result: name });
    assert.equal((await promise).result, name);
    await tick();
  }
  assert.deepEqual(order, ["running", "other lane", "other kind", "no round", "newer"]);
  engine.terminate();
});

test("a request with no word within its limit stops the worker: request_timeout, and the rest are answered engine_stopped", async () => {
  const { engine, workers, ready } = engineOn({ requestTimeoutMs: 30 });
  ready();
  const statuses = [];
  engine.onStatus((s) => statuses.push(s.code));
  const slow = engine.request("train", {});
  const waiting = engine.request("overview", { text: "x" });
  assert.equal((await slow).error.code, "engine_stopped");
  assert.equal((await waiting).error.code, "engine_stopped");
  assert.equal(engine.status().status, "error");
  assert.equal(engine.status().code, "request_timeout");
  assert.ok(workers[0].terminated);
  assert.equal((await engine.request("overview", {})).error.code, "engine_stopped", "asked while stopped: answered at once");
  engine.terminate();
});

test("each progress message of a request starts its clock again", async () => {
  const { engine, workers, ready } = engineOn({ requestTimeoutMs: 60 });
  ready();
  const heard = [];
  const long = engine.request("train_hf", {}, { onProgress: (p) => heard.push(p.done) });
  const id = workers[0].requests[0].id;
  for (let k = 1; k <= 4; k += 1) {
    await new Promise((resolve) => setTimeout(resolve, 30));
    workers[0].say({ id, progress: { done: k } });
  }
  workers[0].say({ id, ok: true, result: "trained" });
  assert.deepEqual(await long, { ok: true, result: "trained" });
  assert.deepEqual(heard, [1, 2, 3, 4]);
  assert.equal(engine.status().status, "ready");
  engine.terminate();
});

test("a worker that fails once ready is crashed; one that fails while booting could not start", async () => {
  const booting = engineOn();
  booting.workers[0].fail("no memory");
  assert.equal(booting.engine.status().code, "boot_failed");
  await assert.rejects(booting.engine.ready);
  const running = engineOn();
  running.ready();
  await running.engine.ready;
  const asked = running.engine.request("overview", {});
  running.workers[0].fail("RangeError");
  assert.equal(running.engine.status().code, "crashed");
  assert.equal((await asked).error.code, "engine_stopped");
  // Python failing under a request: the worker's own "crashed" stage.
  const python = engineOn();
  python.ready();
  python.workers[0].say({ status: "error", stage: "crashed", message: "Fatal Python error" });
  assert.equal(python.engine.status().code, "crashed");
});

test("a worker that dies without a word is found by the ping before a request", async () => {
  const { engine, workers, ready } = engineOn({ aliveMs: 20 }, { pong: false });
  ready();
  const asked = engine.request("overview", {});
  assert.ok(workers[0].posted.some((m) => Object.hasOwn(m, "ping")), "pinged before the request");
  assert.equal((await asked).error.code, "engine_stopped");
  assert.equal(engine.status().code, "crashed");
  engine.terminate();
});

test("Stop answers the running request `stopped` and the waiting ones go to the new worker, which holds only r50k", async () => {
  const { engine, workers, ready } = engineOn();
  ready();
  const table = engine.request("overview", { text: "x", encoding: "cl100k_base" });
  workers[0].say({ tables: { held: ["r50k_base", "cl100k_base"], loading: {} } });
  workers[0].say({ id: workers[0].requests[0].id, ok: true, result: "x" });
  await table;
  assert.ok(engine.holds("cl100k_base"));
  const running = engine.request("train", {});
  const waiting = engine.request("overview", { text: "after" });
  engine.restart({ keepWaiting: true });
  assert.equal((await running).error.code, "stopped");
  assert.equal(workers.length, 2);
  assert.ok(workers[0].terminated);
  assert.ok(!engine.holds("cl100k_base") && engine.holds("r50k_base"));
  ready();
  assert.deepEqual(workers[1].requests.map((m) => m.payload.text), ["after"]);
  workers[1].say({ id: workers[1].requests[0].id, ok: true, result: "after" });
  assert.equal((await waiting).result, "after");
  // A plain restart answers what the old worker had or was to get `engine_stopped`.
  const lost = engine.request("overview", {});
  engine.restart();
  assert.equal((await lost).error.code, "engine_stopped");
  engine.terminate();
});

test("the tables store: the worker's word on what it holds and loads, and the tables waiting requests name", async () => {
  const { engine, workers, ready } = engineOn();
  const seen = [];
  engine.onTables((tables) => seen.push(tables));
  assert.deepEqual(seen, [{ held: ["r50k_base"], loading: {} }], "told at once: a new worker holds r50k");
  const warm = engine.request("warmup", { encoding: "o200k_base" });
  const count = engine.request("model_row", { text: "hi", encoding: "o200k_base" });
  engine.request("overview", { text: "hi", encoding: "not_a_table" });
  assert.deepEqual(engine.tables().loading, { o200k_base: { loaded: 0, total: 0 } }, "loading while it waits for Python; a name that is no table is not");
  ready();
  workers[0].say({ tables: { held: ["r50k_base"], loading: {} } });
  const id = workers[0].requests[0].id;
  workers[0].say({ tables: { held: ["r50k_base"], loading: { o200k_base: { loaded: 5, total: 10 } } } });
  assert.deepEqual(engine.tables().loading, { o200k_base: { loaded: 5, total: 10 } }, "the file's progress, as the worker says it");
  workers[0].say({ tables: { held: ["r50k_base", "o200k_base"], loading: {} } });
  assert.deepEqual(engine.tables(), { held: ["r50k_base", "o200k_base"], loading: {} }, "held as soon as the worker says so, before the answer");
  workers[0].say({ id, ok: true, result: {} });
  await warm;
  assert.ok(engine.holds("o200k_base"));
  workers[0].say({ id: workers[0].requests[1].id, ok: true, result: {} });
  await count;
  const changes = seen.length;
  engine.request("overview", { text: "a", encoding: "o200k_base" });
  assert.equal(seen.length, changes, "a request for a table held changes nothing in the store");
  // An answer alone makes nothing held: a failed load leaves the table loading only while its request runs.
  workers[0].say({ id: workers[0].requests[2].id, ok: true, result: {} });
  const bad = engine.request("warmup", { encoding: "llama3" });
  workers[0].say({ id: workers[0].requests[3].id, ok: true, result: {} });
  assert.deepEqual(engine.tables().loading, { llama3: { loaded: 0, total: 0 } }, "running, not held");
  workers[0].say({ id: workers[0].requests[4].id, ok: false, error: { code: "table_unavailable" } });
  await bad;
  assert.deepEqual(engine.tables(), { held: ["r50k_base", "o200k_base"], loading: {} });
  // The reader's file is held when the worker says "custom", whatever the request was.
  workers[0].say({ tables: { held: ["r50k_base", "o200k_base", "custom"], loading: {} } });
  assert.ok(engine.holds("custom"));
  engine.restart();
  assert.deepEqual(engine.tables(), { held: ["r50k_base"], loading: {} }, "a new worker holds r50k until it says more");
  workers[1].say({ tables: { held: ["r50k_base", "qwen3"], loading: {} } });
  workers[0].say({ tables: { held: ["r50k_base", "gemma3"], loading: {} } });
  assert.deepEqual(engine.tables().held, ["r50k_base", "qwen3"], "an ended worker's word is not heard");
  assert.deepEqual(seen.at(-1), engine.tables());
  engine.terminate();
});
