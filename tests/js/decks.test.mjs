// Decks' notes: placeholders filled from the engine's answers (web/classroom/decks.mjs fillNotes), and
// every deck holds both languages to the same {placeholders}, each one filled by the slide's `facts`.
// Run with `node --test tests/js/`.

import { test } from "node:test";
import assert from "node:assert/strict";
import { fillNotes, DECK_IDS } from "../../web/classroom/decks.mjs";

const placeholders = (text) => [...new Set([...String(text).matchAll(/\{(\w+)\}/g)].map((m) => m[1]))].sort();

test("fillNotes fills what it has and writes … for what has not come", () => {
  assert.equal(fillNotes("{n} tokens of {v}", { n: 7, v: "50,257" }), "7 tokens of 50,257");
  assert.equal(fillNotes("{n} tokens", null), "… tokens");
  assert.equal(fillNotes("{constructor} and {n}", { n: 1 }), "… and 1");
  assert.equal(fillNotes("allowed_special={'x'}", {}), "allowed_special={'x'}");
});

test("every deck's notes have the same placeholders in both languages, and a slide with one has facts", async () => {
  const problems = [];
  for (const id of DECK_IDS) {
    const deck = (await import(`../../web/decks/${id}.mjs`)).default;
    deck.slides.forEach((slide, i) => {
      const en = placeholders(slide.notes.en);
      const zh = placeholders(slide.notes.zh);
      if (en.join() !== zh.join()) problems.push(`${id} slide ${i + 1}: en {${en}} zh {${zh}}`);
      if (en.length && !slide.facts) problems.push(`${id} slide ${i + 1}: {${en}} but no facts`);
      if (slide.facts && (typeof slide.facts.ask !== "function" || typeof slide.facts.vars !== "function")) problems.push(`${id} slide ${i + 1}: facts without ask and vars`);
    });
    for (const part of ["title", "summary"]) {
      if (placeholders(deck[part].en).length || placeholders(deck[part].zh).length) problems.push(`${id} ${part} has placeholders`);
    }
  }
  assert.deepEqual(problems, []);
});
