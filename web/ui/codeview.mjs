// The code view: the engine's own Python beside a lesson's steps, as a debugger shows it.
//
// The source is the engine's answer to `source` (docs/protocol.md, "The code view"): the function that
// computes the lesson's steps, read from the running module, with the file's line number of each kind of
// step (`marks`). Nothing here holds a copy of the Python or decides which line does what: the lesson's
// frames name the kind of step shown ("start", "merge", a stop reason) and its values; this view lights
// the line the engine marked for that kind and lists the values.
//
//     const code = new CodeView(b, { load: () => query("source", { name: "encode" }) });
//     code.render(t, null)                                   hidden (the switch is off)
//     code.render(t, { step: "merge", note: "code.encode.note",
//                      vars: [{ name: "rank", value: "20781" }, { name: "symbols", when: "before", value: "['l', 'ower']" }] })
//
// Each line is one element holding exactly that line of the file (its number is drawn by CSS); the lit
// one is `code-line-current`. The values are Python's notation, made by `py` below from the engine's data.

import { el } from "./dom.mjs";
import "./codeviewWords.mjs";

/** The on/off switch of the code view (aria-pressed), for a lesson's controls. */
export function codeSwitch(b, onToggle) {
  return el("button", {
    className: "toggle code-toggle", testid: "code-toggle", attrs: { type: "button", "aria-pressed": "false" },
    on: { click: () => onToggle() },
  }, el("span", { className: "toggle-box", attrs: { "aria-hidden": "true" } }), b.text(el("span", {}), "code.toggle"));
}

// ------------------------------------------------------------ values in Python's notation

/** A tuple, for `py`: `py(tuple(["a", "b"]))` -> "('a', 'b')". */
export function tuple(items) {
  return { tuple: items };
}

/** A dict from [key, value] entries, for `py`; `more` says entries were left out ("…" before the brace). */
export function dict(entries, more = false) {
  return { dict: entries, more };
}

// Characters Python's str.isprintable() refuses (other than the space): repr writes them escaped.
const UNPRINTABLE = /[\p{Cc}\p{Cf}\p{Cs}\p{Co}\p{Cn}\p{Zl}\p{Zp}\p{Zs}]/u;

function escaped(ch) {
  const code = ch.codePointAt(0);
  if (ch === "\n") return "\\n";
  if (ch === "\r") return "\\r";
  if (ch === "\t") return "\\t";
  if (code < 0x100) return `\\x${code.toString(16).padStart(2, "0")}`;
  if (code < 0x10000) return `\\u${code.toString(16).padStart(4, "0")}`;
  return `\\U${code.toString(16).padStart(8, "0")}`;
}

/**
 * A string as Python's repr writes it: single quotes, unless the string holds ' and no ".
 *
 *     pyStr("ower") -> "'ower'";  pyStr("it's") -> "\"it's\"";  pyStr("a\nb") -> "'a\\nb'"
 */
export function pyStr(s) {
  const quote = s.includes("'") && !s.includes('"') ? '"' : "'";
  let out = "";
  for (const ch of s) {
    if (ch === "\\" || ch === quote) out += `\\${ch}`;
    else if (ch !== " " && UNPRINTABLE.test(ch)) out += escaped(ch);
    else out += ch;
  }
  return `${quote}${out}${quote}`;
}

/**
 * A value as Python writes it: strings, integers, booleans, null (None), arrays (lists), tuple(...),
 * dict(...).
 *
 *     py(["l", "ower"]) -> "['l', 'ower']";  py(tuple(["a"])) -> "('a',)";  py(dict([[tuple(["a"]), 2]])) -> "{('a',): 2}"
 */
export function py(value) {
  if (typeof value === "string") return pyStr(value);
  if (typeof value === "number") return String(value);
  if (typeof value === "boolean") return value ? "True" : "False";
  if (value === null || value === undefined) return "None";
  if (Array.isArray(value)) return `[${value.map(py).join(", ")}]`;
  if (Object.hasOwn(value, "tuple")) {
    const items = value.tuple.map(py);
    return items.length === 1 ? `(${items[0]},)` : `(${items.join(", ")})`;
  }
  const entries = value.dict.map(([k, v]) => `${py(k)}: ${py(v)}`);
  if (value.more) entries.push("…");
  return `{${entries.join(", ")}}`;
}

