// The train lesson's corpora and choices: the presets (a corpus, how to read it, and an example to try
// the learned merges on), the settings' choices, and the example drawn from a corpus the student typed.
// Pure data and pure functions; the lesson's params (train.mjs) are built from them.

export const WORDS = "low lower lowest low lower newest";
export const CHINESE = "我 爱 中 国 人\n中 国 人 很 多\n我 爱 中 国\n北 京 是 中 国 首 都";
const PARAGRAPH = "the cat sat on the mat. the rat sat on the hat. that cat and that rat sat and sang.";

export const PRESETS = Object.freeze([
  { id: "words", corpus: WORDS, tmode: "chars", unit: "words", tryText: "lowest newer slower", label: "train.preset.words" },
  { id: "chinese", corpus: CHINESE, tmode: "chars", unit: "lines", tryText: "我 爱 北 京\n中 国 人 很 好", label: "train.preset.chinese" },
  { id: "paragraph", corpus: PARAGRAPH, tmode: "bytes", unit: "words", tryText: "the bat sat on that hat", label: "train.preset.paragraph" },
]);

export const MODES = Object.freeze(["chars", "bytes"]);
export const UNITS = Object.freeze(["words", "lines"]);
export const TIES = Object.freeze(["first_occurrence", "lexicographic"]);
export const SORTS = Object.freeze(["count", "pair"]);

/** The fields that decide what is trained: a change to any of them trains again. */
export const SETTINGS = Object.freeze(["corpus", "tmode", "unit", "tie", "minf", "nmerges", "vsize"]);

/** Whether preset `p` is what the lesson shows: its corpus, read the way it says. */
export function presetShown(p, values) {
  return p.corpus === values.corpus && p.tmode === values.tmode && p.unit === values.unit;
}

/** The state patch a preset sets: its corpus and settings, its example, back to step 0. */
export function presetPatch(p) {
  return { corpus: p.corpus, tmode: p.tmode, unit: p.unit, try: p.tryText, step: 0 };
}

/**
 * The example "use this tokenizer" offers for a corpus the student typed: its most frequent word, or
 * line when the unit is lines (the first of equals; a line counts without its spaces, as in training).
 * The merges were learned from it, so it shows them at work.
 *
 *     exampleFrom("hug pug hug pun", "words")  ->  "hug"
 *     exampleFrom("我 爱 你\n好\n我爱你", "lines")  ->  "我 爱 你"
 */
export function exampleFrom(corpus, unit) {
  const items = unit === "lines" ? corpus.split(/\r\n|\r|\n/).map((line) => line.trim()) : corpus.split(/\s+/);
  const counts = new Map();   // key (a line counts without its spaces) -> [first item, count]
  for (const item of items) {
    const key = item.replace(/\s+/g, "");
    if (key === "") continue;
    const seen = counts.get(key);
    if (seen) seen[1] += 1;
    else counts.set(key, [item, 1]);
  }
  let best = ["", 0];
  for (const entry of counts.values()) if (entry[1] > best[1]) best = entry;
  return best[0];
}

/**
 * The state patch for a typed corpus: it starts again at step 0, and the example box follows the corpus
 * until the student writes their own example there (while it is empty, a preset's example or the one
 * drawn from the corpus before).
 *
 *     corpusPatch({corpus: "a", unit: "words", try: ""}, "hug hug")  ->  {corpus: "hug hug", step: 0, try: "hug"}
 */
export function corpusPatch(values, corpus) {
  const patch = { corpus, step: 0 };
  const example = values.try;
  // Either unit: the example drawn before a switch of unit is still the lesson's, not the student's.
  const follows = example.trim() === "" || PRESETS.some((p) => p.tryText === example)
    || UNITS.some((unit) => example === exampleFrom(values.corpus, unit));
  if (follows) patch.try = exampleFrom(corpus, values.unit);
  return patch;
}
