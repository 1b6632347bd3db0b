// The token tables a lesson can use (the engine's `encoding` field, docs/protocol.md) and the select
// that chooses one. r50k_base is inside the engine and is the default; cl100k_base and o200k_base are
// files the worker fetches the first time a request names them (web/worker.mjs), with progress;
// gpt-oss's o200k_harmony reads o200k_base's file (protocol.mjs TABLE_FILES). The
// choice is one state field, `encoding`, so encode, decode and special follow it and the URL keeps it.
//
// What a table is (its family, the format of its file, its title, licence and vocabulary size, the file
// the worker fetches) is the engine's to say: `tokenizer_facts` for every table, precomputed by the build
// and brought again by every answer that used it (`model`). The page never classifies a table by its
// name: `factsOf(name)` and `modelFile(name)` (a model's own file, not OpenAI's ranks) read those facts.
//
//     const choice = new EncodingChoice(ctx, (name) => rerun());   // place choice.element
//     update(state, changed): choice.update(state, changed);   queries: withEncoding(payload, choice.active)
//
// `active` is the table the lesson uses now: r50k_base until the chosen table has loaded. A table that
// does not load leaves the lesson on r50k_base (the state goes back to it) and says so. Whether the
// worker holds a table and how far its loading is come from the engine's tables store (engine.mjs
// `tables`, through ctx.onTables): the choice keeps only what the reader wants (`wanted`) and uses.
//
// The open models (issue #24: minimind, qwen3, deepseek_v3, llama3, gemma3) are tables too, in their own
// group of the select. Each is labelled with its name and vocabulary size from the engine's facts
// (`tokenizer_facts`, precomputed by the build; `model` in every answer that used it), never typed in.
//
// The SentencePiece models (issue 38: llama2, mistral, unigram_en, unigram_ja, toklab.spm_models) are a
// group of their own: Llama 1/2's and Mistral 7B's tokenizer.model (BPE by score) and sentencepiece's own
// Unigram test models. The worker fetches each as models/<name>.model when first named; their labels
// name them in the language of the page, with the vocabulary size from the engine's facts.
//
// The WordPiece tables (issue 38: wordpiece_en, toklab.wordpiece_models) are a group of their own: a
// BERT-style vocabulary the build trains with toklab's WordPieceTrainer. The worker fetches each as
// models/<name>.tokenizer.json when first named; its facts (title, family, size) are the engine's.
//
// The reader's own tokenizer.json (`custom`, opened with models/file.mjs) is a table too, for the
// session: once the engine holds one (`setCustomFile`), every select gains the option "Your file:
// <name>". A link that names `custom` in a page that has no file falls back to r50k_base and says the
// file is needed (`tokfile`, the file's name, is in the URL; the file itself never is).

import { param } from "../state.mjs";
import { el, Bindings } from "../ui/dom.mjs";
import { ENCODINGS, OPENAI_TABLES, DEFAULT_ENCODING, OPEN_MODEL_NAMES, FETCHED_SPM, FETCHED_WORDPIECE, CUSTOM_TABLE } from "../protocol.mjs";
import { precomputed } from "../precomputed.mjs";
import { TIMING } from "../theme.mjs";
import "./encodingWords.mjs";

export { ENCODINGS, OPENAI_TABLES, DEFAULT_ENCODING, OPEN_MODEL_NAMES, FETCHED_SPM, CUSTOM_TABLE }; // the tables' names, declared once (toklab.registry, through toklab.protocol)

/** Every table a lesson may use: OpenAI's, the open models, the SentencePiece models, the reader's file. */
export const TABLE_NAMES = Object.freeze([...OPENAI_TABLES, ...OPEN_MODEL_NAMES, ...FETCHED_SPM, ...FETCHED_WORDPIECE, CUSTOM_TABLE]);

/** The `encoding` state field (left out of the URL at its default). */
export const encodingParam = () => param.oneOf(DEFAULT_ENCODING, TABLE_NAMES);

