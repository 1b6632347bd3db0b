// The worksheets' contents, one function per lesson: (ctx, state) -> {work, key}, the nodes of the sheet
// and of its answer key. A lesson module names its own as its `sheet` (lessons/registry.mjs), loading
// this module when a sheet is first printed; a lesson without one gets piecesSheet. Each asks the engine for what the lesson shows now and only chooses and
// arranges: every rank, id, count and size on a sheet is the engine's.

import { el } from "../ui/dom.mjs";
import { errorText } from "../ui/lessonkit.mjs";
import { visibleSymbol } from "../glyphs.mjs";
import { withEncoding, tableTitle } from "../lessons/encodings.mjs";
import { trainPayload } from "../lessons/train/frames.mjs";
import { PRESETS as TRAIN_PRESETS, presetPatch } from "../lessons/train/presets.mjs";
import { comparePayload, shownRows } from "../lessons/compare/query.mjs";
import { buildFrame } from "../canvas/frames.mjs";
import { cellFace, stepFaces, withSpelling } from "../lessons/encode/names.mjs";
import { isFamilyTrace } from "../lessons/encode/family.mjs";
import { familySheet } from "./familySheets.mjs";

const BLANK_ROWS = 8;      // rows of a pair-count table to fill in
const TRAIN_STEPS = 3;     // merges a train sheet asks for
const LIST_MAX = 40;       // ids or tokens written out in one line of an answer
const PIECES_MAX = 24;     // pieces on a pieces sheet

const hex = (bytes) => bytes.map((b) => b.toString(16).toUpperCase().padStart(2, "0")).join(" ");
const firstOf = (list, n) => (list.length > n ? [...list.slice(0, n), "…"] : list);

/** An engine answer's result, or an Error in the page's language. */
async function ask(ctx, kind, payload) {
  const answer = await ctx.query(kind, payload);
  if (!answer.ok) throw new Error(errorText(ctx.t, answer.error));
  return answer.result;
}

function table(head, rows, className = "") {
  const cell = (tag, value) => (value === null
    ? el(tag, { className: "ws-blank" })
    : el(tag, {}, String(value)));
  return el("table", { className: `ws-table ${className}`.trim() },
    el("thead", {}, el("tr", {}, ...head.map((h) => cell("th", h)))),
    el("tbody", {}, ...rows.map((row) => el("tr", {}, ...row.map((v) => cell("td", v))))));
}

const h2 = (text) => el("h2", { className: "ws-h2" }, text);
const p = (text, className = "ws-p") => el("p", { className }, text);
const mono = (text) => el("pre", { className: "ws-mono" }, text);
const blankLine = (label) => el("p", { className: "ws-line" }, label, el("span", { className: "ws-fill" }));

// ---------------------------------------------------------------- the sheets: (ctx, state) -> {work, key}

