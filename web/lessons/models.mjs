// Lesson "models": the MiniMind notes' model table, measured. One text goes through every model's own
// tokenizer (OpenAI's three tables, MiniMind, Qwen3, DeepSeek-V3, Llama 3, Gemma 3, and the reader's
// own tokenizer.json), one engine request (`model_row`) per model, so the rows fill as the tables load.
// The engine counts everything (tokens, characters per token, tokens per Chinese character, the
// vocabulary from the file, the embedding's size, MiniMind's make-up); the vocabulary sizes the notes
// state are quoted beside the file's. A sentence checks the notes' claim that Chinese models compress
// Chinese better, from the measured rows.

import { param } from "../state.mjs";
import { LIMITS, TIMING } from "../theme.mjs";
import { el } from "../ui/dom.mjs";
import { tableKeys } from "../i18n.mjs";
import { intro, inputCard, stageCard, tokenChip, errorText } from "../ui/lessonkit.mjs";
import { TextLesson } from "../ui/textLesson.mjs";
import { modelsQuiz } from "./models/ask.mjs";
import { FileOpener, openFile } from "./models/file.mjs";
import { PRESETS, CHINESE } from "./models/presets.mjs";
import { MODELS, LOAD_ORDER, SPM_ORDER, BESIDE_ORDER, waitsForTap } from "./models/table.mjs";
import { NotesWrong } from "./models/notesWrong.mjs";
import { Limits } from "./models/limits.mjs";
import "./models/strings.mjs";

const DIM = 768;

const PARAMS = new Map([
  ["mtext", param.text(CHINESE, LIMITS.hashTextMax)],
  ["tokfile", param.text("", 200)],  // the name of the reader's tokenizer.json, when one is in use
]);

const fmt = (n) => n.toLocaleString("en-US");

/**
 * The characters a SentencePiece answer wrote as bytes (byte fallback): each run of <0xXX> tokens read
 * as UTF-8, one entry per character, with the tokens it took.
 */
function byteFallbacks(forms) {
  const out = [];
  let run = [];
  const flush = () => {
    if (!run.length) return;
    const bytes = new Uint8Array(run.map((f) => parseInt(f.slice(3, 5), 16)));
    let at = 0;
    for (const ch of new TextDecoder("utf-8").decode(bytes)) {
      const n = new TextEncoder().encode(ch).length;
      const char = ch === "\uFFFD" ? "?" : ch;
      if (!out.some((f) => f.char === char)) out.push({ char, bytes: run.slice(at, at + n) });
      at += n;
    }
    run = [];
  };
  for (const form of forms) {
    if (/^<0x[0-9A-F]{2}>$/.test(form)) run.push(form);
    else flush();
  }
  flush();
  return out;
}

function ratio(x) {
  return x === null || x === undefined ? null : x.toFixed(2);
}