const modelFacts = new Map(); // name -> the engine's ModelFacts (docs/protocol.md), every table's
for (const name of TABLE_NAMES) {
  const answer = name === CUSTOM_TABLE ? null : precomputed("tokenizer_facts", { encoding: name });
  if (answer && answer.ok) modelFacts.set(name, answer.result);
}

/** The facts an answer brought (`model`), kept for the labels and sentences; null is ignored. */
export function learnModel(facts) {
  if (facts && typeof facts.name === "string" && TABLE_NAMES.includes(facts.name)) modelFacts.set(facts.name, facts);
}

/** What the engine said of table `name` (ModelFacts: family, format, title, licence, sizes), or null before it said anything. */
export const factsOf = (name) => modelFacts.get(name) ?? null;

/**
 * The facts of a table read from a model's own file (a tokenizer.json or a tokenizer.model: an open
 * model, a SentencePiece model, the reader's file), or null: OpenAI's ranks, or nothing said yet.
 */
export function modelFile(name) {
  const facts = factsOf(name);
  return facts && facts.format !== "tiktoken" ? facts : null;
}

/** The engine says table `name` is a SentencePiece model (a tokenizer.model: Llama 1/2, Mistral, the Unigram models). */
const isSentencePiece = (name) => name !== CUSTOM_TABLE && factsOf(name)?.format === "tokenizer.model";

/** The engine says table `name` is a WordPiece table it ships (BERT's longest match: wordpiece_en, trained by the build). */
export const isWordPiece = (name) => name !== CUSTOM_TABLE && factsOf(name)?.family === "wordpiece";

const GROUPED = new Intl.NumberFormat("en-US");

let custom = null; // the reader's file the engine holds: {name, facts}, or null
const choices = new Set(); // the live selects, told when the file changes

/** The reader's tokenizer.json the engine holds as "custom" ({name, facts}: ModelFacts), or null. */
export const customFile = () => custom;

/** The engine opened the reader's file `name` (its ModelFacts `facts`): every select offers it. */
export function setCustomFile(name, facts) {
  custom = { name, facts };
  modelFacts.set(CUSTOM_TABLE, facts);
  for (const choice of choices) choice.render();
}

/** A SentencePiece model's name in the page's language (encodingWords.mjs: encoding.title.*). */
const spmTitle = (model, t) => t(`encoding.title.${model}`);

/**
 * A table's name as the sentences write it: OpenAI's as it is (cl100k_base), a SentencePiece model's in
 * the page's language (encodingWords.mjs), an open model's title from its facts.
 */
export function tableTitle(name, t) {
  if (isWordPiece(name)) return spmTitle(name, t);
  if (isSentencePiece(name)) return spmTitle(name, t);
  const facts = modelFile(name);
  return facts ? facts.title : name;
}

/** The select's label of a table: OpenAI's by its name, a model's title and vocabulary size (with its added tokens). */
function optionLabel(name, t) {
  const facts = factsOf(name);
  if (!facts) return name;
  if (isWordPiece(name)) return t("encoding.wordpiece", { title: tableTitle(name, t), size: GROUPED.format(facts.vocab_size) });
  if (facts.format === "tiktoken") return t(`encoding.${name}`);
  if (name === CUSTOM_TABLE) return t("encoding.custom", { title: facts.title, size: GROUPED.format(facts.vocab_size_with_added) });
  if (facts.format === "tokenizer.model") {
    return t("encoding.spm", { title: tableTitle(name, t), family: t(`encoding.family.${facts.family}`), size: GROUPED.format(facts.vocab_size) });
  }
  return t("encoding.model", { title: facts.title, size: GROUPED.format(facts.vocab_size_with_added) });
}

/**
 * A payload for `encoding`: the default leaves the field out, so r50k's payloads (and their precomputed
 * answers) stay what they were.
 *     withEncoding({text: "hi"}, "r50k_base") -> {text: "hi"};  (…, "o200k_base") -> {text: "hi", encoding: "o200k_base"}
 */
