// Lesson "special": what happens to "<|endoftext|>" typed inside ordinary text. The engine (`special`)
// encodes the text three ways; this module shows them side by side with the reason each one exists:
// refused (the library's safe default), allowed as the single special id, or treated as plain text.
// The sentences that quote the table's numbers (the lead, the allowed card) take them from the answer.

import { param } from "../state.mjs";
import { LIMITS } from "../theme.mjs";
import { ITEM_LIMIT } from "../protocol.mjs";
import { el } from "../ui/dom.mjs";
import { EncodingChoice, encodingParam, withEncoding } from "./encodings.mjs";
import { tableFacts, tableWords } from "./tableWords.mjs";
import { intro, inputCard, stageHeader, stageCard, errorText, insertUndoable } from "../ui/lessonkit.mjs";
import { TextLesson } from "../ui/textLesson.mjs";
import { visibleSymbol } from "../glyphs.mjs";
import { tokenFace } from "../ui/tokenFace.mjs";
import { LibrariesCard } from "./special/libraries.mjs";
import "./special/strings.mjs";

export const PRESETS = Object.freeze([
  { id: "two", text: "The end.<|endoftext|>Once upon a time", label: "special.preset.two" },
  { id: "chinese", text: "你好<|endoftext|>再见", label: "special.preset.chinese" },
  { id: "none", text: "No special token here.", label: "special.preset.none" },
]);

// A chat as MiniMind and Qwen write it before tokenizing: each turn between <|im_start|> and <|im_end|>.
const CHAT_TEMPLATE = "<|im_start|>system\nYou are a helpful assistant.<|im_end|>\n<|im_start|>user\nHello!<|im_end|>\n<|im_start|>assistant\n";

const PARAMS = new Map([
  ["stext", param.text(PRESETS[0].text, LIMITS.hashTextMax)],
  ["encoding", encodingParam()],
]);

const VIEWS = Object.freeze(["refused", "allowed", "plain"]);

class SpecialLesson extends TextLesson {
  constructor(ctx) {
    super(ctx, { id: "special", params: PARAMS, field: "stext", keepLastResult: true });
    const b = this.b;
    this.table = null; // {facts, encoding} of the answered table: its sentences follow it (./tableWords.mjs)
    const words = () => (this.table ? tableWords(this.table.facts, this.table.encoding, this.t) : null);
    const tableVars = () => words() || {};
    this.choice = new EncodingChoice(ctx, () => this.debounced.schedule());
    const input = this.textBox("special", { attrs: { "aria-describedby": "special-hint" } });
    const presets = this.presets(PRESETS);
    this.insert = el("button", {
      className: "ghost", testid: "special-insert", attrs: { type: "button" },
      on: { click: () => this.insertToken() },
    });
    b.text(this.insert, "special.insert");
    const card = inputCard(b, input, {
      name: "special", labelKey: "special.inputLabel", hintKey: "special.inputHint", below: [this.insert, this.errorBox],
      side: [this.choice.element, b.text(el("h2", { className: "field-label" }), "special.presets"), presets],
    });

    this.views = new Map();
    const panels = VIEWS.map((name, i) => {
      const body = el("div", { className: "lk-special-body" });
      const count = el("span", { className: "stage-meta" });
      const panel = el("section", {
        className: `card stage lk-special ${name}`, testid: `special-${name}`, attrs: { "aria-labelledby": `special-${name}-title` },
      },
      stageHeader(b, i + 1, `special-${name}-title`, `special.${name}.title`, count, tableVars),
      b.text(el("p", { className: "stage-text lk-why" }), `special.${name}.why`),
      body);
      this.views.set(name, { body, count });
      return panel;
    });
    this.absent = el("p", { className: "point", testid: "special-absent" });
    // An open model is run as HuggingFace tokenizers runs it, which refuses nothing (issue #24).
    this.library = el("p", { className: "point", testid: "special-library" });
    this.library.hidden = true;
    // Beyond GPT-2's one special token: the chapter's four, and a chat template (strings only).
    const more = stageCard(b, { n: VIEWS.length + 1, id: "special-more-title", titleKey: "special.moreTitle", textKey: "special.moreText" },
      b.text(el("p", { className: "stage-text" }), "special.chatText"),
      el("pre", { className: "lk-template", testid: "special-template" }, CHAT_TEMPLATE),
      b.text(el("p", { className: "stage-text" }), "special.injectText"));
    this.libraries = new LibrariesCard(ctx, b, VIEWS.length + 2, CHAT_TEMPLATE);
    const leadKey = () => (words() ? words().specialLead : "special.lead");
    const grid = el("div", { className: "lk-special-grid" }, ...panels);
    this.mount([intro(b, "special.title", leadKey, tableVars), card, this.askFirst([grid])], this.absent, this.library,
      grid, more, this.libraries.node);
  }

