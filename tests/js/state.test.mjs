// The state's hash form (web/state.mjs): no link carries a value its field cannot read back, an old
// name is read once into the new one, and a long text is kept once per field name, with what the
// storage refused told. Run with `node --test tests/js/`.

import { test } from "node:test";
import assert from "node:assert/strict";
import { param, parseHash, formatHash, defaults, KeptText } from "../../web/state.mjs";

const SCHEMA = new Map([
  ["lesson", param.oneOf("encode", ["encode", "lab"], { always: true })],
  ["text", param.text("tokenization", 10)],
  ["piece", param.int(0)],
  ["step", param.int(0)],
  ["code", param.bool(false)],
]);

const LAB = new Map([
  ["lesson", param.oneOf("encode", ["encode", "lab"], { always: true })],
  ["src", { def: null, parse: (s) => s, format: String, omit: (v) => v === null }],
  ["code", { into: "src", def: null, parse: (s) => (/^(0|1|true|false)$/.test(s) ? undefined : s), format: String, omit: () => true }],
]);

/** A sessionStorage stand-in that holds at most `room` characters of values. */
function storage(room = Infinity) {
  const items = new Map();
  const used = () => [...items.values()].reduce((n, v) => n + v.length, 0);
  return {
    items,
    getItem: (k) => (items.has(k) ? items.get(k) : null),
    setItem(k, v) {
      if (used() - (items.get(k)?.length ?? 0) + v.length > room) throw new DOMException("full", "QuotaExceededError");
      items.set(k, v);
    },
    removeItem: (k) => items.delete(k),
  };
}

test("a value its spec cannot read back stays out of the link", () => {
  const hash = formatHash({ lesson: "encode", text: "hi", piece: NaN, step: undefined, code: "false" }, SCHEMA);
  assert.equal(hash, "#lesson=encode&text=hi");
  assert.equal(formatHash({ lesson: "encode", piece: 2, step: 5, code: true }, SCHEMA), "#lesson=encode&piece=2&step=5&code=1");
});

test("an old name is read into the new one, never written, and the new name wins", () => {
  assert.deepEqual(parseHash("#lesson=lab&code=print(1)", LAB).values, { lesson: "lab", src: "print(1)" });
  assert.deepEqual(parseHash("#lesson=lab&code=print(1)&src=mine", LAB).values, { lesson: "lab", src: "mine" });
  const switchValue = parseHash("#lesson=lab&code=false", LAB);
  assert.deepEqual(switchValue.values, { lesson: "lab" });
  assert.deepEqual(switchValue.rejected, ["code"]);
  assert.deepEqual(defaults(LAB), { lesson: "encode", src: null });
  assert.equal(formatHash({ lesson: "lab", src: "", code: true }, LAB), "#lesson=lab&src=");
  assert.equal(formatHash({ lesson: "lab", src: null }, LAB), "#lesson=lab");
});

test("a long text is kept once per field name, and restored only where the state lacks it", () => {
  const store = storage();
  const kept = new KeptText(store);
  const long = "x".repeat(25);
  assert.deepEqual(kept.save({ lesson: "encode", text: long }, SCHEMA), []);
  assert.deepEqual(kept.save({ lesson: "lab", text: long }, SCHEMA), []);
  assert.deepEqual([...store.items.keys()], ["toklab.kept:text"]);
  assert.deepEqual(new KeptText(store).restore(SCHEMA, {}), { text: long });
  assert.deepEqual(new KeptText(store).restore(SCHEMA, { text: "from a link" }), {});
  kept.save({ lesson: "encode", text: "short" }, SCHEMA);
  assert.deepEqual([...store.items.keys()], []);
});

test("what the storage refuses is told, and no older copy is left to come back", () => {
  const store = storage(30);
  const kept = new KeptText(store);
  assert.deepEqual(kept.save({ text: "a".repeat(20) }, SCHEMA), []);
  assert.deepEqual(kept.save({ text: "b".repeat(40) }, SCHEMA), ["text"]);
  assert.equal(store.getItem("toklab.kept:text"), null);
});
