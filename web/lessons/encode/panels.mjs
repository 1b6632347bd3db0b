// The lists the encode lesson draws from engine data: the pieces strip, the merge log, the final
// tokens and the ids of the whole text. Each list keeps its items' keys and elements itself (it never
// reads them back from the page), so the selected piece and chip group move without a search. Text goes
// in with textContent (el), never as HTML.

import { ITEM_LIMIT } from "../../protocol.mjs";
import { cpLength } from "../../canvas/frames.mjs";
import { hexLabel, visibleSymbol } from "../../glyphs.mjs";
import { el } from "../../ui/dom.mjs";
import { stepFaces } from "./names.mjs";
import { listedIds } from "./frames.mjs";

/**
 * A list element whose children are made from entries by key. An item whose key is unchanged stays as
 * it is: typing into a long text changes a few pieces near the caret, and only their items are made
 * again (a thousand rebuilt buttons would hold up the next keystroke).
 */
class KeyedList {
  constructor(node) {
    this.node = node;
    this.keys = [];
    this.items = [];
  }

  patch(entries, keyOf, make) {
    entries.forEach((entry, i) => {
      const key = keyOf(entry);
      if (this.keys[i] === key) return;
      const fresh = make(entry);
      if (i < this.items.length) this.items[i].replaceWith(fresh);
      else this.node.append(fresh);
      this.items[i] = fresh;
      this.keys[i] = key;
    });
    while (this.items.length > entries.length) {
      this.items.pop().remove();
      this.keys.pop();
    }
  }

  clear() {
    this.node.replaceChildren();
    this.keys = [];
    this.items = [];
  }
}

/** The pieces strip: a button per piece of the loaded page, the selected one pressed. */
export class StripList {
  constructor(node, actions) {
    this.list = new KeyedList(node);
    this.actions = actions;
    this.builtFor = null;   // the overview the buttons were made for
    this.pressed = null;    // the pressed button
    this.offset = 0;
  }

  /** The next build makes its buttons again (a new language). */
  forget() {
    this.builtFor = null;
  }

  clear() {
    this.list.clear();
  }

  /** Makes the buttons for overview `o`; false when they were made for it already. */
  build(t, lang, o, selected, hex) {
    if (this.builtFor === o && this.builtHex === hex) return false;
    this.builtFor = o;
    this.builtHex = hex;
    this.offset = o.piece_offset;
    this.list.patch(o.pieces, (piece) => `${lang}\u0001${hex}\u0001${piece.index}\u0001${piece.rule}\u0001${piece.text}`, (piece) => {
      const button = el("button", {
        className: `piece rule-${piece.rule}`,
        testid: "piece",
        attrs: { type: "button", "aria-pressed": String(piece.index === selected) },
        data: { index: piece.index, rule: piece.rule, text: piece.text, tokens: piece.tokens.length },
        on: { click: () => this.actions.selectPiece(piece.index) },
      },
      el("span", { className: "visually-hidden" }, t("stage1.pieceLabel", { n: piece.index + 1 })),
      // A piece is text before it is bytes: a space reads ␣ here as in the spans above (one sign for a
      // space; GPT-2's Ġ is its byte form, shown on the canvas); a glyphless character as the engine labels it.
      el("span", { className: "piece-text" }, hex ? hexLabel(piece.bytes) : /\s/u.test(piece.text) ? visibleSymbol(piece.text) : piece.label),
      el("span", { className: "piece-rule" }, t(`rule.${piece.rule}`)));
      return el("li", {}, button);
    });
    const item = this.list.items[selected - this.offset];
    const current = item ? item.firstChild : null;
    if (this.pressed && this.pressed !== current) this.pressed.setAttribute("aria-pressed", "false");
    if (current) current.setAttribute("aria-pressed", "true");
    this.pressed = current;
    return true;
  }

  /** Presses the selected piece's button; scrolls the strip to it when it moved or `scroll` says so. */
  select(index, scroll) {
    const strip = this.list.node;
    const item = this.list.items[index - this.offset];
    const current = item ? item.firstChild : null;
    if (this.pressed === current && !scroll) return;
    if (this.pressed && this.pressed !== current) this.pressed.setAttribute("aria-pressed", "false");
    this.pressed = current;
    if (!current) return;
    current.setAttribute("aria-pressed", "true");
    const top = item.offsetTop;
    if (top < strip.scrollTop || top + item.offsetHeight > strip.scrollTop + strip.clientHeight) {
      strip.scrollTop = Math.max(0, top - strip.clientHeight / 2);
    }
  }
}

