// The models lesson's rows (../models.mjs) and its worksheet (./sheet.mjs): which models, in which order.

// The rows, in the notes' table order. `notes`: the vocabulary the notes' table states (section 6);
// `chinese`: trained by a Chinese team for Chinese; `about`: a sentence on the notes' number; `beside`:
// a row the notes' table does not have, standing beside the others (gpt-oss: o200k_base's ranks, so its
// figures repeat GPT-4o's; the claim and the limits leave it out).
export const MODELS = Object.freeze([
  { id: "r50k_base", notes: 50257 },
  { id: "cl100k_base", notes: 100256, about: true },
  { id: "o200k_base", notes: 200000, about: true },
  { id: "o200k_harmony", about: true, beside: true },
  { id: "llama2", notes: 32000, about: true, licence: true, spm: true },
  { id: "llama3", notes: 128256 },
  { id: "mistral", notes: 32000, licence: true, spm: true },
  { id: "yi", notes: 64000, unavailable: true, chinese: true },
  { id: "qwen3", notes: 151643, about: true, chinese: true },
  { id: "chatglm", notes: 151329, unavailable: true, chinese: true },
  { id: "deepseek_v3", notes: 128815, chinese: true },
  { id: "gemma3", notes: 256000, about: true },
  { id: "minimind", notes: 6400, chinese: true, small: true },
]);
// The order the rows are asked for: the tables already in the engine first, the largest file last.
export const LOAD_ORDER = Object.freeze(["r50k_base", "minimind", "cl100k_base", "o200k_base", "qwen3", "deepseek_v3", "llama3", "gemma3"]);
// SentencePiece's own files (issue 38), asked for after those: Llama 1/2 and Mistral 7B, 32,000 pieces
// each. Their rows stand beside the others; the claim, the limits and the worksheet keep to LOAD_ORDER.
export const SPM_ORDER = Object.freeze(["llama2", "mistral"]);
// Rows beside the notes' table (`beside`), asked for after LOAD_ORDER's: gpt-oss's o200k_harmony.
export const BESIDE_ORDER = Object.freeze(MODELS.filter((m) => m.beside).map((m) => m.id));


// The tables a phone loads without a tap: OpenAI's first (in the engine already) and MiniMind's small file.
const ON_THEIR_OWN = new Set(["r50k_base", "minimind"]);

/**
 * Whether a table's file waits for the reader's tap instead of loading by itself: a large one, on a
 * phone (at most 640 px wide) or a connection that asks to save data. The models lesson's rows and the
 * encode lesson's counts decide alike.
 */
export function waitsForTap(name) {
  if (ON_THEIR_OWN.has(name) || name === "custom") return false;
  return window.matchMedia("(max-width: 640px)").matches || navigator.connection?.saveData === true;
}
