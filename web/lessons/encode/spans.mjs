// The result first: the user's own text as coloured token spans, right under the text box, with the
// token count, the characters per token and the ids, the moment the engine answers (as tiktokenizer
// does). Each span is one final token, drawn from the overview's facts (toklab.facts): a token whose
// bytes are whole characters shows those characters (whitespace made visible), a token that is only part
// of a character shows its bytes, dashed. Focusing or hovering a span says its id and bytes; clicking it
// (or Enter) opens its piece's merges below. The spans are one tab stop (a roving group: arrow keys,
// Home and End move inside it), each labelled for a screen reader.
//
//     tokenSpans(overview, limit) -> [{piece, k, id, token, text, bytes}]   (pure: what the spans show)

import { ITEM_LIMIT } from "../../protocol.mjs";
import { cpLength } from "../../canvas/frames.mjs";
import { hexLabel, visibleSymbol } from "../../glyphs.mjs";
import { el } from "../../ui/dom.mjs";

/**
 * The final tokens of the loaded page of pieces, at most `limit` of them, in text order:
 *
 *     tokenSpans({pieces: [{index: 0, ids: [30001, 1634], tokens: ["token", "ization"], texts: ["token", "ization"],
 *                 spans: [[0, 5], [5, 12]], bytes: [...], rule: "letters"}]})
 *       -> [{piece: 0, k: 0, id: 30001, token: "token", text: "token", bytes: [116, ...]}, {piece: 0, k: 1, ...}]
 */
export function tokenSpans(overview, limit = ITEM_LIMIT) {
  const out = [];
  if (!overview) return out;
  for (const p of overview.pieces) {
    for (let k = 0; k < p.ids.length; k += 1) {
      if (out.length >= limit) return out;
      out.push({
        piece: p.index, k, id: p.ids[k], token: p.tokens[k], text: p.texts[k],
        bytes: p.rule === "special" ? [] : p.bytes.slice(...p.spans[k]),
        span: p.spans[k],
      });
    }
  }
  return out;
}

/** The UTF-8 length of a code point (a fact of UTF-8, not of any tokenizer). */
function utf8Length(cp) {
  return cp < 0x80 ? 1 : cp < 0x800 ? 2 : cp < 0x10000 ? 3 : 4;
}

/**
 * A piece's characters by byte span ([start, end, char]), or null when its bytes are not its text's
 * UTF-8 (a table that rewrites text before it cuts it).
 */
function charSpans(piece) {
  const out = [];
  let at = 0;
  for (const ch of piece.text) {
    const n = utf8Length(ch.codePointAt(0));
    out.push([at, at + n, ch]);
    at += n;
  }
  return at === piece.bytes.length ? out : null;
}

/**
 * The spans grouped for drawing: a token that is whole characters alone, the tokens that share a
 * character (each part of it) together under that character, drawn once across them:
 *
 *     世界 in r50k: tokens E4 B8 | 96 | E7 95 | 8C
 *       -> [{chars: "世", members: [0, 1]}, {chars: "界", members: [2, 3]}]
 *
 * A group closes where a token ends on a character's last byte. `pieces` are the overview's.
 */
export function spanGroups(tokens, pieces) {
  const chars = new Map(pieces.map((p) => [p.index, p.rule === "special" ? null : charSpans(p)]));
  const out = [];
  let open = null;
  tokens.forEach((token, i) => {
    const spans = chars.get(token.piece);
    if (token.text !== null || !spans) {
      open = null;
      out.push({ chars: null, members: [i] });
      return;
    }
    if (!open || open.piece !== token.piece) {
      open = { chars: "", members: [], piece: token.piece, start: token.span[0] };
      out.push(open);
    }
    open.members.push(i);
    const end = token.span[1];
    const whole = spans.filter(([s, e]) => s >= open.start && e <= end).map(([, , ch]) => ch).join("");
    open.chars = visibleSymbol(whole || "…");
    if (spans.some(([, e]) => e === end)) open = null;  // the token ends a character: the group is whole
  });
  return out.map(({ chars: c, members }) => ({ chars: c, members }));
}

/** What a span shows: the token's characters (whitespace visible), or its bytes when it is part of a character. */
export function spanLabel(token) {
  return token.text === null ? hexLabel(token.bytes) : visibleSymbol(token.text);
}

export class ResultSpans {
  /** `actions.selectPiece(index)` opens a piece's merges; `b` binds the fixed labels. */
  constructor(b, actions) {
    this.actions = actions;
    this.count = el("p", { className: "result-count", testid: "token-count", attrs: { "aria-live": "polite" } });
    this.list = el("div", {
      className: "token-spans", testid: "token-spans", id: "token-spans",
      attrs: { role: "group", "aria-describedby": "token-detail" },
    });
    this.list.addEventListener("keydown", (event) => this.onKey(event));
    this.detail = el("p", { className: "token-detail", testid: "token-detail", id: "token-detail" });
    this.more = el("p", { className: "fine result-more" });
    this.hiddenNote = el("p", { className: "result-hidden", testid: "result-hidden" });
    this.ids = el("code", { className: "result-ids", testid: "result-ids" });
    this.idsLabel = b.text(el("span", { className: "result-ids-label" }), "result.ids");
    this.idsRow = el("p", { className: "result-ids-row" }, this.idsLabel, this.ids);
    this.node = el("section", { className: "result", testid: "result", attrs: { "aria-labelledby": "result-title" } },
      b.text(el("h2", { className: "visually-hidden", id: "result-title" }), "result.title"),
      this.count, this.hiddenNote, this.list, this.detail, this.more, this.idsRow);
    this.buttons = [];
    this.tokens = [];
    this.builtKey = null;
    this.current = 0;   // the span that holds the tab stop
    this.selected = null;  // the piece whose spans are marked
  }

