// The models lesson's rows (../models.mjs) and its worksheet (./sheet.mjs): which models, in which order.

// The rows, in the notes' table order. `notes`: the vocabulary the notes' table states (section 6);
// `chinese`: trained by a Chinese team for Chinese; `about`: a sentence on the notes' number.
export const MODELS = Object.freeze([
  { id: "r50k_base", notes: 50257 },
  { id: "cl100k_base", notes: 100256, about: true },
  { id: "o200k_base", notes: 200000, about: true },
  { id: "llama3", notes: 128256 },
  { id: "qwen3", notes: 151643, about: true, chinese: true },
  { id: "chatglm", notes: 151329, unavailable: true, chinese: true },
  { id: "deepseek_v3", notes: 128815, chinese: true },
  { id: "gemma3", notes: 256000, about: true },
  { id: "minimind", notes: 6400, chinese: true, small: true },
]);
// The order the rows are asked for: the tables already in the engine first, the largest file last.
export const LOAD_ORDER = Object.freeze(["r50k_base", "minimind", "cl100k_base", "o200k_base", "qwen3", "deepseek_v3", "llama3", "gemma3"]);

