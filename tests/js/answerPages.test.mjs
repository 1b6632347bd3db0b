// Answers the page cannot draw are not sent whole (issue 41, P3): an overview lists its text's first
// ITEM_LIMIT ids (n_ids counts them all) and "Copy ids" fetches the others page by page (`overview_ids`);
// a samples answer lists the stream's first STREAM_LIMIT ids, and the quiz reads a window's own tokens.
// The ids come from tiktoken (the oracle), the pages from a held engine that serves them as the engine does.

import { test } from "node:test";
import assert from "node:assert/strict";
import { heldEngine, python, settle, web } from "./oracle.mjs";

const { allIds, idsPayload } = await web("lessons/encode/allIds.mjs");
const { listedIds } = await web("lessons/encode/frames.mjs");
const { ITEM_LIMIT } = await web("protocol.mjs");

const TEXT = "Tokenizers turn text into ids; 今天天气真好 🙂. ".repeat(120);
const WHOLE = python(`
import json, sys
sys.path.insert(0, "tests")
import oracles
print(json.dumps(oracles.tiktoken_r50k().encode_ordinary(json.load(sys.stdin))))`, TEXT);

/** Answers every request the held engine was asked, as overview_ids answers: `limit` ids from the offset. */
async function serve(engine, limit, from = 0) {
  for (let served = from; ; served += 1) {
    await settle();
    if (served >= engine.asked.length) return engine.asked.length;
    const { kind, payload, answer } = engine.asked[served];
    assert.equal(kind, "overview_ids");
    answer({ ids: WHOLE.slice(payload.offset, payload.offset + limit), n_ids: WHOLE.length, offset: payload.offset, id_limit: limit });
  }
}

test("a long text's ids are copied whole: its pages from each next offset, in order", async () => {
  assert.ok(WHOLE.length > 3 * ITEM_LIMIT);
  const o = { text: TEXT, encoding: "r50k_base", ids: WHOLE.slice(0, ITEM_LIMIT), n_ids: WHOLE.length };
  const engine = heldEngine();
  const got = allIds(engine.query, o);
  await serve(engine, 997);
  assert.deepEqual(await got, WHOLE);
  assert.deepEqual(engine.asked.map((a) => a.payload.offset), Array.from({ length: Math.ceil(WHOLE.length / 997) }, (_, i) => i * 997));
  assert.deepEqual(engine.asked[0].payload, { text: TEXT, allowed_special: "none", offset: 0 }, "r50k is the engine's default table");
});

test("a short text's ids are the overview's own: nothing is asked", async () => {
  const engine = heldEngine();
  const o = { text: "tokenization", encoding: "r50k_base", ids: [30001, 1634], n_ids: 2 };
  assert.deepEqual(await allIds(engine.query, o), [30001, 1634]);
  assert.equal(engine.asked.length, 0);
});

test("another table is named in each page's request, and a failed page gives no ids", async () => {
  assert.deepEqual(idsPayload({ text: "a", encoding: "o200k_base" }, 5), { text: "a", allowed_special: "none", offset: 5, encoding: "o200k_base" });
  const o = { text: TEXT, encoding: "o200k_base", ids: [1], n_ids: 10 };
  const failing = (kind, payload) => Promise.resolve({ ok: false, error: { code: "internal", params: {} }, payload });
  assert.equal(await allIds(failing, o), null);
  const changed = (kind, payload) => Promise.resolve({ ok: true, result: { ids: [1, 2], n_ids: 11, offset: payload.offset, id_limit: 2 } });
  assert.equal(await allIds(changed, o), null, "a page of another text's ids is not mixed in");
});

test("the ids line writes the listed ids and says when there are more", () => {
  assert.equal(listedIds({ ids: [30001, 1634], n_ids: 2 }), "30001, 1634");
  assert.equal(listedIds({ ids: WHOLE.slice(0, ITEM_LIMIT), n_ids: WHOLE.length }), `${WHOLE.slice(0, ITEM_LIMIT).join(", ")}, …`);
});

test("the samples quiz reads each window's own ids, where the answer lists no stream", async () => {
  const { streamAt } = await web("lessons/samples.mjs");
  const { STREAM_LIMIT } = await web("protocol.mjs");
  const [r, stream] = python(`
import json, sys
sys.path.insert(0, "tests")
import oracles
from toklab import webapi
text = json.load(sys.stdin)
answer = json.loads(webapi.handle("samples", json.dumps({"text": text, "tokenizer": "r50k", "block_size": 8, "batch_size": 8, "seed": 2})))
print(json.dumps([answer["result"], oracles.tiktoken_r50k().encode_ordinary(text)]))`, TEXT);
  assert.equal(r.ids.length, STREAM_LIMIT);
  assert.ok(r.windows.some((w) => w.offset > STREAM_LIMIT), "a window past the listed stream");
  for (const w of r.windows) {
    for (let p = w.offset; p <= w.offset + r.block_size; p += 1) assert.equal(streamAt(r, w, p).id, stream[p], `position ${p}`);
    const after = streamAt(r, w, w.offset + r.block_size + 1);
    assert.deepEqual(after && after.id, w.offset + r.block_size + 1 < STREAM_LIMIT ? stream[w.offset + r.block_size + 1] : null);
  }
});
