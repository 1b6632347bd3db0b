// The lesson's words: every sentence the encode lesson builds from a trace, as pure functions of the
// translator `t` and the data (piece, frame). The step caption, the aria-live announcement, the stage
// explanation, the cell tooltips and the common-mistake summary all come from here.

import { visibleChar } from "../../glyphs.mjs";
import { hexBytes } from "../../canvas/frames.mjs";
import { cellFace, stepFaces } from "./names.mjs";
import { listedIds } from "./frames.mjs";
import "./strings.mjs";
import "./modelStrings.mjs";

/** Where two runs of steps first differ (index), or -1 when one is a prefix of the other. */
export function firstDifference(a, b) {
  const n = Math.min(a.length, b.length);
  for (let i = 0; i < n; i += 1) {
    if (a[i].merged !== b[i].merged || a[i].position !== b[i].position) return i;
  }
  return a.length === b.length ? -1 : n;
}

/** True when two id lists are equal. */
export function sameIds(a, b) {
  return a.length === b.length && a.every((v, i) => v === b[i]);
}

/**
 * The last merge's symbols named as the canvas draws them ({left, right, merged}), and `spelled`: the
 * table's own spelling of the merge (GPT-2's stand-ins) when it reads differently, else "".
 */
export function lastNames(t, piece, frame) {
  const s = frame.last;
  const face = stepFaces(piece, frame.run)[frame.step - 1];
  const shown = `${face.left} + ${face.right} → ${face.merged}`;
  const forms = `${s.left} + ${s.right} → ${s.merged}`;
  return { ...face, spelled: shown === forms ? "" : t("names.spelled", { forms }) };
}

/** The next merge's pair named as the canvas draws it, and the table's spelling as lastNames. */
export function nextNames(t, frame) {
  const n = frame.next;
  const left = cellFace(frame.cells[n.position]);
  const right = cellFace(frame.cells[n.position + 1]);
  const forms = `${n.left} + ${n.right}`;
  return { left, right, spelled: `${left} + ${right}` === forms ? "" : t("names.spelled", { forms }) };
}

/** The final tokens as the canvas draws them, then in the table's spelling when that differs. */
export function finalNames(t, piece, frame) {
  const shown = frame.cells.map(cellFace).join(", ");
  const forms = frame.tokens.join(", ");
  return shown === forms ? shown : `${shown}${t("names.spelled", { forms })}`;
}

/** The stage text beside the canvas for a frame: what is happening at this step and why (in `encoding`'s terms). */
export function explanation(t, piece, frame, encoding = "r50k_base") {
  const total = frame.total;
  if (piece.bytes.length === 1) return t("stage2.single");
  if (total === 0) return t("stage2.nothing");
  let text;
  if (frame.final) {
    const n = piece.tokens.length;
    text = t("stage2.final", { tokens: n === 1 ? t("stage3.tokens1") : t("stage3.tokens", { n }) });
  } else if (frame.step === 0) {
    // r50k shipped a merge list (id = 256 + rank); cl100k and o200k ship ranks (id = rank).
    text = encoding === "r50k_base"
      ? t("stage2.start", { bytes: piece.bytes.length })
      : t("stage2.startRanked", { bytes: piece.bytes.length, name: encoding });
  } else {
    const s = frame.last;
    const n = lastNames(t, piece, frame);
    text = t("stage2.middle", { step: frame.step, left: n.left, right: n.right, merged: `${n.merged}${n.spelled}`, rank: s.rank });
  }
  if (!frame.pairs && !frame.final) text = `${text}${t("sentence.joiner")}${t("stage2.noRanks")}`;
  return text;
}

/** The step caption and aria-live text: "Step 3 of 10: e + n -> en, rank 12". */
export function announcement(t, piece, frame) {
  const total = frame.total;
  let text;
  if (frame.step === 0) {
    // An open model that starts from characters (Gemma) counts symbols, not bytes (modelStrings.mjs).
    const suffix = piece.symbols.length === piece.bytes.length ? "" : "Symbols";
    const vars = { total, bytes: piece.bytes.length, symbols: piece.symbols.length };
    const next = frame.next ? nextNames(t, frame) : null;
    text = next
      ? t(`announce.startNext${suffix}`, { ...vars, left: next.left, right: `${next.right}${next.spelled}`, rank: frame.next.rank })
      : t(`announce.start${suffix}`, vars);
  } else {
    const s = frame.last;
    const n = lastNames(t, piece, frame);
    text = t("announce.step", { step: frame.step, total, left: n.left, right: n.right, merged: `${n.merged}${n.spelled}`, rank: s.rank });
  }
  if (frame.final) {
    const key = piece.ids.length === 1 ? "announce.final1" : "announce.final";
    const sep = frame.step > 0 ? t("announce.sep") : t("sentence.joiner");
    text = `${text}${sep}${t(key, { tokens: finalNames(t, piece, frame), ids: piece.ids.join(", ") })}`;
  }
  return text;
}

/** A cell's accessible name and tooltip lines: printable form, bytes in hex, the characters they make. */
export function describeCell(t, frame, i) {
  const cell = frame.cells[i];
  const hex = hexBytes(cell.bytes);
  const lines = [cell.text, t("cell.bytes", { hex })];
  const whole = cell.chars.filter((c) => !c.partial).map((c) => visibleChar(c.char));
  if (whole.length) lines.push(t("cell.chars", { chars: whole.join(" ") }));
  for (const c of cell.chars.filter((ch) => ch.partial)) {
    lines.push(t("cell.partial", {
      char: visibleChar(c.char),
      from: Math.max(cell.start, c.start) - c.start + 1,
      to: Math.min(cell.end, c.end) - c.start,
      n: c.end - c.start,
    }));
  }
  if (frame.final && frame.ids[i] !== undefined) lines.push(t("cell.id", { id: frame.ids[i] }));
  const label = `${t("cell.label", { n: i + 1, total: frame.cells.length, symbol: cell.text, hex })}. ${lines.slice(2).join(". ")}`;
  return { label, lines };
}

/** The common-mistake panel's words: where leftmost-first parts from the rank order, and its result. */
export function mistakeWords(t, piece) {
  const g = piece.greedy;
  const d = firstDifference(piece.steps, g.steps);
  const same = sameIds(piece.ids, g.ids);
  const parts = [];
  if (d === -1) {
    parts.push(t("mistake.same"));
  } else {
    const real = piece.steps[d];
    const wrong = g.steps[d];
    if (real && wrong) {
      parts.push(t("mistake.diverge", {
        step: d + 1, real: `${real.left} + ${real.right}`, rankReal: real.rank,
        wrong: `${wrong.left} + ${wrong.right}`, rankWrong: wrong.rank,
      }));
    }
    parts.push(same ? t("mistake.sameEnd") : t("mistake.differentEnd", {
      wrong: g.tokens.join(" + "), wrongIds: g.ids.join(", "),
      real: piece.tokens.join(" + "), realIds: piece.ids.join(", "),
    }));
  }
  return {
    same,
    diverge: d,
    rank: `✓ ${t("mistake.matches")}`,
    greedy: same ? `= ${t("mistake.matches")}` : `✗ ${t("mistake.notGpt2")}`,
    summary: parts.join(t("sentence.joiner")),
  };
}

/** The point of a preset made for one table (MiniMind's 今天天气真好): its tokens and ids from the answer. */
export function presetPoint(t, preset, o) {
  const tokens = o.pieces.flatMap((p) => p.texts.map((text, i) => text ?? p.tokens[i]));
  return t(`preset.${preset.id}.point`, { tokens: tokens.join(" / "), ids: listedIds(o), n: o.n_ids });
}