  /**
   * Draws the spans of overview `o` (null: nothing yet). `hidden`: a guess is pending, so the result
   * (which would give the answer away) is replaced by a hint of what to reason from.
   */
  render(t, o, { selected, hidden, lang }) {
    this.node.dataset.state = o ? (hidden ? "hidden" : "shown") : "waiting";
    this.hiddenNote.hidden = !hidden;
    this.hiddenNote.textContent = hidden ? t("result.hidden") : "";
    for (const part of [this.count, this.list, this.detail, this.idsRow]) part.hidden = hidden;
    if (hidden || !o) {
      this.more.hidden = true;
      if (!o) this.count.textContent = "";
      return;
    }
    const n = o.n_ids;
    const chars = cpLength(o.text);
    this.count.dataset.count = String(n);
    this.count.dataset.chars = String(chars);
    this.count.textContent = n === 0 ? t("result.none") : t(n === 1 ? "result.count1" : "result.count", {
      n: n.toLocaleString(), chars: chars.toLocaleString(), ratio: (chars / n).toFixed(1),
    });
    this.ids.textContent = `[${o.ids.join(", ")}${n > o.ids.length ? ", …" : ""}]`;
    this.list.setAttribute("aria-label", t("result.spansLabel"));
    const fresh = !this.builtKey || this.builtKey[0] !== lang || this.builtKey[1] !== o;
    if (fresh) this.build(t, o);
    this.builtKey = [lang, o];
    // Marking 600 spans on every step would cost each redraw: only when the piece or the spans changed.
    if (fresh || this.selected !== selected) this.select(selected);
  }

  build(t, o) {
    this.tokens = tokenSpans(o);
    this.buttons = this.tokens.map((token, i) => {
      const whole = token.text !== null;
      const bytes = hexLabel(token.bytes);
      const label = spanLabel(token);
      const describe = t(whole ? "result.spanLabel" : "result.spanPartLabel", { n: i + 1, text: label, id: token.id, bytes });
      return el("button", {
        className: `token-span tone-${i % 4}${whole ? "" : " part"}`,
        testid: "token-span",
        attrs: { type: "button", tabindex: "-1", "aria-label": describe },
        data: { id: token.id, piece: token.piece, bytes, text: whole ? token.text : "", token: token.token },
        on: {
          click: () => this.open(i),
          focus: () => this.show(t, i),
          mouseenter: () => this.show(t, i),
        },
      }, label);
    });
    // A character split across tokens is written once, over the tokens that share it (their bytes beneath).
    this.list.replaceChildren(...spanGroups(this.tokens, o.pieces).map((g) => (g.chars === null
      ? this.buttons[g.members[0]]
      : el("span", { className: "span-group", testid: "span-group", data: { chars: g.chars } },
        el("span", { className: "span-char", testid: "span-char", attrs: { "aria-hidden": "true" } }, g.chars),
        el("span", { className: "span-parts" }, ...g.members.map((i) => this.buttons[i]))))));
    const shown = this.tokens.length;
    const more = o.n_ids - shown;
    this.more.hidden = more <= 0;
    this.more.textContent = more > 0 ? t("result.more", { n: more.toLocaleString(), shown: shown.toLocaleString() }) : "";
    this.detail.textContent = shown ? t("result.detailHint") : "";
    this.current = 0;
  }

  /** Marks the spans of the piece shown below; the first of them holds the tab stop. */
  select(piece) {
    this.selected = piece;
    let first = -1;
    this.buttons.forEach((button, i) => {
      const on = this.tokens[i].piece === piece;
      button.classList.toggle("selected", on);
      button.setAttribute("aria-pressed", String(on));
      if (on && first < 0) first = i;
    });
    if (document.activeElement && this.list.contains(document.activeElement)) return;
    this.rove(first < 0 ? 0 : first);
  }

  rove(i) {
    if (!this.buttons.length) return;
    const to = Math.max(0, Math.min(this.buttons.length - 1, i));
    if (this.buttons[this.current]) this.buttons[this.current].tabIndex = -1;
    this.buttons[to].tabIndex = 0;
    this.current = to;
  }

  show(t, i) {
    const token = this.tokens[i];
    if (!token) return;
    const label = spanLabel(token);
    this.detail.textContent = t(token.text === null ? "result.detailPart" : "result.detail", {
      n: i + 1, text: label, id: token.id, bytes: hexLabel(token.bytes), piece: token.piece + 1,
    });
  }

  open(i) {
    this.rove(i);
    this.actions.selectPiece(this.tokens[i].piece);
  }

  onKey(event) {
    const i = this.buttons.indexOf(event.target);
    if (i < 0) return;
    const to = new Map([["ArrowRight", i + 1], ["ArrowDown", i + 1], ["ArrowLeft", i - 1], ["ArrowUp", i - 1], ["Home", 0], ["End", this.buttons.length - 1]]).get(event.key);
    if (to !== undefined) {
      this.rove(to);
      this.buttons[this.current].focus();
    } else if (event.key === "Enter" || event.key === " ") {
      this.open(i);
    } else {
      return;
    }
    event.preventDefault();
    event.stopPropagation();
  }
}