class ModelsLesson extends TextLesson {
  constructor(ctx) {
    super(ctx, { id: "models", params: PARAMS, field: "mtext", debounceMs: 250 });
    const b = this.b;
    const input = this.textBox("models", { rows: 4 });
    const presets = this.presets(PRESETS);
    this.rowState = new Map();  // encoding -> {answer} | {loading, progress} | {offer}
    this.asked = new Set();     // the large models a phone's reader asked for with a tap

    this.file = new FileOpener(ctx, b, { id: "models-file", onOpened: (name) => this.fileOpened(name) });
    this.fileNeeded = el("p", { className: "lk-note", testid: "tokenizer-file-needed" });
    this.fileNeeded.hidden = true;
    const fileBox = el("div", {}, this.file.node, this.fileNeeded);

    const card = inputCard(b, input, {
      name: "models", labelKey: "models.inputLabel", hintKey: "models.inputHint",
      below: [this.errorBox, el("div", { className: "preset-row" }, presets)],
      sideClass: "lk-settings", side: [fileBox],
    });

    // Busy until the rows are all in (run): they grow as the tables load, pushing what follows down.
    this.rows = el("div", { className: "lk-compare-rows lk-model-rows", testid: "model-rows", attrs: { "aria-busy": "true" } });
    const rowsCard = stageCard(b, { n: 1, id: "models-rows-title", titleKey: "models.rowsTitle", textKey: "models.rowsText" }, this.rows);

    this.claim = el("div", { className: "stage-text", testid: "models-claim", attrs: { "aria-live": "polite" } });
    const claimCard = stageCard(b, { n: 2, id: "models-claim-title", titleKey: "models.claimTitle", textKey: "models.claimText" }, this.claim);

    this.makeupLine = el("p", { className: "stage-text", testid: "models-makeup" });
    this.makeupNote = el("p", { className: "fine", testid: "models-makeup-note" });
    this.matrixText = el("p", { className: "stage-text", testid: "models-matrix-text" });
    this.matrix = el("div", { className: "lk-matrix", testid: "embedding-matrix", attrs: { role: "img" } });
    this.matrixMarks = el("div", { className: "lk-matrix-marks" });
    this.matrix.append(this.matrixMarks);
    this.matrixTop = el("span", { className: "lk-matrix-axis top" });
    this.matrixBottom = el("span", { className: "lk-matrix-axis bottom" });
    const makeupCard = stageCard(b, { n: 3, id: "models-makeup-title", titleKey: "models.makeupTitle", textKey: "models.makeupText" },
      this.makeupLine, this.makeupNote, this.matrixText,
      el("div", { className: "lk-matrix-wrap" }, this.matrixTop, this.matrix, this.matrixBottom));

    this.notesWrong = new NotesWrong(ctx, b, 4);
    this.limits = new Limits(b, 5);
    const ask = this.askFirst([rowsCard, claimCard, makeupCard], () => modelsQuiz(this.t, { text: this.get("mtext"), rows: this.measured(), state: (id) => this.rowState.get(id), waits: (id) => this.onRequest(id), name: (id) => this.modelName(id) }));
    this.mount([intro(b, "models.title", "models.lead"), card, ask], rowsCard, claimCard, makeupCard, this.notesWrong.card, this.limits.card);
  }

  update(state, changed) {
    super.update(state, changed);
    if (changed.has("tokfile") || changed.has("lang")) this.showFile();
  }

  // --- the reader's file -------------------------------------------------------------------------

  fileOpened(name) {
    this.ctx.setState({ tokfile: name });
    this.showFile();
    this.debounced.schedule();
  }

  showFile() {
    const t = this.t;
    const open = openFile();
    const named = this.get("tokfile");
    this.file.render();
    this.fileNeeded.hidden = !(named && (!open || open.name !== named));
    this.fileNeeded.textContent = named ? t("models.fileNeeded", { name: named }) : "";
  }

  // --- the rows ----------------------------------------------------------------------------------

  encodings() {
    return openFile() ? [...LOAD_ORDER, ...BESIDE_ORDER, ...SPM_ORDER, "custom"] : [...LOAD_ORDER, ...BESIDE_ORDER, ...SPM_ORDER];
  }

  /**
   * One request per model, in LOAD_ORDER; each answer fills its row at once. On a phone or a connection
   * that asks to save data, a large model's row offers a button instead: its file loads when tapped.
   */
  async run() {
    const ticket = this.latest.next();
    const text = this.get("mtext");
    this.rowState = new Map();
    this.render();
    this.rows.setAttribute("aria-busy", "true");
    for (const encoding of this.encodings()) {
      if (this.onRequest(encoding)) {
        this.rowState.set(encoding, { offer: true });
        this.renderRow(encoding);
        continue;
      }
      if (!(await this.loadRow(encoding, ticket, text))) return null;
    }
    this.rows.setAttribute("aria-busy", "false");
    return null;
  }

  /** Whether `encoding` waits for a tap: a large model, on a phone or a save-data connection, not yet asked for. */
  onRequest(encoding) {
    return !this.asked.has(encoding) && waitsForTap(encoding);
  }

  /** Asks for one row and draws it; false when a newer run took over. */
  async loadRow(encoding, ticket, text) {
    this.rowState.set(encoding, { loading: true, progress: null });
    this.renderRow(encoding);
    const answer = await this.ctx.query("model_row", { text, encoding }, {
      timeoutMs: TIMING.modelLoadTimeoutMs,
      onProgress: (p) => {
        if (!this.latest.is(ticket)) return;
        this.rowState.set(encoding, { loading: true, progress: p });
        this.renderRow(encoding);
      },
    });
    if (!this.latest.is(ticket) || answer.superseded) return false;
    this.rowState.set(encoding, { answer });
    this.renderRow(encoding);
    this.renderSummary();
    return true;
  }

  /** A tap on a large model's row: its file loads now, for the text shown. */
  ask(encoding) {
    this.asked.add(encoding);
    this.loadRow(encoding, this.latest.now, this.get("mtext"));
  }

