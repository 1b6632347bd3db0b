// The page's state in the URL (web/state.mjs): one schema, a hash that round-trips any text, the note
// that lets a reload keep an edit the throttled hash write had not made yet; no link carries a value its
// field cannot read back, an old name is read once into the new one, and a long text is kept once per
// field name, with what the storage refused told.

import { test } from "node:test";
import assert from "node:assert/strict";
import { web } from "./oracle.mjs";

const { param, parseHash, formatHash, defaults, KeptText, PendingHash } = await web("state.mjs");

test("URL state round-trips awkward text", () => {
  const schema = new Map([["text", param.text("x", 4000)], ["step", param.int(0)], ["mistake", param.bool(false)]]);
  const texts = ["a&b=c#d+e f", "🦄 今天", "constructor", "%41 100%", "<|endoftext|>", "\n\t"];
  for (const text of texts) {
    const hash = formatHash({ text, step: 7, mistake: true }, schema);
    assert.deepEqual(parseHash(hash, schema).values, { text, step: 7, mistake: true }, JSON.stringify(text));
    // What the browser's own parser reads from that hash is the same text.
    assert.equal(new URLSearchParams(hash.replace(/^#/, "")).get("text"), text);
  }
});

test("a reload opens the noted hash only while the URL is what it was", () => {
  // The race a slow machine shows: a link opened in the tab changes the URL, and the reload comes
  // before the page has heard of it; the URL wins, since it is not the one the note was made beside.
  const store = new Map();
  const pending = new PendingHash({ getItem: (k) => store.get(k) ?? null, setItem: (k, v) => store.set(k, v) });
  assert.equal(pending.recover("#text=typed", true), "#text=typed"); // nothing noted yet
  pending.want("#text=typed!", "#text=typed");
  assert.equal(pending.recover("#text=typed", true), "#text=typed!");
  assert.equal(pending.recover("#text=from+a+link", true), "#text=from+a+link");
  assert.equal(pending.recover("#text=typed", false), "#text=typed"); // not a reload: the URL
});

test("a storage that refuses or holds something else leaves the URL as it is", () => {
  const refusing = new PendingHash({ getItem: () => { throw new Error("blocked"); }, setItem: () => { throw new Error("full"); } });
  refusing.want("#text=b", "#text=a");
  assert.equal(refusing.recover("#text=a", true), "#text=a");
  const odd = new PendingHash({ getItem: () => JSON.stringify({ hash: "text=b", base: "#text=a" }), setItem() {} });
  assert.equal(odd.recover("#text=a", true), "#text=a"); // a noted hash must start with "#"
});

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
