// Lesson "decode": ids back to text. Each id shows its token, its bytes in hex, and the characters
// those bytes complete. A token that holds only part of a UTF-8 character is shown as waiting for more
// bytes, never as a bare replacement mark. Bad items get their own message; the rest still decodes.
//
// The engine (`decode`) does all the work; this module renders its items. `state.ids` is what the
// user typed, kept as text so a link such as #lesson=decode&ids=8582+99+226 opens on those ids.

import { param } from "../state.mjs";
import { LIMITS } from "../theme.mjs";
import { ITEM_LIMIT } from "../protocol.mjs";
import { el } from "../ui/dom.mjs";
import { EncodingChoice, encodingParam, withEncoding, modelFile } from "./encodings.mjs";
import { intro, inputCard, stageCard, errorText, insertUndoable } from "../ui/lessonkit.mjs";
import { TextLesson } from "../ui/textLesson.mjs";
import { visibleSymbol } from "../glyphs.mjs";
import { tokenFace } from "../ui/tokenFace.mjs";
import { CountGuess } from "../ui/predictCount.mjs";
import { clipText } from "../ui/clip.mjs";
import { allIds } from "./encode/allIds.mjs";
import "./decode/strings.mjs";

export const PRESETS = Object.freeze([
  { id: "tokenization", text: "30001 1634", label: "decode.preset.tokenization" },
  { id: "unicorn", text: "8582 99 226", label: "decode.preset.unicorn" },
  { id: "chinese", text: "20015 232 25465 25465 36365 242 40367 253 25001 121", label: "decode.preset.chinese" },
  { id: "half", text: "8582 99", label: "decode.preset.half" },
  { id: "bad", text: "30001 300000 12x 1634", label: "decode.preset.bad" },
]);

const QUERY_PARAMS = new Map([
  ["ids", param.text("8582 99 226", LIMITS.hashTextMax)],
  ["encoding", encodingParam()],
]);
// Predict first: how many characters the ids make is typed before the items show (no new query).
const PARAMS = new Map([...QUERY_PARAMS, ["predict", param.bool(false)]]);

class DecodeLesson extends TextLesson {
  constructor(ctx) {
    super(ctx, { id: "decode", params: QUERY_PARAMS, field: "ids", keepLastResult: true });
    const b = this.b;
    this.choice = new EncodingChoice(ctx, () => {
      this.b.apply(this.t); // the sentences that say how the table writes its tokens
      this.debounced.schedule();
    });
    // Ids are digits: no text direction to guess, no capital letters for a phone to add.
    const input = this.textBox("ids", {
      className: "text-input lk-mono",
      attrs: { dir: null, autocapitalize: "off", "aria-describedby": "ids-hint" },
    });
    const presets = this.presets(PRESETS);
    this.fromText = el("button", {
      className: "ghost lk-from-text", testid: "ids-from-text", attrs: { type: "button" },
      on: { click: () => this.takeFromText() },
    });
    const card = inputCard(b, input, {
      name: "ids", labelKey: "decode.inputLabel", hintKey: "decode.inputHint", below: [this.errorBox],
      side: [this.choice.element, b.text(el("h2", { className: "field-label" }), "decode.presets"), presets, this.fromText],
    });

    this.count = el("span", { className: "stage-meta", testid: "decode-count" });
    this.items = el("ol", { className: "lk-decode-list", testid: "decode-items" });
    this.guess = new CountGuess(ctx, { questionKey: "predict.decode.ask", changed: () => this.render() });
    const guessCard = el("section", { className: "card predict-card", testid: "predict-card" }, this.guess.node);
    const itemsCard = this.itemsCard = stageCard(b, {
      n: 1, id: "decode-items-title", titleKey: "decode.itemsTitle", textKey: "decode.itemsText", meta: this.count,
      textVars: () => ({ form: tokenForm(this.t, this.choice.active) }),
    }, this.items);
    itemsCard.querySelector(".stage-text").dataset.testid = "decode-items-text";

    this.output = el("output", { className: "lk-decoded", testid: "decoded-text", attrs: { for: "ids-input" } });
    this.outputNote = el("p", { className: "fine", testid: "decoded-note" });
    const outCard = this.outCard = stageCard(b, { n: 2, id: "decode-out-title", titleKey: "decode.outTitle", textKey: "decode.outText" },
      this.output,
      this.outputNote);

    this.mount([intro(b, "decode.title", "decode.lead"), card, this.askFirst([itemsCard, outCard]), guessCard], itemsCard, outCard);
  }

