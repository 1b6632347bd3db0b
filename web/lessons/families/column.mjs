// One tokenizer's column in the families lesson: its tokens and ids (the engine's `overview`), the
// vocabulary's own spelling of each id (`decode`), what it did with spaces and with characters it lacks
// (facts.mjs), and one word stepped through in its family's terms (`trace_piece`): GPT-2's merges by rank
// (rankView.mjs), a SentencePiece model's merges by score or its lattice (the Encode lesson's FamilyStage).
//
//     const column = new FamilyColumn(ctx, {id: "llama2", encoding: "llama2"});   place column.node
//     await column.load(text, round);   column.render(t);   column.step(+1);   column.pick(index)
//
// Test hooks: family-column (data-column, data-state = loading | ready | error, data-tokens,
// data-family), family-count, family-chip (data-id, data-kind = whole | partial | unknown),
// family-ids, family-space, family-cut, family-unknown, family-word (data-index, aria-pressed),
// family-prev, family-next, family-step, family-caption; the stage's own (rank-stage, family-stage).

import { ITEM_LIMIT } from "../../protocol.mjs";
import { settled } from "../../ui/settled.mjs";
import { TIMING } from "../../theme.mjs";
import { el } from "../../ui/dom.mjs";
import { tokenChip, errorText } from "../../ui/lessonkit.mjs";
import { visibleSymbol } from "../../glyphs.mjs";
import { withEncoding, tableTitle } from "../encodings.mjs";
import { FamilyStage } from "../encode/familyView.mjs";
import { familyCaption } from "../encode/familyWords.mjs";
import { stepCount, isFamilyTrace } from "../encode/family.mjs";
import { RankStage, rankCaption, rankSteps } from "./rankView.mjs";
import { columnFacts } from "./facts.mjs";
import { overviewPayload } from "./presets.mjs";
import { factLines } from "./words.mjs";

const CUT_SHOWN = 8;     // characters written as bytes listed in a column's line
const UNKNOWN_SHOWN = 6; // unknown tokens listed

const fmt = (n) => n.toLocaleString("en-US");

/**
 * What a column shows of `text`, asked as the lesson asks it (its worksheet asks the same): the table's
 * `overview`, then a `decode` of its ids for the vocabulary's own spelling of each (the first ITEM_LIMIT).
 * -> {ok, overview, facts} | {ok: false, error} | {superseded: true}
 */
export async function readColumn(ctx, spec, text, { round = null, onProgress = null } = {}) {
  const payload = (fields) => withEncoding(fields, spec.encoding);
  // The worksheet's context has no holdsTable: it waits as long as a table's first load may take.
  const held = typeof ctx.holdsTable === "function" && ctx.holdsTable(spec.encoding);
  const answer = await ctx.query("overview", overviewPayload(text, spec), {
    round, onProgress,
    timeoutMs: held ? null : TIMING.modelLoadTimeoutMs, // a file to fetch and read first
  });
  if (answer.superseded) return { superseded: true };
  if (!answer.ok) return { ok: false, error: answer.error };
  const overview = answer.result;
  const spelled = new Map();
  if (overview.ids.length) {
    const decoded = await ctx.query("decode", payload({ ids: overview.ids.slice(0, ITEM_LIMIT).join(" ") }), { round });
    if (decoded.superseded) return { superseded: true };
    if (!decoded.ok) return { ok: false, error: decoded.error };
    for (const item of decoded.result.items) if (item.id !== null) spelled.set(item.id, { token: item.token, special: item.special });
  }
  return { ok: true, overview, facts: columnFacts(text, overview, spelled) };
}