/**
 * The merge log of a piece up to `step`; `goTo(k)` is called when an entry is clicked. Steps after
 * `revealed` (a guess is pending) are drawn as "?" and carry no merge, rank or id.
 */
export function renderLog(r, t, piece, step, goTo, revealed = Infinity) {
  const entries = [];
  let current = null;
  const start = el("button", {
    className: "log-entry start", testid: "log-entry",
    attrs: { type: "button", "aria-current": step === 0 ? "step" : "false" },
    data: { step: 0 },
    on: { click: () => goTo(0) },
  }, el("span", { className: "log-num" }, "0"), el("span", { className: "log-merge" }, bytesOrSymbols(piece) ? t("log.start", { n: piece.bytes.length }) : t("log.startSymbols", { n: piece.symbols.length })));
  entries.push(el("li", {}, start));
  if (step === 0) current = entries[0];
  const faces = stepFaces(piece);
  piece.steps.forEach((s, i) => {
    const k = i + 1;
    if (k > revealed) {
      const hidden = t("predict.encode.hidden");
      entries.push(el("li", {}, el("button", {
        className: "log-entry future hidden", testid: "log-entry", attrs: { type: "button", disabled: true, "aria-current": "false" },
        data: { step: k, hidden: "true" },
      }, el("span", { className: "log-num" }, String(k)), el("span", { className: "log-merge" }, `${hidden} + ${hidden}`))));
      return;
    }
    const button = el("button", {
      className: `log-entry${k <= step ? " done" : " future"}`,
      testid: "log-entry",
      attrs: { type: "button", "aria-current": k === step ? "step" : "false" },
      data: { step: k, merged: s.merged, rank: s.rank, id: s.id },
      on: { click: () => goTo(k) },
    },
    el("span", { className: "log-num" }, String(k)),
    logMerge(faces[i], s),
    el("span", { className: "log-rank" }, t("log.rank", { rank: s.rank })),
    el("span", { className: "log-id" }, t("log.id", { id: s.id })));
    entries.push(el("li", {}, button));
    if (k === step) current = entries[entries.length - 1];
  });
  if (piece.steps.length === 0) entries.push(el("li", { className: "log-empty" }, t("log.empty")));
  r.log.replaceChildren(...entries);
  scrollLog(r.log, current);
}

/**
 * A log entry's merge, named as the canvas draws its symbols (characters, or hex for part of one), the
 * table's own spelling (GPT-2's stand-ins) under it when that reads differently.
 */
function logMerge(face, s) {
  const line = (left, right, merged) => [
    el("span", { className: "sym" }, left), el("span", { className: "op" }, "+"),
    el("span", { className: "sym" }, right), el("span", { className: "op" }, "→"),
    el("span", { className: "sym merged" }, merged)];
  const same = face.left === s.left && face.right === s.right && face.merged === s.merged;
  return el("span", { className: "log-merge" }, ...line(face.left, face.right, face.merged),
    same ? null : el("span", { className: "log-form", testid: "log-form" }, `${s.left} + ${s.right} → ${s.merged}`));
}

/**
 * Scrolls the merge log to its current entry with an entry's top at the top edge, never half an entry
 * (at the end too: the list gets the padding that lets its last page start at an entry).
 */
export function scrollLog(log, current) {
  log.style.paddingBottom = "";
  if (!current || log.scrollHeight <= log.clientHeight) return;
  const tops = [...log.children].map((li) => li.offsetTop);
  const max = log.scrollHeight - log.clientHeight;
  const boundary = tops.find((top) => top >= max);
  if (boundary !== undefined && boundary > max) log.style.paddingBottom = `${boundary - max}px`;
  const top = current.offsetTop;
  const bottom = top + current.offsetHeight;
  if (top >= log.scrollTop && bottom <= log.scrollTop + log.clientHeight && tops.includes(log.scrollTop)) return;
  const want = top - (log.clientHeight - current.offsetHeight) / 2;
  let start = 0;
  for (const t of tops) if (t <= want) start = t;
  if (bottom > start + log.clientHeight) start = tops.find((t) => t > start && bottom <= t + log.clientHeight) ?? top;
  log.scrollTop = start;
}

/** The text's ids as the overview lists them (its first ITEM_LIMIT; "…" when there are more), and the
 * one-line summary: cheap, drawn first. Copy ids copies them all (copyIds). */