export async function encodeSheet(ctx, state) {
  const t = ctx.t;
  const encoding = state.encoding || "r50k_base";
  const text = state.text;
  const overview = await ask(ctx, "overview", withEncoding({ text, allowed_special: "none", piece: state.piece }, encoding));
  if (overview.n_pieces === 0) throw new Error(t("worksheet.emptyText"));
  const index = Math.min(state.piece, overview.n_pieces - 1);
  const piece = await ask(ctx, "trace_piece", withEncoding({ text, index }, encoding));
  if (isFamilyTrace(piece)) {
    return familySheet(t, piece, t("worksheet.encode.piece", { piece: visibleSymbol(piece.text), n: piece.index + 1, table: tableTitle(encoding, t) }));
  }
  const steps = piece.steps;
  // The pairs the piece meets that have a rank, from each step's candidates (or the merged ones alone).
  // A symbol is named as the canvas draws it (characters, or hex for part of one), the table's spelling
  // (GPT-2's stand-ins) beside it when that reads differently (lessons/encode/names.mjs).
  const facesAt = (k) => buildFrame(piece, piece, k).cells.map(cellFace);
  const ranked = new Map(); // left -> right -> {rank, left, right}: the rule, its symbols' faces
  const meet = (left, right, rank, faces) => {
    if (!ranked.has(left)) ranked.set(left, new Map());
    ranked.get(left).set(right, { rank, left: withSpelling(faces[0], left), right: withSpelling(faces[1], right) });
  };
  let symbols = piece.symbols;
  const named = stepFaces(piece);
  steps.forEach((step, k) => {
    if (Array.isArray(step.candidates)) {
      const faces = facesAt(k);
      step.candidates.forEach((rank, i) => rank !== null && meet(symbols[i], symbols[i + 1], rank, [faces[i], faces[i + 1]]));
    } else {
      meet(step.left, step.right, step.rank, [named[k].left, named[k].right]);
    }
    symbols = step.symbols;
  });
  const rules = [...ranked.values()].flatMap((rights) => [...rights.values()]).sort((a, b) => a.rank - b.rank);
  const head = t("worksheet.encode.piece", { piece: visibleSymbol(piece.text), n: piece.index + 1, table: tableTitle(encoding, t) });
  const work = [
    p(head, "ws-lead"),
    p(t(byteLevel(piece) ? "worksheet.encode.how" : "worksheet.encode.howChars")),
    h2(t(byteLevel(piece) ? "worksheet.encode.bytes" : "worksheet.encode.chars")),
    startTable(t, piece),
    h2(t("worksheet.encode.rules", { n: rules.length })),
    table([t("worksheet.col.rank"), t("worksheet.col.left"), t("worksheet.col.right")],
      rules.map((r) => [r.rank, r.left, r.right]), "ws-narrow"),
    h2(t("worksheet.encode.log")),
    table([t("worksheet.col.step"), t("worksheet.col.pair"), t("worksheet.col.rank"), t("worksheet.col.after")],
      steps.map((_, i) => [i + 1, null, null, null])),
    blankLine(t("worksheet.encode.final")),
  ];
  const key = [
    p(head, "ws-lead"),
    table([t("worksheet.col.step"), t("worksheet.col.pair"), t("worksheet.col.rank"), t("worksheet.col.after")],
      steps.map((s, i) => [i + 1, withSpelling(`${named[i].left} + ${named[i].right}`, `${s.left} + ${s.right}`), s.rank,
        withSpelling(facesAt(i + 1).join(" · "), s.symbols.join(" · "))])),
    p(t("worksheet.encode.finalKey", { tokens: withSpelling(facesAt(steps.length).join(" · "), piece.tokens.join(" · ")), ids: piece.ids.join(", ") })),
  ];
  return { work, key };
}

/**
 * The piece's first cells: one per byte for a byte-level table (GPT-2's printable form beside it), one
 * per character for a model that starts from characters (Gemma: ▁ for a space), with that cell's bytes.
 */
function byteLevel(piece) {
  const spans = piece.spans;
  return !(Array.isArray(spans) && spans.length === piece.symbols.length) || spans.every(([a, b]) => b - a === 1);
}

function startTable(t, piece) {
  const spans = piece.spans;
  if (byteLevel(piece)) {
    return table([t("worksheet.col.byte"), t("worksheet.col.hex"), t("worksheet.col.symbol")],
      piece.bytes.map((b, i) => [i + 1, hex([b]), piece.symbols[i]]), "ws-narrow");
  }
  return table([t("worksheet.col.cell"), t("worksheet.col.hex"), t("worksheet.col.char")],
    piece.symbols.map((symbol, i) => [i + 1, hex(piece.bytes.slice(spans[i][0], spans[i][1])), symbol]), "ws-narrow");
}

export async function trainSheet(ctx, state) {
  const t = ctx.t;
  let trace = await ask(ctx, "train", trainPayload(state));
  if (!trace.tables_shown || trace.steps.length === 0) {
    trace = await ask(ctx, "train", trainPayload({ ...state, ...presetPatch(TRAIN_PRESETS[0]) }));
  }
  const show = (symbol) => (trace.kind === "bytes" ? symbol : visibleSymbol(symbol));
  const row = (r) => [r.symbols.map(show).join(" "), r.count];
  const steps = trace.steps.slice(0, TRAIN_STEPS);
  const pairName = (pair) => `${show(pair[0])} + ${show(pair[1])}`;
  const work = [
    p(t("worksheet.train.how", { n: steps.length }), "ws-lead"),
    h2(t("worksheet.train.corpus")),
    table([t("worksheet.col.symbols"), t("worksheet.col.count")], trace.corpus.map(row)),
  ];
  const key = [];
  steps.forEach((step, i) => {
    const pairs = [...step.pairs].sort((a, b) => b.count - a.count);
    const rows = Math.min(pairs.length, BLANK_ROWS);
    work.push(h2(t("worksheet.train.step", { n: i + 1 })),
      table([t("worksheet.col.pair"), t("worksheet.col.count")], Array.from({ length: rows }, () => [null, null])),
      blankLine(t("worksheet.train.merge")));
    key.push(h2(t("worksheet.train.step", { n: i + 1 })),
      table([t("worksheet.col.pair"), t("worksheet.col.count")], pairs.slice(0, rows).map((pc) => [pairName(pc.pair), pc.count])),
      p(t("worksheet.train.mergeKey", { pair: pairName(step.pair), token: show(step.merged), count: step.count })));
  });
  return { work, key };
}