export function withEncoding(payload, encoding) {
  return encoding === DEFAULT_ENCODING ? payload : { ...payload, encoding };
}

/**
 * The reader's file went with an old worker (Stop, Restart: a new one holds only r50k_base, as
 * engine.holds says): it must be opened again, and no select offers it meanwhile.
 */
function forgetCustomUnlessHeld(holds) {
  if (!custom || holds(CUSTOM_TABLE)) return;
  custom = null;
  modelFacts.delete(CUSTOM_TABLE);
  for (const choice of choices) choice.render();
}

const MB = 1024 * 1024;

export class EncodingChoice {
  /** onActive(name): the table in use changed; choose(name): the reader chose a table (default: the state's `encoding`). */
  constructor(ctx, onActive, { id = "encoding", choose = (encoding) => ctx.setState({ encoding }) } = {}) {
    const b = new Bindings();
    this.b = b;
    this.ctx = ctx;
    this.onActive = onActive;
    this.active = DEFAULT_ENCODING;
    this.wanted = DEFAULT_ENCODING;
    this.tables = ctx.tables ? ctx.tables() : { held: [DEFAULT_ENCODING], loading: {} }; // the store, as last told
    this.failed = null; // the name of the last table that did not load
    this.needsFile = null; // a link named the reader's file ("custom") and this page has none: its name
    this.closed = false;
    this.select = el("select", {
      id: `${id}-select`, testid: "encoding-select", className: "encoding-select",
      on: { change: () => {
        this.needsFile = null;
        choose(this.select.value);
      } },
    });
    this.options = new Map();
    this.groups = [["encoding.groupOpenAI", OPENAI_TABLES], ["encoding.groupOpen", OPEN_MODEL_NAMES], ["encoding.groupSpm", FETCHED_SPM], ["encoding.groupWordPiece", FETCHED_WORDPIECE]].map(([key, names]) => {
      const group = el("optgroup", { data: { group: key } });
      for (const name of names) {
        const option = el("option", { attrs: { value: name } });
        this.options.set(name, option);
        group.append(option);
      }
      this.select.append(group);
      return [key, group];
    });
    // The reader's file: a group of its own, in the select only while the engine holds a file.
    this.fileGroup = el("optgroup", { data: { group: "encoding.groupFile" } }, el("option", { attrs: { value: CUSTOM_TABLE } }));
    this.options.set(CUSTOM_TABLE, this.fileGroup.firstChild);
    this.groups.push(["encoding.groupFile", this.fileGroup]);
    this.status = el("p", { className: "encoding-status", testid: "encoding-status", attrs: { role: "status" } });
    this.note = el("p", { className: "encoding-note fine", testid: "encoding-note" });
    this.element = el("div", { className: "encoding-choice" },
      b.text(el("label", { className: "field-label", attrs: { for: `${id}-select` } }), "encoding.label"),
      this.select, this.status, this.note);
    this.render();
    choices.add(this);
    this.unsubscribe = ctx.onTables ? ctx.onTables((tables) => {
      this.tables = tables;
      this.render();
    }) : () => {};
  }

  /** {name, loaded, total} while the table wanted is not the one in use and the worker does not hold it yet, else null. */
  get loading() {
    const name = this.wanted;
    if (name === this.active || this.needsFile || this.tables.held.includes(name)) return null;
    return { name, ...(this.tables.loading[name] ?? { loaded: 0, total: 0 }) };
  }

  update(state, changed) {
    if (changed.has("encoding")) this.choose(TABLE_NAMES.includes(state.encoding) ? state.encoding : DEFAULT_ENCODING, state.tokfile);
    else if (changed.has("lang")) this.render();
  }

  /** A new file replaced the one in use as "custom": the lesson asks again, as for a new table. */
  reloadCustom() {
    if (this.active === CUSTOM_TABLE) this.onActive(CUSTOM_TABLE);
  }