// ------------------------------------------------------------ the view

let ids = 0;

export class CodeView {
  /** `load()` -> Promise<{ok, result | error}>: the engine's `source` answer (asked once, when first shown). */
  constructor(b, { load, errorText }) {
    this.load = load;
    this.errorText = errorText;     // (t, error) -> the error's sentence
    this.answer = null;             // the engine's answer, once it came
    this.asked = false;
    this.shown = null;              // the last (t, view) drawn, drawn again when the source arrives
    this.lineNodes = [];
    this.current = null;            // the lit line's element
    const titleId = `code-title-${(ids += 1)}`;
    this.where = el("p", { className: "code-where", testid: "code-where" });
    this.note = el("p", { className: "fine code-note", testid: "code-note" });
    this.status = el("p", { className: "code-status", testid: "code-status" });
    this.pre = el("pre", { className: "code-lines", testid: "code-source", attrs: { tabindex: "0", role: "group" } });
    b.label(this.pre, "code.source");
    this.vars = el("dl", { className: "code-vars", testid: "code-vars" });
    this.node = el("section", { className: "code-view", testid: "code-view", attrs: { "aria-labelledby": titleId } },
      b.text(el("h3", { className: "log-title", id: titleId }), "code.title"),
      this.where, this.note, this.status, this.pre,
      b.text(el("h4", { className: "code-vars-title" }), "code.values"),
      this.vars);
    this.node.hidden = true;
  }

  /** Draws `view` ({step, note, vars}) in the language of `t`; null hides the view. */
  render(t, view) {
    this.shown = view ? { t, view } : null;
    this.node.hidden = !view;
    if (!view) return;
    if (!this.asked) {
      this.asked = true;
      this.load().then((answer) => {
        this.answer = answer;
        if (!answer.ok) this.asked = false; // asked again the next time the lesson draws the view
        if (this.shown) this.draw(this.shown.t, this.shown.view);
      });
    }
    this.draw(t, view);
  }

  draw(t, view) {
    const answer = this.answer;
    this.status.hidden = Boolean(answer && answer.ok);
    if (!answer || !answer.ok) {
      this.status.textContent = answer ? t("code.failed", { message: this.errorText(t, answer.error) }) : t("code.loading");
      this.pre.hidden = true;
      return;
    }
    const src = answer.result;
    this.pre.hidden = false;
    if (this.lineNodes.length === 0) this.buildLines(src);
    this.where.textContent = t("code.where", {
      module: src.module, function: src.function, path: src.path, from: src.first_line, to: src.first_line + src.lines.length - 1,
    });
    this.note.textContent = t(view.note);
    const mark = src.marks.find((m) => m.step === view.step);
    this.light(mark ? this.lineNodes[mark.line - src.first_line] : null);
    this.vars.replaceChildren(...view.vars.map((v) => el("div", {
      className: "code-var", testid: "code-var", data: { name: v.name, when: v.when || "" },
    },
    el("dt", {}, el("code", {}, v.name), v.when ? el("span", { className: "code-when" }, t(`code.${v.when}`)) : null),
    el("dd", {}, el("code", {}, v.value), v.more ? el("span", { className: "code-when" }, t(...v.more)) : null))));
  }

  buildLines(src) {
    const nodes = src.lines.map((line, i) => el("span", { className: "code-line", testid: "code-line", data: { line: src.first_line + i } }, line));
    this.lineNodes = nodes;
    // A line break between the lines, so the source copies as it is in the file.
    this.pre.replaceChildren(...nodes.flatMap((node, i) => (i ? ["\n", node] : [node])));
  }

  /** Lights `node` (null: none) and scrolls the source, not the page, to show it. */
  light(node) {
    if (this.current && this.current !== node) {
      this.current.classList.remove("current");
      this.current.dataset.testid = "code-line";
      this.current.removeAttribute("aria-current");
    }
    this.current = node;
    if (!node) return;
    node.classList.add("current");
    node.dataset.testid = "code-line-current";
    node.setAttribute("aria-current", "true");
    const pre = this.pre;
    const top = node.offsetTop;
    if (top < pre.scrollTop || top + node.offsetHeight > pre.scrollTop + pre.clientHeight) {
      pre.scrollTop = Math.max(0, top - (pre.clientHeight - node.offsetHeight) / 2);
    }
  }
}
