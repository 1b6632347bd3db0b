// The models lesson's rows (../models.mjs) and its worksheet (./sheet.mjs): which models, in which order.

import { NOTES_TABLE, NOTES_LOAD_ORDER } from "../../protocol.mjs";

// The rows, in the notes' table order, as the engine declares them (toklab.notes_table): `notes`, the
// vocabulary the notes' table states (section 6); `chinese`, a Chinese model as the notes count them;
// `beside`, a row the notes' table does not have, standing beside the others (gpt-oss: o200k_base's
// ranks, so its figures repeat GPT-4o's; the claim and the limits leave it out); `own`, the notes' own
// project (MiniMind); `file`, the engine has its file (Yi's and ChatGLM's no registry here has); `spm`,
// a SentencePiece file.
export const MODELS = NOTES_TABLE;
// The order the rows are asked for: the tables already in the engine first, the largest file last.
export const LOAD_ORDER = NOTES_LOAD_ORDER;
// SentencePiece's own files (issue 38), asked for after those: Llama 1/2 and Mistral 7B, 32,000 pieces
// each. Their rows stand beside the others; the claim, the limits and the worksheet keep to LOAD_ORDER.
export const SPM_ORDER = Object.freeze(MODELS.filter((m) => m.spm).map((m) => m.id));
// Rows beside the notes' table (`beside`), asked for after LOAD_ORDER's: gpt-oss's o200k_harmony.
export const BESIDE_ORDER = Object.freeze(MODELS.filter((m) => m.beside).map((m) => m.id));


// The tables a phone loads without a tap: OpenAI's first (in the engine already) and MiniMind's small file.
const ON_THEIR_OWN = new Set(["r50k_base", "minimind"]);

/**
 * Whether a table's file waits for the reader's tap instead of loading by itself: a large one, on a
 * phone (at most 640 px wide) or a connection that asks to save data. The models lesson's rows and the
 * encode lesson's counts decide alike.
 */
export function waitsForTap(name) {
  if (ON_THEIR_OWN.has(name) || name === "custom") return false;
  return window.matchMedia("(max-width: 640px)").matches || navigator.connection?.saveData === true;
}