  async takeFromText() {
    const text = this.ctx.getState().text;
    const encoding = this.choice.active;
    const answer = await this.ctx.query("overview", withEncoding({ text, allowed_special: "none" }, encoding));
    if (!answer.ok) return;
    // The overview lists the text's first ITEM_LIMIT ids; a longer text's others come page by page.
    const all = await allIds((kind, payload) => this.ctx.query(kind, payload), { ...answer.result, text, encoding });
    if (all === null) return;
    const ids = all.join(" ");
    insertUndoable(this.input, ids);
    this.ctx.setState({ ids });
  }

  update(state, changed) {
    this.guess.show(Boolean(state.predict));
    this.guess.ask(this.get("ids"));
    super.update(state, changed);
    this.choice.update(state, changed);
    if (changed.has("predict") || changed.has("lang")) {
      this.render();
      this.renderAsk();
    }
    if (changed.has("text") || changed.has("lang")) this.renderFromText();
  }

  renderFromText() {
    const text = this.ctx.getState().text;
    const short = [...text].length > 24 ? `${[...text].slice(0, 24).join("")}…` : text;
    this.fromText.textContent = this.t("decode.fromText", { text: short });
    this.fromText.hidden = text === "";
  }

  query() {
    this.queried = this.get("ids");
    return this.ctx.query("decode", withEncoding({ ids: this.queried }, this.choice.active));
  }

  destroy() {
    this.choice.destroy();
    super.destroy();
  }

  render() {
    const t = this.t;
    const r = this.result;
    // The number to judge is the newest answer's, and only when it answers the ids in the box.
    const fresh = r && !this.error && this.queried === this.get("ids") && !this.main.classList.contains("stale");
    // Only the first characters are drawn: laying out a long text freezes the tab (ui/clip.mjs).
    const clip = r ? clipText(r.text, LIMITS.decodedChars) : null;
    this.guess.render({ answer: fresh ? clip.total : null, vars: { n: r ? r.items.length : 0 } });
    const hide = this.guess.hiding();
    this.itemsCard.hidden = hide;
    this.outCard.hidden = hide;
    if (!r) return;
    const n = r.n_items;
    const shown = r.items.slice(0, ITEM_LIMIT);
    this.count.textContent = t("decode.count", { n, bad: r.errors });
    const rows = shown.map((item, i) => this.renderItem(item, i));
    if (n === 0) rows.push(el("li", { className: "log-empty" }, t("decode.empty")));
    if (n > shown.length) rows.push(el("li", { className: "fine" }, t("decode.more", { n: n - shown.length })));
    this.items.replaceChildren(...rows);
    this.output.textContent = clip.text.replaceAll("\ufffd", "⟨?⟩");
    const notes = [];
    if (clip.total > clip.shown) notes.push(t("decode.textMore", { n: clip.total - clip.shown, shown: clip.shown }));
    if (r.unfinished) notes.push(t("decode.unfinished"));
    if (r.text.includes("\ufffd")) notes.push(t("decode.hasInvalid"));
    if (r.errors > 0) notes.push(t("decode.skipped", { n: r.errors }));
    this.outputNote.textContent = notes.join(" ");
    this.outputNote.hidden = notes.length === 0;
  }

