// The families lesson's worksheet (classroom/print.mjs): the text, then per tokenizer a guess of its
// token count and of what it does with spaces and with characters it lacks; the key holds the engine's
// answers, asked with the very requests the lesson's columns make (column.mjs readColumn), and says each
// column's facts in the lesson's own sentences.

import { el } from "../../ui/dom.mjs";
import { errorText } from "../../ui/lessonkit.mjs";
import { visibleSymbol } from "../../glyphs.mjs";
import { COLUMNS, TODAY } from "./presets.mjs";
import { readColumn } from "./column.mjs";
import { factLines } from "./words.mjs";
import "./strings.mjs";

const LIST_MAX = 40; // tokens written out in one cell

function table(head, rows) {
  const cell = (tag, value) => (value === null ? el(tag, { className: "ws-blank" }) : el(tag, {}, String(value)));
  return el("table", { className: "ws-table" },
    el("thead", {}, el("tr", {}, ...head.map((h) => cell("th", h)))),
    el("tbody", {}, ...rows.map((row) => el("tr", {}, ...row.map((v) => cell("td", v))))));
}

const firstOf = (list, n) => (list.length > n ? [...list.slice(0, n), "…"] : list);

export async function familiesSheet(ctx, state) {
  const t = ctx.t;
  const text = typeof state.ftext === "string" ? state.ftext : TODAY;
  const rows = [];
  for (const spec of COLUMNS) {
    const read = await readColumn(ctx, spec, text);
    if (!read.ok) throw new Error(errorText(t, read.error));
    rows.push([spec, read.facts]);
  }
  const name = (spec) => t(`families.name.${spec.id}`);
  const work = [
    el("p", { className: "ws-lead" }, t("families.sheet.how")),
    el("pre", { className: "ws-mono" }, text),
    table([t("families.sheet.tokenizer"), t("families.sheet.guess"), t("families.sheet.spaces"), t("families.sheet.unknown")],
      rows.map(([spec]) => [name(spec), null, null, null])),
    el("p", { className: "ws-p" }, t("families.sheet.why")),
  ];
  const key = [
    table([t("families.sheet.tokenizer"), t("families.sheet.count"), t("families.sheet.tokens"), t("families.sheet.ids")],
      rows.map(([spec, f]) => [name(spec), f.count,
        firstOf(f.tokens.map((tok) => (tok.unknown ? visibleSymbol(tok.vocab) : tok.raw ? tok.label : visibleSymbol(tok.label))), LIST_MAX).join(" · "),
        firstOf(f.tokens.map((tok) => tok.id), LIST_MAX).join(", ")])),
    ...rows.flatMap(([spec, f]) => [el("h2", { className: "ws-h2" }, name(spec)), ...factLines(t, f).map((line) => el("p", { className: "ws-p" }, line))]),
  ];
  return { work, key };
}
