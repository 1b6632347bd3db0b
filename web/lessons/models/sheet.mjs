// The models lesson's worksheet (classroom/print.mjs): the text, then a row per model to guess its
// token count (the reader's own file too, when one is open); the key holds the engine's counts, asked
// with the very requests the lesson's rows make (`model_row`). Every number is the engine's, except the
// notes' vocabulary sizes, which are quoted.

import { TIMING } from "../../theme.mjs";
import { el } from "../../ui/dom.mjs";
import { errorText } from "../../ui/lessonkit.mjs";
import { MODELS, LOAD_ORDER } from "./table.mjs";
import { CHINESE } from "./presets.mjs";
import { openFile } from "./file.mjs";
import "./strings.mjs";

function table(head, rows) {
  const cell = (tag, value) => (value === null ? el(tag, { className: "ws-blank" }) : el(tag, {}, String(value)));
  return el("table", { className: "ws-table" },
    el("thead", {}, el("tr", {}, ...head.map((h) => cell("th", h)))),
    el("tbody", {}, ...rows.map((row) => el("tr", {}, ...row.map((v) => cell("td", v))))));
}

const fmt = (n) => n.toLocaleString("en-US");

export async function modelsSheet(ctx, state) {
  const t = ctx.t;
  const text = typeof state.mtext === "string" ? state.mtext : CHINESE;
  const rows = [];
  const file = openFile();
  for (const id of file ? [...LOAD_ORDER, "custom"] : LOAD_ORDER) {
    const answer = await ctx.query("model_row", { text, encoding: id }, { timeoutMs: TIMING.modelLoadTimeoutMs });
    if (!answer.ok) throw new Error(errorText(t, answer.error));
    rows.push([MODELS.find((m) => m.id === id) || { id, notes: null }, answer.result]);
  }
  const name = (m) => t(`models.name.${m.id}`, { name: file ? file.name : "" });
  const work = [
    el("p", { className: "ws-lead" }, t("models.sheetHow")),
    el("pre", { className: "ws-mono" }, text),
    table([t("models.sheetModel"), t("models.sheetNotes"), t("models.sheetFile"), t("models.sheetGuess")],
      rows.map(([m, r]) => [name(m), m.notes === null ? "—" : fmt(m.notes), fmt(r.vocab_size), null])),
  ];
  const key = [
    table([t("models.sheetModel"), t("models.tokens"), t("models.perToken"), t("models.perHan")],
      rows.map(([m, r]) => [name(m), fmt(r.n_tokens), r.chars_per_token === null ? "—" : r.chars_per_token.toFixed(2),
        r.tokens_per_han === null ? "—" : r.tokens_per_han.toFixed(2)])),
  ];
  return { work, key };
}
