// The families lesson's facts (web/lessons/families/facts.mjs, ask.mjs): pure functions of the engine's
// answers. First on hand-made answers with hand-worked results, then on the engine's own answers for the
// lesson's presets, held to the oracles (sentencepiece on the genuine Llama 1/2 model and the Unigram test
// model, tiktoken's r50k_base, tokenizers on wordpiece_en's tokenizer.json) run by CPython.

import { test } from "node:test";
import assert from "node:assert/strict";
import { python, web } from "./oracle.mjs";

const facts = await web("lessons/families/facts.mjs");
const ask = await web("lessons/families/ask.mjs");
const words = await web("lessons/families/words.mjs");
const { PRESETS, COLUMNS } = await web("lessons/families/presets.mjs");

test("a piece's characters and the ones its tokens cut into bytes", () => {
  assert.deepEqual(facts.charSpans([0x20, 0xe6, 0xb0, 0x94]).map((c) => c.char), [" ", "气"]);
  // GPT-2's " 🦄": Ġ + F0 9F in one token, then A6, then 84: 🦄 is cut, the space is not.
  const piece = { bytes: [0x20, 0xf0, 0x9f, 0xa6, 0x84], tokens: ["ĠðŁ", "¦", "Ħ"], ids: [12520, 99, 226], spans: [[0, 3], [3, 4], [4, 5]], texts: [null, null, null] };
  assert.deepEqual(facts.cutChars(piece, true), [{ char: "🦄", tokens: [{ token: "ĠðŁ", id: 12520, label: "20 F0 9F" }, { token: "¦", id: 99, label: "A6" }, { token: "Ħ", id: 226, label: "84" }] }]);
  // A token of whole characters cuts nothing; spans that do not match the tokens are not read.
  assert.deepEqual(facts.cutChars({ bytes: [0xe5, 0xa4, 0xa9], tokens: ["å¤©"], ids: [25465], spans: [[0, 3]], texts: ["天"] }), []);
  assert.deepEqual(facts.cutChars({ bytes: [0x61, 0x62], tokens: ["ab"], ids: [1], spans: [[0, 1], [1, 2]], texts: ["a", "b"] }), []);
});

test("a token is named as every lesson names it: hex bytes for part of a character, GPT-2's characters, else the vocabulary's spelling", () => {
  // GPT-2's "今天 day": 今 is cut (E4 BB + 8A), 天 whole (its stand-ins å¤© are the spelling, not the name).
  const gpt2 = { model: { kind: "byte_level" }, ids: [20015, 232, 25465, 1110], pieces: [
    { index: 0, bytes: [0xe4, 0xbb, 0x8a, 0xe5, 0xa4, 0xa9], tokens: ["ä»", "Ĭ", "å¤©"], ids: [20015, 232, 25465], spans: [[0, 2], [2, 3], [3, 6]], texts: [null, null, "天"] },
    { index: 1, bytes: [0x20, 0x64, 0x61, 0x79], tokens: ["Ġday"], ids: [1110], spans: [[0, 4]], texts: [" day"] },
  ] };
  const f = facts.columnFacts("今天 day", gpt2);
  assert.deepEqual(f.tokens.map((tok) => [tok.label, tok.raw]), [["E4 BB", true], ["8A", true], ["天", false], ["Ġday", false]]);
  assert.equal(words.cutLine(f.cut[0]), "今 → E4 BB · 8A   (ä» Ĭ)");
  const line = words.factLines((key, v) => `${key} ${JSON.stringify(v)}`, f)[1];
  assert.ok(line.includes("今 → E4 BB · 8A"), line);
  // Llama 2's byte fallback: each byte its hex, the vocabulary's <0xE6> beside; its ▁ stays (a character table).
  const llama = { model: { kind: "characters", space: "▁" }, ids: [29871, 233, 179, 151], pieces: [
    { index: 0, bytes: [0xe2, 0x96, 0x81, 0xe6, 0xb0, 0x94], tokens: ["▁", "<0xE6>", "<0xB0>", "<0x94>"], ids: [29871, 233, 179, 151], spans: [[0, 3], [3, 4], [4, 5], [5, 6]], texts: [" ", null, null, null] },
  ] };
  const g = facts.columnFacts(" 气", llama);
  assert.deepEqual(g.tokens.map((tok) => tok.label), ["▁", "E6", "B0", "94"]);
  assert.equal(words.cutLine(g.cut[0]), "气 → E6 · B0 · 94   (<0xE6> <0xB0> <0x94>)");
});

