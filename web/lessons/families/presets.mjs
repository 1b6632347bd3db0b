// The families lesson's tokenizers and its preset texts, written once: the lesson, its worksheet and its
// deck read them from here. A preset names the question it opens on (ask.mjs): "fewest" (which
// tokenizer makes the fewest tokens) or "bytes" (where Llama 2 falls back to bytes); a typed text asks
// "fewest".

/** The columns, in the page's order: the lesson's name for each and the table the engine knows it by. */
export const COLUMNS = Object.freeze([
  Object.freeze({ id: "r50k", encoding: "r50k_base" }),
  Object.freeze({ id: "llama2", encoding: "llama2" }),
  Object.freeze({ id: "unigram", encoding: "unigram_en" }),
  Object.freeze({ id: "wordpiece", encoding: "wordpiece_en" }),
]);

export const TODAY = "今天天气真好";

export const PRESETS = Object.freeze([
  Object.freeze({ id: "spaces", text: "Mind  the   gap,    please.", ask: "fewest", label: "families.preset.spaces" }),
  Object.freeze({ id: "today", text: TODAY, ask: "bytes", label: "families.preset.today" }),
  Object.freeze({ id: "unseen", text: "A glorptastic zibberwhump wandered by.", ask: "fewest", label: "families.preset.unseen" }),
  Object.freeze({ id: "emoji", text: "I love 🦄 and 🍣!", ask: "bytes", label: "families.preset.emoji" }),
]);

/**
 * The `overview` a column asks for `text` (its worksheet and the deck ask the same): GPT-2's table is the
 * engine's default and is not named, as lessons/encodings.mjs withEncoding writes it.
 *
 *     overviewPayload("hi", COLUMNS[1]) -> {text: "hi", allowed_special: "none", encoding: "llama2"}
 */
export function overviewPayload(text, spec) {
  const payload = { text, allowed_special: "none" };
  return spec.encoding === "r50k_base" ? payload : { ...payload, encoding: spec.encoding };
}

/** The question a text opens on: its preset's, else "fewest". */
export function questionOf(text) {
  const preset = PRESETS.find((p) => p.text === text);
  return preset ? preset.ask : "fewest";
}
