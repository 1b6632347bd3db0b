// What the compare lesson asks the engine, written once: the lesson's rows and the worksheet a teacher
// prints (classroom/sheets.mjs) come from the same request, so the sheet's numbers are the screen's.
//
//     comparePayload({ctext: "I don't like tokenization.", ccorpus: "example", bpe: 20})
//       -> {text: "I don't like tokenization.", bpe_vocab_size: 20, min_frequency: 2, corpus: "Here is a simple example of tokenization."}
//     ccorpus "text" trains the toy BPE on the text itself: the payload then has no corpus.

const CHAPTER = "Machine learning models learn patterns from data. A language model reads a sequence of tokens and predicts what token is likely to appear next. Tokenization is an important step because it determines how raw text is divided into smaller units.";
export const EXAMPLE = "Here is a simple example of tokenization.";
const CHINESE = "我爱中国人。中国人很多。我爱中国。北京是中国首都。今天天气真好。";

/** The toy BPE's training corpora by name (null: the text itself). */
export const CORPORA = Object.freeze(new Map([
  ["example", EXAMPLE],
  ["text", null],
  ["chapter", CHAPTER],
  ["chinese", CHINESE],
]));

/** The tokenizers the lesson shows, in its order (the engine's answer may hold more). */
export const NAMES = Object.freeze(["characters", "words", "toy_bpe", "r50k"]);

/** The `compare` request for the lesson's fields. */
export function comparePayload({ ctext, ccorpus, bpe }) {
  const corpus = CORPORA.get(ccorpus);
  const payload = { text: ctext, bpe_vocab_size: bpe, min_frequency: 2 };
  if (corpus !== null && corpus !== undefined) payload.corpus = corpus;
  return payload;
}

/** The rows of an answer the lesson shows, in NAMES' order. */
export function shownRows(result) {
  return NAMES.map((name) => result.tokenizers.find((row) => row.name === name)).filter(Boolean);
}