export function renderIds(r, t, o) {
  const n = o ? o.n_ids : 0;
  r.idsText.textContent = o ? listedIds(o) : "";
  r.idsCode.dataset.count = String(n);
  r.copyButton.disabled = n === 0;
  if (!o) {
    r.summary.textContent = "";
    return;
  }
  const pieces = o.n_pieces === 1 ? t("stage1.count1") : t("stage1.count", { n: o.n_pieces.toLocaleString() });
  const tokens = n === 1 ? t("stage3.tokens1") : t("stage3.tokens", { n: n.toLocaleString() });
  const c = cpLength(o.text);
  const chars = c === 1 ? t("stage3.chars1") : t("stage3.chars", { n: c.toLocaleString() });
  r.summary.textContent = t("stage3.summary", { chars, pieces, tokens });
}

/** The final tokens as chips grouped by piece (at most ITEM_LIMIT of them), one group highlighted. */
export class ChipList {
  constructor(node) {
    this.list = new KeyedList(node);
    this.groups = new Map();   // piece index -> its group element
    this.selected = null;
  }

  render(r, t, o, selected, hex) {
    if (!o) {
      this.list.clear();
      this.groups.clear();
      r.finalMore.hidden = true;
      return;
    }
    // The pieces whose chips fit under the cap, each with how many of its tokens are shown.
    const groups = [];
    let shown = 0;
    for (const piece of o.pieces) {
      if (shown >= ITEM_LIMIT) break;
      const n = Math.min(piece.ids.length, ITEM_LIMIT - shown);
      groups.push({ piece, n });
      shown += n;
    }
    this.list.patch(groups, ({ piece, n }) => `${hex}\u0001${piece.index}\u0001${piece.ids.slice(0, n).join(",")}`, ({ piece, n }) => {
      const group = el("li", { className: "token-group", data: { piece: piece.index } });
      for (let i = 0; i < n; i += 1) {
        // The characters the token stands for (part of a character: its bytes, dashed), then GPT-2's
        // byte form, then the id; with the byte switch on, the bytes in hex.
        const bytes = piece.rule === "special" ? [] : piece.bytes.slice(...piece.spans[i]);
        const text = piece.texts[i];
        const whole = text !== null;
        const shown = hex ? hexLabel(bytes) : whole ? visibleSymbol(text) : hexLabel(bytes);
        group.append(el("span", {
          className: `token-chip${whole ? "" : " part"}`, testid: "final-token",
          data: { id: piece.ids[i], token: piece.tokens[i], text: whole ? text : "", bytes: hexLabel(bytes) },
        },
          el("span", { className: "chip-token" }, shown),
          el("span", { className: "chip-form", testid: "final-token-form" }, piece.tokens[i]),
          el("span", { className: "chip-id" }, String(piece.ids[i]))));
      }
      return group;
    });
    this.groups = new Map(groups.map(({ piece }, i) => [piece.index, this.list.items[i]]));
    this.select(selected);
    const more = o.n_ids - shown;
    r.finalMore.hidden = more <= 0;
    r.finalMore.textContent = more > 0 ? t("stage3.more", { n: more.toLocaleString(), shown: shown.toLocaleString() }) : "";
  }

  /** Moves the highlight to the selected piece's chip group without rebuilding the chips. */
  select(index) {
    const group = this.groups.get(index) || null;
    if (this.selected && this.selected !== group) this.selected.classList.remove("selected");
    if (group) group.classList.add("selected");
    this.selected = group;
  }
}

/** True when a traced piece starts from one symbol per byte (GPT-2 and every byte-level model); false
 * for a model that starts from characters (Gemma) or takes the piece whole (Llama 3's ignore_merges). */
export function bytesOrSymbols(piece) {
  return piece.symbols.length === piece.bytes.length;
}

/**
 * Copies `[id, ...]`, every id of the text, to the clipboard: `ids()` resolves to them all (a long text's
 * come page by page: allIds.mjs), or to null when the engine could not give them. When the page may not
 * write to the clipboard, or the ids did not come, it selects `codeNode` (the ids it lists); the button
 * says which, and whether that is all of them.
 */
export async function copyIds(t, button, codeNode, ids) {
  const label = button.lastChild;
  label.textContent = t("stage3.copying");
  button.disabled = true;
  try {
    const all = await ids();
    if (all === null) throw new Error("no ids");
    await navigator.clipboard.writeText(`[${all.join(", ")}]`);
    label.textContent = t("stage3.copied");
  } catch {
    const range = document.createRange();
    range.selectNodeContents(codeNode);
    const selection = window.getSelection();
    selection.removeAllRanges();
    selection.addRange(range);
    const listed = Number(codeNode.dataset.count || 0) > ITEM_LIMIT;
    label.textContent = t(listed ? "stage3.copyFailedPart" : "stage3.copyFailed", { n: ITEM_LIMIT.toLocaleString() });
  } finally {
    button.disabled = false;
  }
  setTimeout(() => {
    label.textContent = t("stage3.copy");
  }, 2000);
}
