// How the encode lesson names a symbol in words (the step caption, the stage text, the merge log, the
// worksheet): as the canvas draws it, the characters it holds (a space as ␣), or its bytes in hex when
// it holds only part of a character. The table's own spelling (GPT-2's stand-ins å¤ and Ġ, Gemma's ▁)
// follows in brackets where it differs. Every fact comes from the trace: the symbols' byte spans and the
// piece's characters (canvas/frames.mjs); nothing here decodes bytes.

import { charsInSpan } from "../../canvas/frames.mjs";
import { hexLabel, visibleSymbol } from "../../glyphs.mjs";

/**
 * A cell (canvas/frames.mjs buildCells) as words:
 *
 *     cellFace({partial: false, chars: [{char: "天"}], bytes: [0xe5, 0xa4, 0xa9]})  -> "天"
 *     cellFace({partial: true, chars: [{char: "天"}], bytes: [0xe5, 0xa4]})         -> "E5 A4"
 */
export function cellFace(cell) {
  return cell.partial ? hexLabel(cell.bytes) : visibleSymbol(cell.chars.map((c) => c.char).join(""));
}

/** The face of the bytes [start, end) of `piece`. */
function spanFace(piece, start, end) {
  const chars = charsInSpan(piece.chars, start, end);
  return cellFace({ partial: chars.some((c) => c.partial), chars, bytes: piece.bytes.slice(start, end) });
}

const FACES = new WeakMap(); // steps -> their faces (a piece's steps never change)

/**
 * Each merge of `steps` (the piece's own run unless given) named: [{left, right, merged}], from the
 * piece's starting spans joined step by step, as the canvas joins them.
 */
export function stepFaces(piece, steps = piece.steps) {
  if (FACES.has(steps)) return FACES.get(steps);
  const spans = piece.spans.map(([a, b]) => [a, b]);
  const out = steps.map((s) => {
    const at = s.position;
    const [left, right] = [spans[at], spans[at + 1]];
    spans.splice(at, 2, [left[0], right[1]]);
    return { left: spanFace(piece, ...left), right: spanFace(piece, ...right), merged: spanFace(piece, left[0], right[1]) };
  });
  FACES.set(steps, out);
  return out;
}

/**
 * Words in faces, then the same words in the table's spelling when they differ:
 *
 *     withSpelling("天 + ␣", "å¤© + Ġ")  -> "天 + ␣   (å¤© + Ġ)"
 *     withSpelling("o + n", "o + n")     -> "o + n"
 */
export function withSpelling(shown, spelled) {
  return shown === spelled ? shown : `${shown}   (${spelled})`;
}

/** A merge as words: "E5 A4 + A9 → 天   (å¤ + © → å¤©)". */
export function mergeLine(face, step) {
  return withSpelling(`${face.left} + ${face.right} → ${face.merged}`, `${step.left} + ${step.right} → ${step.merged}`);
}
