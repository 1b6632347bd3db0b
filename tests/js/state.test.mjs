// The page's state in the URL (web/state.mjs): one schema, a hash that round-trips any text, and the
// note that lets a reload keep an edit the throttled hash write had not made yet.

import { test } from "node:test";
import assert from "node:assert/strict";
import { web } from "./oracle.mjs";

const { param, parseHash, formatHash, PendingHash } = await web("state.mjs");

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