  render() {
    const list = [...MODELS.map((m) => m.id), ...(openFile() ? ["custom"] : [])];
    this.rowNodes = new Map(list.map((id) => [id, this.rowNode(id)]));
    this.rows.replaceChildren(...this.rowNodes.values());
    this.renderSummary();
  }

  renderRow(id) {
    if (!this.rowNodes || !this.rowNodes.has(id)) return this.render();
    const node = this.rowNode(id);
    this.rowNodes.get(id).replaceWith(node);
    this.rowNodes.set(id, node);
    return undefined;
  }

  modelName(id) {
    const open = openFile();
    return this.t(`models.name.${id}`, { name: open ? open.name : "" });
  }

  rowNode(id) {
    const t = this.t;
    const model = MODELS.find((m) => m.id === id) || { id };
    const state = this.rowState.get(id);
    const answer = state && state.answer;
    const r = answer && answer.ok ? answer.result : null;
    const data = { model: id };
    if (r) Object.assign(data, { tokens: r.n_tokens, vocab: r.vocab_size });
    const vocabLine = model.notes
      ? t("models.notesVocab", { notes: fmt(model.notes), file: r ? fmt(r.vocab_size) : t("models.none") })
      : t("models.fileVocab", { file: r ? fmt(r.vocab_size) : t("models.none") });
    const head = el("header", { className: "lk-compare-head" },
      el("h3", { className: "lk-compare-name" }, this.modelName(id)),
      el("p", { className: "fine", testid: "model-vocab-line" }, vocabLine));
    const about = model.spm ? this.spmAbout(id, model, r)
      : model.file === false || (this.hasAbout(id) && r) // its sentence counts from the file: said once the row has it
        ? el("p", { className: "fine" }, t(`models.about.${id}`, { added: r && r.makeup ? fmt(r.makeup.added) : "", notes: model.notes ? fmt(model.notes) : "", file: r ? fmt(r.vocab_size) : "" }))
        : null;
    if (model.file === false) {
      // No file ships for it: the reader may have one (a SentencePiece .model or a tokenizer.json).
      const open = el("button", {
        className: "tool-button", testid: "model-open-file", attrs: { type: "button" },
        on: { click: () => this.file.input.click() },
      }, t("models.openOwn"));
      return el("article", { className: `lk-compare-row model-row unavailable`, testid: "model-row", data }, head, about,
        el("p", { className: "fine" }, t("models.openOwnHint")), open);
    }
    let body;
    if (r) {
      const dash = t("models.none");
      const stats = el("dl", { className: "lk-stats" },
        el("div", {}, el("dt", {}, t("models.tokens")), el("dd", { testid: "model-tokens" }, fmt(r.n_tokens))),
        el("div", {}, el("dt", {}, t("models.perToken")), el("dd", { testid: "model-per-token" }, ratio(r.chars_per_token) ?? dash)),
        el("div", {}, el("dt", {}, t("models.perHan")), el("dd", { testid: "model-per-han" }, ratio(r.tokens_per_han) ?? dash)),
        el("div", {}, el("dt", {}, t("models.embedding", { dim: r.dim })),
          el("dd", { testid: "model-embedding" }, t("models.embeddingValue", { rows: fmt(r.vocab_size), dim: r.dim, total: fmt(r.embedding) }))));
      // Part of a character shows its bytes in hex, dashed, as in every lesson; the vocabulary's own
      // spelling of the token (Ġok, ä», <0xE4>) is its title.
      const chips = r.labels.map((label, i) => tokenChip(label, r.ids[i], {
        tone: i, testid: "model-chip", className: r.partial[i] ? "lk-chip-part" : "", raw: r.partial[i],
        title: r.forms[i] !== label ? r.forms[i] : "",
      }));
      const more = r.n_tokens > r.labels.length ? el("p", { className: "fine" }, t("models.more", { n: fmt(r.n_tokens - r.labels.length) })) : null;
      // A long text's chips scroll inside the row: the box takes the focus, so a keyboard can scroll it too.
      const box = el("div", { className: "lk-chips", testid: "model-chips", attrs: { tabindex: "0", role: "group", "aria-label": t("models.chipsLabel", { name: this.modelName(id) }) } }, ...chips);
      body = [stats, box, more];
    } else if (answer) {
      body = [el("p", { className: "engine-error", testid: "model-error" }, t("error.engine", { message: errorText(t, answer.error) }))];
    } else if (state && state.offer) {
      body = [el("button", {
        className: "tool-button", testid: "model-load", attrs: { type: "button" },
        on: { click: () => this.ask(id) },
      }, t("models.offer", { name: this.modelName(id) }))];
    } else {
      const p = state && state.progress;
      const line = !state ? t("models.waiting")
        : p && p.total ? t("models.loadingBytes", { name: this.modelName(id), loaded: fmt(p.loaded), total: fmt(p.total) })
          : t("models.loading", { name: this.modelName(id) });
      const bar = el("progress", { className: "lk-progress", attrs: { max: p && p.total ? p.total : null, value: p && p.total ? p.loaded : null, "aria-hidden": "true" } });
      body = [el("p", { className: "fine lk-row-loading", testid: "model-loading" }, line), state ? bar : null];
    }
    return el("article", { className: `lk-compare-row model-row ${r ? "" : "pending"}`, testid: "model-row", data }, head, about, ...body);
  }