  insertToken() {
    const start = this.input.selectionStart ?? this.input.value.length;
    const end = this.input.selectionEnd ?? start;
    const value = `${this.input.value.slice(0, start)}<|endoftext|>${this.input.value.slice(end)}`;
    insertUndoable(this.input, value);
    this.ctx.setState({ stext: value });
  }

  query() {
    this.queried = this.get("stext");
    return this.ctx.query("special", withEncoding({ text: this.queried }, this.choice.active));
  }

  update(state, changed) {
    super.update(state, changed);
    this.choice.update(state, changed);
  }

  destroy() {
    this.libraries.destroy();
    this.choice.destroy();
    super.destroy();
  }

  render() {
    const t = this.t;
    const r = this.result;
    if (!r) return;
    const facts = tableFacts(r);
    this.choice.learned(r.model);
    const table = facts && { facts, encoding: this.choice.active, model: r.model || null };
    if (table && JSON.stringify(table) !== JSON.stringify(this.table)) {
      this.table = table;
      this.b.apply(t);
    }
    this.libraries.render();
    this.absent.hidden = r.contains_special;
    this.absent.textContent = t("special.absent");
    const own = r.model && r.model.format !== "tiktoken" ? r.model : null; // a model's own file, not OpenAI's ranks
    this.library.hidden = !own;
    this.library.textContent = own ? t("special.openNote", { title: own.title }) : "";
    for (const name of VIEWS) {
      const view = r[name];
      const { body, count } = this.views.get(name);
      if (!view.ok) {
        count.textContent = t("special.refusedBadge");
        body.replaceChildren(el("p", { className: "lk-refused", testid: "special-message" },
          el("span", { className: "lk-mark", attrs: { "aria-hidden": "true" } }, "✗"),
          errorText(t, { code: view.code, params: view.params, message: view.error })));
        continue;
      }
      count.textContent = t("special.count", { n: view.n_ids });
      const chips = view.tokens.slice(0, ITEM_LIMIT).map((tok, i) => faceChip(tok, i, tok.special ? t("special.isSpecial") : ""));
      body.replaceChildren(
        el("div", { className: "lk-chips", testid: "special-tokens" }, ...chips),
        el("code", { className: "lk-ids", testid: "special-ids" }, `[${view.ids.join(", ")}${view.n_ids > view.ids.length ? ", …" : ""}]`));
    }
  }

  /**
   * The opening question: which id the allowed special token is, among the ids around it in the text
   * (all from the engine's allowed reading). A text without one asks nothing.
   */
  quiz() {
    const r = this.result;
    const text = this.get("stext");
    if (this.error) return null;
    if (!r || this.queried !== text || this.main.classList.contains("stale")) {
      return { key: text, question: this.t("ask.special.q", { token: "<|endoftext|>" }), choices: [], correct: null };
    }
    const allowed = r.allowed;
    const at = allowed.ok ? allowed.tokens.findIndex((tok) => tok.special) : -1;
    if (at < 0) return null;
    const special = allowed.tokens[at];
    // Its neighbours in the text, nearest first (before and after it), then all in the text's order.
    const near = allowed.tokens.map((tok, i) => ({ tok, i })).filter(({ tok }) => !tok.special)
      .sort((a, b) => Math.abs(a.i - at) - Math.abs(b.i - at) || b.i - a.i);
    const picked = [{ tok: special, i: at }];
    for (const item of near) {
      if (picked.length >= 4) break;
      if (!picked.some((p) => p.tok.id === item.tok.id)) picked.push(item);
    }
    const ids = picked.sort((a, b) => a.i - b.i).map((p) => p.tok.id);
    const choices = ids.map(String);
    return {
      key: text, question: this.t("ask.special.q", { token: special.token }), choices,
      correct: [ids.indexOf(special.id)], answer: this.t("ask.special.answer", { token: special.token, id: special.id }),
    };
  }
}

/**
 * A token chip: its characters (part of a character: its bytes, dashed), GPT-2's printable form of its
 * bytes, its id; a special token is its own name.
 */
function faceChip(tok, i, title) {
  const face = tok.special ? { label: tok.token, whole: true } : tokenFace(tok.text, tok.hex);
  const chip = el("span", {
    className: `lk-chip tone-${i % 4}${tok.special ? " special" : ""}${face.whole ? "" : " lk-chip-part"}`,
    testid: "special-chip",
    data: { token: tok.token, id: tok.id },
  },
  el("span", { className: face.whole ? "lk-chip-text" : "lk-chip-token" }, face.label),
  tok.special ? null : el("span", { className: "lk-chip-caption lk-chip-printable" }, visibleSymbol(tok.token)),
  el("span", { className: "lk-chip-caption" }, String(tok.id)));
  if (title) chip.title = title;
  return chip;
}

export default Object.freeze({
  id: "special",
  params: PARAMS,
  keys: [],
  create: (ctx) => new SpecialLesson(ctx),
  sheet: (ctx, state) => import("../classroom/sheets.mjs").then((m) => m.specialSheet(ctx, state)),
});