export class FamilyColumn {
  constructor(ctx, spec) {
    this.ctx = ctx;
    this.spec = spec;
    this.id = spec.id;
    this.text = null;
    this.round = null;
    this.overview = null;
    this.facts = null;
    this.error = null;
    this.progress = null;
    this.pieceIndex = 0;
    this.trace = null;
    this.traceError = null;
    this.stepAt = 0;
    this.titleId = `fam-col-${spec.id}`;

    this.name = el("h3", { className: "fam-col-name", id: this.titleId });
    this.model = el("p", { className: "fine fam-col-model" });
    this.how = el("p", { className: "fine fam-col-how" });
    this.count = el("p", { className: "fam-col-count", testid: "family-count" });
    this.status = el("p", { className: "fine fam-col-status", attrs: { role: "status" } });
    this.errorBox = el("p", { className: "engine-error", testid: "family-error", attrs: { role: "alert" } });
    this.chips = el("div", { className: "lk-chips", testid: "family-tokens" });
    this.more = el("p", { className: "fine" });
    this.idsLabel = el("span", { className: "fam-col-label" });
    this.ids = el("code", { className: "fam-col-ids", testid: "family-ids" });
    this.space = el("li", { testid: "family-space" });
    this.cut = el("li", { testid: "family-cut" });
    this.unknown = el("li", { testid: "family-unknown" });
    this.stepTitle = el("h4", { className: "fam-title" });
    this.words = el("ul", { className: "preset-list fam-words", testid: "family-words" });
    this.prev = el("button", { className: "ghost fam-step-button", testid: "family-prev", attrs: { type: "button" }, on: { click: () => this.step(-1) } }, "◀");
    this.next = el("button", { className: "ghost fam-step-button", testid: "family-next", attrs: { type: "button" }, on: { click: () => this.step(1) } }, "▶");
    this.stepText = el("span", { className: "fam-step-text", testid: "family-step", attrs: { "aria-live": "off" } });
    this.caption = el("p", { className: "fam-caption", testid: "family-caption", attrs: { "aria-live": "polite" } });
    this.rankStage = new RankStage();
    this.familyStage = new FamilyStage();
    this.stepper = el("div", { className: "fam-col-step" },
      this.stepTitle, this.words,
      el("div", { className: "fam-step-row" }, this.prev, this.stepText, this.next),
      this.caption, this.rankStage.node, this.familyStage.node);
    this.body = el("div", { className: "fam-col-body" },
      this.chips, this.more,
      el("p", { className: "fam-col-idline" }, this.idsLabel, " ", this.ids),
      el("ul", { className: "fam-col-facts", testid: "family-facts" }, this.space, this.cut, this.unknown),
      this.stepper);
    this.node = el("article", {
      className: `card fam-col fam-col-${spec.id}`, testid: "family-column",
      data: { column: spec.id, state: "loading" }, attrs: { "aria-labelledby": this.titleId },
    },
    el("header", { className: "fam-col-head" }, this.name, this.model, this.how, this.count),
    this.status, this.errorBox, this.body);
  }

  /** The payload of a request about the column's table. */
  payload(fields) {
    return withEncoding(fields, this.spec.encoding);
  }

  /** Asks for the text's tokens and the vocabulary's spelling of their ids, then the first word's trace. */
  async load(text, round) {
    this.text = text;
    this.round = round;
    this.overview = null;
    this.facts = null;
    this.error = null;
    this.progress = null;
    this.trace = null;
    this.traceError = null;
    this.pieceIndex = 0;
    this.stepAt = 0;
    this.redraw();
    const read = await readColumn(this.ctx, this.spec, text, {
      round,
      onProgress: (progress) => {
        if (this.round !== round) return;
        this.progress = progress;
        this.redraw();
      },
    });
    if (this.round !== round || read.superseded) return false;
    if (!read.ok) {
      this.error = read.error;
      this.redraw();
      return true;
    }
    const overview = read.overview;
    this.facts = read.facts;
    this.overview = overview;
    this.redraw();
    if (overview.pieces.length) await this.open(0);
    return true;
  }

  /**
   * The reader picks word `index`: a newer state of the column (ui/settled.mjs: the lesson is not settled
   * until its trace is drawn), as a step is.
   */
  pick(index) {
    return settled.asking(this.open(index));
  }

  /** Steps through word `index` (a piece of the overview's page) from its start. */
  async open(index) {
    const overview = this.overview;
    if (!overview || index < 0 || index >= overview.pieces.length) return;
    const round = this.round;
    this.pieceIndex = index;
    this.stepAt = 0;
    this.trace = null;
    this.traceError = null;
    const piece = overview.pieces[index];
    this.redraw();
    if (piece.bytes.length > overview.trace_limit) return;
    const answer = await this.ctx.query("trace_piece", this.payload({ text: this.text, index: piece.index }), { round });
    if (this.round !== round || this.pieceIndex !== index || answer.superseded) return;
    if (answer.ok) this.trace = answer.result;
    else this.traceError = answer.error;
    this.redraw();
  }

  /** How many steps the traced word has. */
  total() {
    if (!this.trace) return 0;
    return isFamilyTrace(this.trace) ? stepCount(this.trace) : rankSteps(this.trace);
  }

  /** Moves `delta` steps (clamped); true when it moved. */
  step(delta) {
    const next = Math.max(0, Math.min(this.total(), this.stepAt + delta));
    if (next === this.stepAt) return false;
    settled.asked(); // a step is a newer state of the column, drawn at once
    this.stepAt = next;
    this.redraw();
    return true;
  }

  /** Goes to the first or the last step. */
  jump(toEnd) {
    return this.step(toEnd ? this.total() : -this.total());
  }

  redraw() {
    if (this.t) this.render(this.t);
  }

  render(t) {
    this.t = t;
    const name = t(`families.name.${this.id}`);
    this.name.textContent = name;
    this.how.textContent = t(`families.how.${this.id}`);
    const o = this.overview;
    const state = this.error ? "error" : o ? "ready" : "loading";
    this.node.dataset.state = state;
    this.model.textContent = o ? this.modelLine(t, o) : "";
    this.model.hidden = !o;
    this.status.hidden = state !== "loading";
    const p = this.progress;
    this.status.textContent = p && p.total > 0
      ? t("families.loadingBytes", { loaded: fmt(Math.round(p.loaded / 1024)), total: fmt(Math.round(p.total / 1024)) })
      : t("families.loading");
    this.errorBox.hidden = !this.error;
    this.errorBox.textContent = this.error ? t("error.engine", { message: errorText(t, this.error) }) : "";
    this.body.hidden = !o;
    if (!o) {
      this.count.textContent = "";
      delete this.node.dataset.tokens;
      return;
    }
    const f = this.facts;
    this.node.dataset.tokens = String(f.count);
    this.node.dataset.family = o.family;
    this.count.textContent = t(f.count === 1 ? "families.count1" : "families.count", { n: fmt(f.count) });
    this.renderTokens(t, name);
    this.renderFacts(t);
    this.renderStep(t, name);
  }