test("spaces: kept, squeezed, dropped, and a mark put in front", () => {
  const piece = (text, spaceMark = " ") => ({ bytes: [...new TextEncoder().encode(text.replaceAll(" ", spaceMark))], tokens: [text], spans: [[0, new TextEncoder().encode(text.replaceAll(" ", spaceMark)).length]], texts: [text] });
  const bare = { model: null, pieces: [piece("a"), piece("  b")] };
  assert.equal(facts.spaceFacts("a  b", bare).verdict, "kept");
  const sp = { model: { space: "▁" }, pieces: [piece(" a", "▁"), piece(" b", "▁")] };
  const s = facts.spaceFacts("a   b", sp);
  assert.deepEqual([s.verdict, s.front, s.inner, s.runs], ["squeezed", true, 1, 1]);
  assert.equal(facts.spaceFacts("a b", { model: { space: " " }, pieces: [piece("a"), piece("b")] }).verdict, "dropped");
  assert.equal(facts.spaceFacts("ab", bare).verdict, "none");
});

test("fewest keeps every tie; the bytes question offers the text's characters and says Nowhere when none falls back", () => {
  assert.deepEqual(facts.fewest([{ id: "a", count: 3 }, { id: "b", count: 2 }, { id: "c", count: 2 }]), ["b", "c"]);
  assert.deepEqual(facts.choiceChars("a b a"), ["a", "b"]);
  assert.equal(facts.choiceChars("abcdefghijklmnopq"), null);
  const none = new Map([["llama2", { cut: [], count: 1 }]]);
  assert.deepEqual(ask.question("bytes", "ab", ["llama2"], none), { kind: "bytes", choices: ["a", "b", "nowhere"], right: ["nowhere"] });
  assert.deepEqual(ask.question("bytes", "ab", ["llama2"], null).right, null);
  assert.equal(ask.question("bytes", "abcdefghijklmnopq", ["llama2"], none).kind, "fewest");
});

// The engine's answers for every preset and column (overview, then decode of its ids), as the lesson asks.
const answers = python(`import json, sys
from toklab import webapi
presets, columns = json.load(sys.stdin)
def q(kind, **p):
    r = json.loads(webapi.handle(kind, json.dumps(p)))
    assert r["ok"], r
    return r["result"]
out = {}
for text in presets:
    for col in columns:
        o = q("overview", text=text, allowed_special="none", encoding=col["encoding"])
        d = q("decode", ids=" ".join(map(str, o["ids"])), encoding=col["encoding"])
        out[text + "|" + col["id"]] = {"overview": o, "items": d["items"]}
print(json.dumps(out))`, [PRESETS.map((p) => p.text), COLUMNS]);

// The oracles: each column's ids, the characters Llama 2 writes as byte tokens, each unknown count.
const oracle = python(`import json, sys
sys.path.insert(0, ".")
import sentencepiece as S, tokenizers
sys.path.insert(0, "tests")
import oracles
from tools.spm_models import model_file
from tools.wordpiece_models import wordpiece_file
texts = json.load(sys.stdin)
llama = S.SentencePieceProcessor(model_file=str(model_file("llama2")))
uni = S.SentencePieceProcessor(model_file=str(model_file("unigram_en")))
wp = tokenizers.Tokenizer.from_file(str(wordpiece_file("wordpiece_en")))
r50k = oracles.tiktoken_r50k()
out = {}
for text in texts:
    out[text] = {
        "ids": {"r50k": r50k.encode_ordinary(text), "llama2": llama.encode(text), "unigram": uni.encode(text),
                "wordpiece": wp.encode(text, add_special_tokens=False).ids},
        "bytes": [ch for ch in dict.fromkeys(text) if any(p.startswith("<0x") for p in llama.encode(ch, out_type=str)[1:])],
        "unk": {"unigram": uni.encode(text).count(uni.unk_id()), "wordpiece": wp.encode(text, add_special_tokens=False).ids.count(wp.token_to_id("[UNK]")),
                "r50k": 0, "llama2": 0},
    }
print(json.dumps(out))`, PRESETS.map((p) => p.text));

test("on the engine's answers for every preset, each column's facts are the oracles'", () => {
  for (const { text } of PRESETS) {
    const want = oracle[text];
    const all = new Map();
    for (const col of COLUMNS) {
      const { overview, items } = answers[`${text}|${col.id}`];
      const spelled = new Map(items.map((item) => [item.id, { token: item.token, special: item.special }]));
      const f = facts.columnFacts(text, overview, spelled);
      all.set(col.id, f);
      assert.deepEqual(f.tokens.map((tok) => tok.id), want.ids[col.id], `${col.id} ${text}`);
      assert.equal(f.unknown.length, want.unk[col.id], `${col.id} unknown in ${text}`);
    }
    assert.deepEqual(facts.cutSet(all.get("llama2")), want.bytes, text);
    const q = ask.question("fewest", text, COLUMNS.map((c) => c.id), all);
    const least = Math.min(...COLUMNS.map((c) => want.ids[c.id].length));
    assert.deepEqual(q.right, COLUMNS.filter((c) => want.ids[c.id].length === least).map((c) => c.id), text);
  }
});
