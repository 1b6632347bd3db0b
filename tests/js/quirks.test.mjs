// The "why models stumble" cases say what their own texts show: checked with tiktoken (Python) as oracle.
import { test } from "node:test";
import assert from "node:assert/strict";
import { python, web } from "./oracle.mjs";

const { CASES, QUIRKS_EN } = await web("lessons/quirks/cases.mjs");

/** For each table: where tiktoken cuts each number of `text` (cut positions inside the number). */
function cutsOfNumbers(text, tables) {
  return python(
    `import json, re, sys
sys.path.insert(0, "tests")
import oracles
text, tables = json.load(sys.stdin)
out = {}
for name in tables:
    enc = oracles.tiktoken_encoding(name)
    ends, at = set(), 0
    for token in enc.encode(text):
        at += len(enc.decode_single_token_bytes(token))
        ends.add(at)  # byte offsets: the text is ASCII
    out[name] = {m.group(): [e - m.start() for e in sorted(ends) if m.start() < e < m.end()] for m in re.finditer(r"\\d+", text)}
print(json.dumps(out))`,
    [text, tables],
  );
}

test("the arithmetic case's first text holds two numbers one digit apart that GPT-2 cuts differently, and cl100k alike", () => {
  const arithmetic = CASES.find((c) => c.id === "arithmetic");
  const text = arithmetic.texts[0];
  const named = (QUIRKS_EN["quirks.arithmetic.q"].match(/\d{3,}/g) || []);
  assert.equal(named.length, 2);
  for (const n of named) assert.ok(text.includes(n), `${n} is in ${text}`);
  assert.ok(QUIRKS_EN["quirks.arithmetic.a"].includes(named[0]) && QUIRKS_EN["quirks.arithmetic.a"].includes(named[1]));
  const cuts = cutsOfNumbers(text, ["r50k_base", "cl100k_base"]);
  const [a, b] = named;
  assert.equal([...a].filter((ch, i) => ch !== b[i]).length, 1, "one digit apart");
  assert.notDeepEqual(cuts.r50k_base[a], cuts.r50k_base[b]);
  assert.deepEqual(cuts.cl100k_base[a], cuts.cl100k_base[b]);
});