  /**
   * A SentencePiece row's lines: its licence, named with the model (from the engine's answer), and for
   * Llama 1/2 the characters this text makes it fall back to bytes, against Llama 3's count.
   */
  /** A row says more than its figures: its sentence on the notes' number, or Llama 1/2's byte fallbacks. */
  hasAbout = (id) => id === "llama2" || tableKeys("en").includes(`models.about.${id}`);

  spmAbout(id, model, r) {
    const t = this.t;
    const lines = [];
    if (r && r.licence) lines.push(el("p", { className: "fine", testid: "model-licence" }, t("models.licence", { name: this.modelName(id), licence: r.licence })));
    if (this.hasAbout(id) && r) {
      const fallen = byteFallbacks(r.forms);
      const llama3 = this.rowState.get("llama3");
      const l3 = llama3 && llama3.answer && llama3.answer.ok ? llama3.answer.result : null;
      lines.push(el("p", { className: "fine", testid: "model-fallback" }, fallen.length
        ? t("models.fallback", { list: fallen.map((f) => `${f.char} → ${f.bytes.join(" ")}`).join(t("models.listSep")) })
        : t("models.fallbackNone")));
      if (l3) lines.push(el("p", { className: "fine", testid: "model-vs-llama3" }, t("models.vsLlama3", { mine: fmt(r.n_tokens), llama3: fmt(l3.n_tokens), vocab: fmt(l3.vocab_size) })));
    }
    return lines.length ? el("div", { className: "lk-row-about" }, ...lines) : null;
  }

  // --- the claim, MiniMind's make-up and its embedding -------------------------------------------

  measured() {
    const rows = new Map();
    for (const [id, s] of this.rowState) if (s.answer && s.answer.ok) rows.set(id, s.answer.result);
    return rows;
  }

  renderSummary() {
    const t = this.t;
    const rows = this.measured();
    const done = LOAD_ORDER.every((id) => rows.has(id));
    const any = [...rows.values()][0];
    this.claim.replaceChildren();
    if (any && any.n_han === 0) {
      this.claim.append(el("p", {}, t("models.claimNoHan")));
    } else if (!done) {
      this.claim.append(el("p", {}, t("models.claimWaiting")));
    } else {
      this.claim.append(...this.claimLines(rows));
    }
    this.renderAsk();
    this.notesWrong.show(rows, t);
    this.limits.show(rows, t, (id) => this.modelName(id));
    const mm = rows.get("minimind");
    this.makeupLine.textContent = "";
    this.makeupNote.textContent = "";
    this.matrixText.textContent = "";
    this.matrixMarks.replaceChildren();
    if (!mm) return;
    const m = mm.makeup;
    this.makeupLine.textContent = t("models.makeup", { added: fmt(m.added), first: m.added_first, last: m.added_last, special: fmt(m.special), base: fmt(m.base), merges: fmt(m.merges), total: fmt(m.total) });
    const notes = m.total - m.base;  // the notes' count: every token past the 256 bytes is a merge
    this.makeupNote.textContent = t("models.makeupNote", { total: fmt(m.total), base: fmt(m.base), notes: fmt(notes), merges: fmt(m.merges), fewer: fmt(notes - m.merges) });
    this.matrixText.textContent = t("models.matrix", { rows: fmt(m.total), dim: mm.dim, n: fmt(mm.n_tokens) });
    const ids = [...new Set(mm.ids)];
    this.matrix.setAttribute("aria-label", t("models.matrixLabel", { rows: fmt(m.total), dim: mm.dim, ids: ids.slice(0, 20).join(", ") + (ids.length > 20 ? "…" : "") }));
    this.matrixTop.textContent = t("models.matrixRows");
    this.matrixBottom.textContent = t("models.matrixLast", { last: m.total - 1 });
    for (const id of ids) {
      const mark = el("span", { className: "lk-matrix-row", testid: "matrix-row", data: { id } });
      mark.style.top = `${(100 * id) / m.total}%`;
      this.matrixMarks.append(mark);
    }
  }

