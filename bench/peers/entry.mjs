// The JavaScript tokenizers bench/peers sets beside toklab, each as its own documentation says to use
// it in a page. bench/peers/assets.py bundles this file with esbuild (one chunk per table, so a table's
// module is fetched and evaluated only when that table is loaded); bench/peers/page.mjs imports it.
//
//   PEERS[library] = {
//     tables,          the tables it has (toklab's names)
//     setup(),         what the library needs once, whatever the table (its WebAssembly, its code)
//     load(table),     -> {encode(text) -> ids, free()}: the table read into a tokenizer
//   }
//
// Each encodes as toklab's figure does: OpenAI's tables without special tokens (toklab's
// encode_ordinary), the open models with their special tokens added (toklab.hf's encode, as
// tokenizers' own default), SentencePiece's models without BOS and with the dummy prefix (toklab's
// SentencePieceProcessor.encode, as sentencepiece's own default).

const here = (path) => new URL(path, import.meta.url);

async function fetchJSON(path) {
  const response = await fetch(here(path));
  if (!response.ok) throw new Error(`${path}: HTTP ${response.status}`);
  return response.json();
}

const OPEN_MODELS = ["qwen3", "deepseek_v3", "llama3", "gemma3", "minimind"];
const OPENAI = ["r50k_base", "cl100k_base", "o200k_base"];

const GPT_TOKENIZER = {
  r50k_base: () => import("gpt-tokenizer/encoding/r50k_base"),
  cl100k_base: () => import("gpt-tokenizer/encoding/cl100k_base"),
  o200k_base: () => import("gpt-tokenizer/encoding/o200k_base"),
};
const JS_TIKTOKEN = {
  r50k_base: () => import("js-tiktoken/ranks/r50k_base"),
  cl100k_base: () => import("js-tiktoken/ranks/cl100k_base"),
  o200k_base: () => import("js-tiktoken/ranks/o200k_base"),
};
const NOTHING = () => {};

let tiktoken = null;
let hfTokenizers = null;
let jsTiktoken = null;

export const PEERS = {
  "@huggingface/tokenizers@0.2.0": {
    tables: OPEN_MODELS,
    async setup() {
      hfTokenizers = await import("@huggingface/tokenizers");
    },
    async load(table) {
      const [json, config] = await Promise.all([
        fetchJSON(`models/${table}/tokenizer.json`),
        fetchJSON(`models/${table}/tokenizer_config.json`),
      ]);
      const tokenizer = new hfTokenizers.Tokenizer(json, config);
      return { encode: (text) => tokenizer.encode(text).ids, free: NOTHING };
    },
  },
  "tiktoken@1.0.22 (WASM)": {
    tables: OPENAI,
    async setup() {
      tiktoken = await import("tiktoken/lite/init");
      const wasm = await (await fetch(here("tiktoken/tiktoken_bg.wasm"))).arrayBuffer();
      await tiktoken.init((imports) => WebAssembly.instantiate(wasm, imports));
    },
    async load(table) {
      const model = await fetchJSON(`tiktoken/${table}.json`);
      const encoder = new tiktoken.Tiktoken(model.bpe_ranks, model.special_tokens, model.pat_str);
      return { encode: (text) => encoder.encode_ordinary(text), free: () => encoder.free() };
    },
  },
  "gpt-tokenizer@4.0.0": {
    tables: OPENAI,
    setup: NOTHING, // each table's module holds the library's code too
    async load(table) {
      const api = (await GPT_TOKENIZER[table]()).default;
      const ordinary = { disallowedSpecial: new Set() };
      return { encode: (text) => api.encode(text, ordinary), free: () => api.clearMergeCache() };
    },
  },
  "js-tiktoken@1.0.21": {
    tables: OPENAI,
    async setup() {
      jsTiktoken = await import("js-tiktoken/lite");
    },
    async load(table) {
      const encoder = new jsTiktoken.Tiktoken((await JS_TIKTOKEN[table]()).default);
      return { encode: (text) => encoder.encode(text, [], []), free: NOTHING };
    },
  },
  "llama-tokenizer-js@1.2.2": {
    tables: ["llama2"],
    setup: NOTHING, // the module is the table: it decodes its vocabulary when imported
    async load() {
      const tokenizer = (await import("llama-tokenizer-js")).default;
      return { encode: (text) => tokenizer.encode(text, false, true), free: NOTHING };
    },
  },
  "mistral-tokenizer-js@1.0.0": {
    tables: ["mistral"],
    setup: NOTHING,
    async load() {
      const tokenizer = (await import("mistral-tokenizer-js")).default;
      return { encode: (text) => tokenizer.encode(text, false, true), free: NOTHING };
    },
  },
};
