// One rule for drawing bytes and whitespace (web/glyphs.mjs).
//
// Where a lesson shows GPT-2's symbols, a byte is written the way GPT-2's table writes it (Ġ, Ċ, ĉ);
// where it shows characters, a space, newline or tab is ␣ ↵ ⇥ and any other control character its Control
// Picture. The page's byte table is held to the engine's (toklab.bytes_unicode, where the printable
// tokens the page shows come from). tests/browser/test_glyphs.py looks at each lesson drawing by it.

import { test } from "node:test";
import assert from "node:assert/strict";
import { python, web } from "./oracle.mjs";

const g = await web("glyphs.mjs");
const engine = python(`
import json, sys
from toklab.bytes_unicode import BYTE_TO_UNICODE, to_printable
blanks = json.load(sys.stdin)
print(json.dumps({"table": BYTE_TO_UNICODE, "printable": [to_printable(ch.encode()) for ch in blanks]}))
`, blanks());

// Every C0 control, space and DEL: the characters GPT-2's table moves to U+0100 onwards.
function blanks() {
  return [...Array.from({ length: 0x21 }, (_, cp) => String.fromCodePoint(cp)), "\x7f"];
}
const STAND_IN = new Map([[" ", "␣"], ["\n", "↵"], ["\t", "⇥"], ["\x7f", "␡"]]);

test("the page writes every byte as the engine does", () => {
  assert.equal(engine.table.length, 256);
  assert.deepEqual(Array.from({ length: 256 }, (_, b) => g.printableByte(b)), engine.table);
});

test("GPT-2's symbols and characters follow one rule", () => {
  blanks().forEach((ch, i) => {
    // GPT-2's side: the table's own spelling of the byte.
    assert.equal(g.pieceLabel(ch), engine.printable[i], JSON.stringify(ch));
    // The character side: one stand-in, the same in the canvas, the chips and the corpus rows.
    const want = STAND_IN.get(ch) ?? String.fromCodePoint(0x2400 + ch.codePointAt(0));
    assert.equal(g.visibleChar(ch), want, JSON.stringify(ch));
    assert.equal(g.visibleSymbol(ch), want, JSON.stringify(ch));
  });
  // A printable token is drawn as it is on the character side too: the two sides never fight.
  const tokens = [...engine.table, "Ġthe", "ĊĊ", "Âł", "âĢĭ"];
  assert.deepEqual(tokens.map(g.visibleSymbol), tokens);
  // Visible text stays as it is on both sides; a joiner inside an emoji keeps shaping it.
  const visible = ["the", "今天", "🦄", "👨\u200d👩\u200d👧", "naïve"];
  assert.deepEqual(visible.map(g.pieceLabel), visible);
  assert.deepEqual(visible.map(g.visibleSymbol), visible);
  assert.deepEqual([" the", "\n\n", "\u00a0"].map(g.pieceLabel), ["Ġthe", "ĊĊ", "Âł"]);
  assert.deepEqual(["a b\n", "\u200b", "\u00a0", "\x85"].map(g.visibleSymbol), ["a␣b↵", "U+200B", "␣", "U+0085"]);
});