  /** The opening question: how many characters the ids make (the engine's decoded text, counted). */
  quiz() {
    const r = this.result;
    const ids = this.get("ids");
    // Predict asks this very question itself.
    if (this.error || (r && r.n_items === 0) || ids.trim() === "" || this.ctx.getState().predict) return null;
    const fresh = r && this.queried === ids && !this.main.classList.contains("stale");
    const vars = { n: fresh ? r.n_items.toLocaleString() : "…" };
    return { key: ids, question: this.t("ask.decode.q", vars), number: fresh ? clipText(r.text, LIMITS.decodedChars).total : null };
  }

  renderItem(item, i) {
    const t = this.t;
    if (item.error !== null) {
      return el("li", { className: "lk-decode-item bad", testid: "decode-item", data: { state: "error", input: item.input } },
        el("span", { className: "lk-decode-num" }, String(i + 1)),
        el("code", { className: "lk-decode-input" }, item.input),
        el("p", { className: "lk-decode-status", testid: "decode-status" },
          el("span", { className: "lk-mark", attrs: { "aria-hidden": "true" } }, "✗"),
          t("decode.bad", { item: item.input, message: errorText(t, { code: item.code, params: item.params, message: item.error }) })));
    }
    let kind;
    let status;
    if (item.waiting > 0) {
      kind = "waiting";
      status = t(item.waiting === 1 ? "decode.waiting1" : "decode.waiting", { n: item.waiting });
    } else if (item.invalid) {
      kind = "invalid";
      status = t("decode.invalid");
    } else if (item.completes === "") {
      kind = "waiting";
      status = t("decode.nothing");
    } else {
      kind = "complete";
      status = t("decode.completes");
    }
    const completes = item.invalid ? null : item.completes;
    return el("li", {
      className: `lk-decode-item ${kind}`, testid: "decode-item",
      data: { state: kind, id: item.id, waiting: item.waiting, completes: item.completes },
    },
    el("span", { className: "lk-decode-num" }, String(i + 1)),
    el("span", { className: "lk-decode-id", testid: "decode-id" }, String(item.id)),
    el("span", { className: "lk-decode-token" },
      el("span", { className: "lk-k" }, t("decode.token")),
      faceOf(item),
      el("code", { className: "lk-token-form", testid: "decode-token" }, item.token), item.special ? el("span", { className: "lk-tag" }, t("decode.special")) : null),
    el("span", { className: "lk-decode-hex" },
      el("span", { className: "lk-k" }, t("decode.hex")), el("code", { testid: "decode-hex" }, item.hex)),
    el("p", { className: "lk-decode-status", testid: "decode-status" },
      el("span", { className: "lk-mark", attrs: { "aria-hidden": "true" } }, kind === "complete" ? "✓" : kind === "invalid" ? "!" : "…"),
      status,
      completes ? el("strong", { className: "lk-completes", testid: "decode-completes" }, visibleSymbol(completes)) : null));
  }

}

/**
 * How the table in use writes a token, from its facts (ModelFacts): GPT-2's printable bytes for OpenAI's
 * tables and the byte-level models, characters with ▁ and <0xE4>-style byte tokens for Gemma's kind.
 */
export function tokenForm(t, encoding) {
  const facts = modelFile(encoding);
  if (!facts) return t("decode.form.openai");
  const vars = { title: facts.title, space: facts.space };
  if (facts.kind === "byte_level") return t("decode.form.byteLevel", vars);
  return t(facts.byte_fallback ? "decode.form.fallback" : "decode.form.characters", vars);
}

/** The token as characters (part of a character: its bytes, dashed), beside GPT-2's printable form. */
function faceOf(item) {
  const face = tokenFace(item.text, item.hex);
  return el("span", { className: `lk-token-face${face.whole ? "" : " part"}`, testid: "decode-text" }, face.label);
}

export default Object.freeze({
  id: "decode",
  params: PARAMS,
  keys: [],
  create: (ctx) => new DecodeLesson(ctx),
  sheet: (ctx, state) => import("../classroom/sheets.mjs").then((m) => m.decodeSheet(ctx, state)),
});