export async function decodeSheet(ctx, state) {
  const t = ctx.t;
  const encoding = state.encoding || "r50k_base";
  const decoded = await ask(ctx, "decode", withEncoding({ ids: state.ids }, encoding));
  const good = decoded.items.filter((item) => item.id !== null);
  if (!good.length) throw new Error(t("worksheet.decode.none"));
  const rows = new Map(good.map((item) => [item.id, item]));
  const excerpt = [...rows.values()].sort((a, b) => a.id - b.id);
  const work = [
    p(t("worksheet.decode.how", { table: tableTitle(encoding, t) }), "ws-lead"),
    h2(t("worksheet.decode.ids")),
    mono(good.map((item) => item.id).join(" ")),
    h2(t("worksheet.decode.excerpt")),
    table([t("worksheet.col.id"), t("worksheet.col.token"), t("worksheet.col.hex")], excerpt.map((item) => [item.id, item.token, item.hex])),
    h2(t("worksheet.decode.write")),
    table([t("worksheet.col.id"), t("worksheet.col.chars")], good.map((item) => [item.id, null])),
  ];
  const key = [
    table([t("worksheet.col.id"), t("worksheet.col.chars")], good.map((item) => [item.id, visibleSymbol(item.completes) || "—"])),
    p(t("worksheet.decode.textKey")),
    mono(decoded.text),
  ];
  return { work, key };
}

export async function specialSheet(ctx, state) {
  const t = ctx.t;
  const encoding = state.encoding || "r50k_base";
  const views = await ask(ctx, "special", withEncoding({ text: state.stext }, encoding));
  const work = [
    p(t("worksheet.special.how", { table: tableTitle(encoding, t) }), "ws-lead"),
    mono(state.stext),
    h2(t("worksheet.special.table")),
    table([t("worksheet.col.token"), t("worksheet.col.id")], views.specials.map(([token, id]) => [token, id]), "ws-narrow"),
    blankLine(t("worksheet.special.refused")),
    blankLine(t("worksheet.special.allowed")),
    blankLine(t("worksheet.special.plain")),
  ];
  const refused = views.refused.ok
    ? t("worksheet.special.idsKey", { n: views.refused.n_ids, ids: firstOf(views.refused.ids, LIST_MAX).join(", ") })
    : errorText(t, { code: views.refused.code, params: views.refused.params, message: views.refused.error });
  const key = [
    p(`${t("worksheet.special.refused")} ${refused}`),
    p(`${t("worksheet.special.allowed")} ${t("worksheet.special.idsKey", { n: views.allowed.n_ids, ids: firstOf(views.allowed.ids, LIST_MAX).join(", ") })}`),
    p(`${t("worksheet.special.plain")} ${t("worksheet.special.idsKey", { n: views.plain.n_ids, ids: firstOf(views.plain.ids, LIST_MAX).join(", ") })}`),
  ];
  return { work, key };
}

export async function compareSheet(ctx, state) {
  const t = ctx.t;
  // The lesson's own request (its text, corpus and toy vocabulary): the sheet's sizes are the screen's.
  const rows = shownRows(await ask(ctx, "compare", comparePayload(state)));
  const name = (row) => t(`worksheet.compare.${row.name}`);
  const work = [
    p(t("worksheet.compare.how"), "ws-lead"),
    mono(state.ctext),
    table([t("worksheet.col.tokenizer"), t("worksheet.col.vocab"), t("worksheet.col.guess"), t("worksheet.col.count")],
      rows.map((row) => [name(row), row.vocab_size, null, null])),
  ];
  const key = [
    table([t("worksheet.col.tokenizer"), t("worksheet.col.count"), t("worksheet.col.tokens")],
      rows.map((row) => [name(row), row.n_tokens, firstOf(row.tokens.map(visibleSymbol), LIST_MAX).join(" · ")])),
  ];
  return { work, key };
}