  /**
   * The claim's verdict, from the figures the rows show (tokens per Chinese character to two places):
   * two figures that read the same are a tie, and a tie is said as one.
   */
  claimLines(rows) {
    const t = this.t;
    const name = (id) => this.modelName(id);
    const measured = MODELS.filter((m) => !m.spm && !m.beside && rows.has(m.id) && rows.get(m.id).tokens_per_han !== null);
    const shown = (id) => ratio(rows.get(id).tokens_per_han);
    const per = (id) => Number(shown(id));  // as the row shows it, so the verdict reads like the rows
    const ranked = [...measured].sort((a, b) => per(a.id) - per(b.id));
    const named = (ms) => ms.map((m) => `${name(m.id)} ${shown(m.id)}`);
    const list = (ms) => named(ms).join(t("models.listSep"));
    const joined = (ms) => named(ms).join(t("models.claimAnd"));
    const lines = [el("p", { testid: "models-claim-ranking" }, t("models.claimRanking", { list: list(ranked) }))];
    const large = measured.filter((m) => !m.own);
    const chinese = large.filter((m) => m.chinese);
    const others = large.filter((m) => !m.chinese);
    const holds = others.every((o) => chinese.every((c) => per(c.id) < per(o.id)));
    const fails = others.every((o) => chinese.every((c) => per(o.id) < per(c.id)));
    let verdict;
    if (holds) verdict = t("models.claimHolds", { chinese: list(chinese), others: list(others) });
    else if (fails) verdict = t("models.claimFails", { chinese: list(chinese), others: list(others) });
    else {
      const clauses = [];
      for (const o of others) {
        const fewer = chinese.filter((c) => per(o.id) < per(c.id));
        const same = chinese.filter((c) => per(o.id) === per(c.id));
        const vars = { name: `${name(o.id)} ${shown(o.id)}`, fewer: joined(fewer), same: joined(same) };
        if (fewer.length && same.length) clauses.push(t("models.claimFewerSame", vars));
        else if (fewer.length) clauses.push(t("models.claimFewer", vars));
        else if (same.length) clauses.push(t("models.claimSame", vars));
      }
      verdict = t("models.claimMixed", { clauses: clauses.join(t("models.claimSep")) });
    }
    lines.push(el("p", { testid: "models-claim-verdict", data: { holds } }, verdict));
    const mm = measured.find((m) => m.own);
    if (mm) {
      const rest = measured.filter((m) => !m.own);
      const fewer = rest.filter((m) => per(mm.id) < per(m.id));
      const same = rest.filter((m) => per(mm.id) === per(m.id));
      const more = rest.filter((m) => per(mm.id) > per(m.id));
      const parts = [[fewer, "models.mmFewer"], [same, "models.mmSame"], [more, "models.mmMore"]]
        .filter(([ms]) => ms.length).map(([ms, key]) => t(key, { list: list(ms) }));
      lines.push(el("p", { testid: "models-claim-minimind" },
        t("models.claimMiniMind", { vocab: fmt(rows.get(mm.id).vocab_size), mm: shown(mm.id), compare: parts.join(t("models.claimSep")) })));
      if (more.length === 0) lines.push(el("p", { testid: "models-claim-minimind-cost" }, t("models.mmNoCost")));
      else if (more.length === rest.length) lines.push(el("p", { testid: "models-claim-minimind-cost" }, t("models.mmCost")));
    }
    return lines;
  }
}

export default Object.freeze({
  id: "models",
  params: PARAMS,
  keys: [],
  create: (ctx) => new ModelsLesson(ctx),
  sheet: (ctx, state) => import("./models/sheet.mjs").then((m) => m.modelsSheet(ctx, state)),
});