  modelLine(t, o) {
    const size = fmt(o.n_vocab);
    return o.model && o.model.format !== "tiktoken" ? t("families.model.other", { title: tableTitle(this.spec.encoding, t), size }) : t("families.model.r50k", { size });
  }

  renderTokens(t, name) {
    const tokens = this.facts.tokens;
    const shown = tokens.slice(0, ITEM_LIMIT);
    this.chips.setAttribute("aria-label", t("families.tokensLabel", { name }));
    this.chips.setAttribute("role", "list");
    this.chips.replaceChildren(...shown.map((tok, i) => {
      const kind = tok.unknown ? "unknown" : tok.partial ? "partial" : "whole";
      // Named as every lesson names a token (facts.mjs tokenLabel); the vocabulary's spelling is its title.
      const spelling = tok.label !== tok.token ? ` (${visibleSymbol(tok.token)})` : "";
      const chip = tokenChip(tok.unknown ? tok.vocab : tok.label, tok.id, {
        tone: i, testid: "family-chip", className: kind === "whole" ? "" : kind, raw: !tok.unknown && tok.raw,
        title: tok.unknown ? t("families.unknownTip", { text: visibleSymbol(tok.surface) })
          : tok.partial ? `${t("families.partial")}${spelling}` : spelling.trim(),
      });
      chip.dataset.id = String(tok.id);
      chip.dataset.kind = kind;
      chip.setAttribute("role", "listitem");
      return chip;
    }));
    this.more.hidden = tokens.length <= shown.length;
    this.more.textContent = t("families.more", { n: fmt(tokens.length - shown.length) });
    this.idsLabel.textContent = t("families.idsLabel");
    this.ids.textContent = `${this.overview.ids.join(", ")}${this.overview.n_ids > this.overview.ids.length ? ", …" : ""}`;
  }

  renderFacts(t) {
    const f = this.facts;
    const [space, cut, unknown] = factLines(t, f, { cutShown: CUT_SHOWN, unknownShown: UNKNOWN_SHOWN });
    this.space.textContent = space;
    this.space.dataset.verdict = f.space.verdict;
    this.cut.textContent = cut;
    this.cut.dataset.chars = JSON.stringify([...new Set(f.cut.map((c) => c.char))]);
    this.unknown.textContent = unknown;
    this.unknown.dataset.count = String(f.unknown.length);
  }

  renderStep(t, name) {
    const o = this.overview;
    this.stepTitle.textContent = t("families.stepTitle");
    this.words.setAttribute("aria-label", t("families.words", { name }));
    // The word buttons are made once per answer, so the one pressed keeps the focus.
    if (this.wordsOf !== o) {
      this.wordsOf = o;
      this.words.replaceChildren(...o.pieces.map((piece, i) => el("li", {}, el("button", {
        className: "preset fam-word", testid: "family-word",
        attrs: { type: "button", "aria-pressed": "false" }, data: { index: i },
        on: { click: () => this.pick(i) },
      }, visibleSymbol(piece.label)))));
    }
    this.words.querySelectorAll("button").forEach((button, i) => button.setAttribute("aria-pressed", String(i === this.pieceIndex)));
    this.stepper.hidden = o.pieces.length === 0;
    const piece = o.pieces[this.pieceIndex];
    const tooLong = piece && piece.bytes.length > o.trace_limit;
    const trace = this.trace;
    const total = this.total();
    this.prev.disabled = !trace || this.stepAt === 0;
    this.next.disabled = !trace || this.stepAt >= total;
    this.prev.setAttribute("aria-label", t("families.prev"));
    this.next.setAttribute("aria-label", t("families.next"));
    this.stepText.textContent = trace ? t("families.stepOf", { step: this.stepAt, total }) : "";
    if (!trace) {
      this.caption.textContent = tooLong ? t("families.tooLong", { bytes: fmt(piece.bytes.length) })
        : this.traceError ? t("error.engine", { message: errorText(t, this.traceError) }) : "";
      this.rankStage.clear();
      this.familyStage.clear();
      return;
    }
    if (isFamilyTrace(trace)) {
      this.rankStage.clear();
      this.caption.textContent = familyCaption(t, trace, this.stepAt);
      this.familyStage.render(t, trace, this.stepAt, { title: tableTitle(this.spec.encoding, t), mistake: false });
    } else {
      this.familyStage.clear();
      this.caption.textContent = rankCaption(t, trace, this.stepAt);
      this.rankStage.render(t, trace, this.stepAt);
    }
  }
}