export async function samplesSheet(ctx, state) {
  const t = ctx.t;
  const result = await ask(ctx, "samples", {
    text: state.scorpus, block_size: state.block, batch_size: state.batch,
    tokenizer: state.tok, mode: state.sampler, seed: state.seed, start: state.start,
  });
  const work = [
    p(t("worksheet.samples.how", { block: result.block_size }), "ws-lead"),
    h2(t("worksheet.samples.stream", { n: result.n_ids })),
    mono(firstOf(result.ids, 4 * LIST_MAX).join(" ")),
    table([t("worksheet.col.offset"), t("worksheet.col.x"), t("worksheet.col.y")],
      result.windows.map((w) => [w.offset, null, null])),
  ];
  const key = [
    table([t("worksheet.col.offset"), t("worksheet.col.x"), t("worksheet.col.y")],
      result.windows.map((w) => [w.offset, w.x.join(" "), w.y.join(" ")])),
  ];
  return { work, key };
}

export async function quirksSheet(ctx, state) {
  const t = ctx.t;
  const { caseOf, caseQueries, rowsOf } = await import("../lessons/quirks.mjs");
  const quirk = caseOf(state);
  const answers = await Promise.all(caseQueries(quirk).map((payload) => ctx.query("overview", payload)));
  const failed = answers.find((a) => !a.ok);
  if (failed) throw new Error(errorText(t, failed.error));
  const rows = rowsOf(quirk, answers);
  const text = (row) => (row.label ? `${row.label}: ${JSON.stringify(row.text)}` : JSON.stringify(row.text));
  const work = [
    h2(t(`quirks.${quirk.id}.title`)),
    p(t(`quirks.${quirk.id}.q`), "ws-lead"),
    p(t("worksheet.quirks.how")),
    table([t("worksheet.col.text"), t("worksheet.col.guess"), t("worksheet.col.tokens")], rows.map((row) => [text(row), null, null])),
  ];
  const key = [
    table([t("worksheet.col.text"), t("worksheet.col.nTokens"), t("worksheet.col.tokens")],
      rows.map((row) => [text(row), row.n_ids, firstOf(row.tokens.map((tok) => (tok.face.partial ? tok.face.text : visibleSymbol(tok.face.text))), LIST_MAX).join(" · ")])),
    p(t(`quirks.${quirk.id}.a`)),
  ];
  return { work, key };
}

/** The lab's exercise on screen: its task, the calls its shown tests make, their answers (the lab's catalog, made by its Python). */
export async function labSheet(ctx, state) {
  const t = ctx.t;
  const response = await fetch(new URL("../lab/catalog.json", import.meta.url), { cache: "no-cache" });
  if (!response.ok) throw new Error(`lab/catalog.json: HTTP ${response.status}`);
  const catalog = await response.json();
  const exercise = catalog.exercises.find((e) => e.id === state.ex) || catalog.exercises[0];
  const work = [
    h2(t(`lab.${exercise.id}.title`)),
    p(t(`lab.${exercise.id}.prompt`), "ws-lead"),
    p(t(`lab.${exercise.id}.more`)),
    p(t("worksheet.lab.how", { function: exercise.function })),
    table([t("worksheet.col.call"), t("worksheet.col.returns")], exercise.shown.map((test) => [test.call, null])),
  ];
  const key = [
    table([t("worksheet.col.call"), t("worksheet.col.returns")], exercise.shown.map((test) => [test.call, test.expected])),
  ];
  return { work, key };
}

/** The other lessons: their text (the encode text where they have none) cut into pieces and tokens. */
export async function piecesSheet(ctx, state) {
  const t = ctx.t;
  const text = typeof state.ttext === "string" ? state.ttext : state.text;
  const encoding = state.encoding || "r50k_base";
  const overview = await ask(ctx, "overview", withEncoding({ text, allowed_special: "none" }, encoding));
  const pieces = overview.pieces.slice(0, PIECES_MAX);
  const work = [
    p(t("worksheet.pieces.how", { table: tableTitle(encoding, t), n: pieces.length }), "ws-lead"),
    mono(text),
    table([t("worksheet.col.piece"), t("worksheet.col.text"), t("worksheet.col.tokens"), t("worksheet.col.ids")],
      pieces.map((_, i) => [i + 1, null, null, null])),
  ];
  const key = [
    table([t("worksheet.col.piece"), t("worksheet.col.text"), t("worksheet.col.tokens"), t("worksheet.col.ids")],
      pieces.map((pc, i) => [i + 1, visibleSymbol(pc.text), pc.tokens.join(" · "), pc.ids.join(", ")])),
    p(t("worksheet.pieces.total", { n: overview.n_ids })),
  ];
  return { work, key };
}