  async choose(name, fileName = "") {
    this.wanted = name;
    forgetCustomUnlessHeld(this.ctx.holdsTable);
    if (name === CUSTOM_TABLE && !custom) {
      // The link names the reader's file, which is not in this page: say so, and stay on r50k_base.
      this.needsFile = fileName || "tokenizer.json";
      this.render();
      queueMicrotask(() => {  // after the update that asked for it, as a table that failed to load does
        if (!this.closed && this.wanted === CUSTOM_TABLE && !custom) this.ctx.setState({ encoding: DEFAULT_ENCODING });
      });
      return;
    }
    if (name !== DEFAULT_ENCODING) this.needsFile = null;
    this.render();
    this.select.value = name;
    // Whether the engine's worker holds it is the engine's to say: a restarted worker holds only r50k_base.
    if (this.ctx.holdsTable(name)) {
      this.use(name);
      return;
    }
    this.failed = null;
    this.render(); // loading: its progress is the store's
    // Building an open model's tokenizer inside Pyodide takes long (Gemma 3: 262,144 tokens, 514,906 merges).
    const answer = await this.ctx.query("warmup", { encoding: name }, { timeoutMs: modelFile(name) ? TIMING.modelLoadTimeoutMs : null });
    if (this.closed || this.wanted !== name) return;
    if (answer.ok) {
      this.use(name);
    } else {
      this.failed = name;
      this.ctx.setState({ encoding: DEFAULT_ENCODING });
      this.render();
    }
  }

  /** The answer for the table in use brought its facts: the labels and the note say them. */
  learned(facts) {
    if (!facts) return;
    learnModel(facts);
    this.render();
  }

  use(name) {
    const changed = name !== this.active;
    this.active = name;
    this.render();
    if (changed) this.onActive(name);
  }

  render() {
    const t = this.ctx.t;
    this.b.apply(t);
    if (custom && !this.fileGroup.isConnected) this.select.append(this.fileGroup);
    else if (!custom && this.fileGroup.isConnected) this.fileGroup.remove();
    for (const [key, group] of this.groups) group.label = t(key);
    for (const [name, option] of this.options) option.textContent = optionLabel(name, t);
    if (this.select.value !== this.wanted && this.options.get(this.wanted)?.isConnected) this.select.value = this.wanted;
    const l = this.loading;
    let status = "";
    if (l) {
      const percent = l.total > 0 ? t("encoding.loadingSize", { loaded: (l.loaded / MB).toFixed(1), total: (l.total / MB).toFixed(1) }) : "";
      status = t("encoding.loading", { name: tableTitle(l.name, t), percent });
    } else if (this.failed) {
      status = t("encoding.failed", { name: tableTitle(this.failed, t) });
    } else if (this.needsFile) {
      status = t("encoding.needsFile", { name: this.needsFile });
    }
    this.status.textContent = status;
    this.status.hidden = status === "";
    this.status.dataset.state = l ? "loading" : this.failed ? "error" : this.needsFile ? "needs-file" : "ready";
    const facts = modelFile(this.active);
    const title = facts ? facts.title : this.active;
    this.note.textContent = isWordPiece(this.active) ? t("encoding.note.wordpiece", { title: tableTitle(this.active, t), licence: facts.licence })
      : this.active === CUSTOM_TABLE
        ? t(`encoding.note.${facts && (facts.family === "spm_bpe" || facts.family === "unigram") ? "customModel"
          : facts && facts.family === "wordpiece" && /\.txt$/i.test(title) ? "customVocab" : "custom"}`, { title })
      : !facts ? t(`encoding.note.${this.active}`)
      : facts.format === "tokenizer.model" ? t(`encoding.note.${facts.family === "unigram" ? "unigram" : "spm"}`, { title: tableTitle(this.active, t), licence: facts.licence })
        : t("encoding.note.open", { title, licence: facts.licence });
    this.element.dataset.active = this.active;
  }

  destroy() {
    this.closed = true;
    this.unsubscribe();
    choices.delete(this);
  }
}
