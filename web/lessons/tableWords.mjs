// The numbers the encode and special lessons quote about the chosen token table, taken from the
// engine's answer (`overview` and `special` carry n_vocab, n_ranks, n_merged and specials), never typed
// in: r50k's "256 + 50,000 + 1 = 50,257" and cl100k's 100,277 rows come from the same fields.
//
//     tableWords({n_vocab: 50257, n_ranks: 50256, n_merged: 50000, specials: [["<|endoftext|>", 50256]]}, "r50k_base", t)
//       -> {key: "...", tokenizer: "GPT-2", rows: "50,257", eot: "50256", makeup: "256 byte tokens, … = 50,257", ...}

import { isWordPiece, modelFile, tableTitle } from "./encodings.mjs";

const GROUPED = new Intl.NumberFormat("en-US"); // both languages write 50,257 with a comma
const LISTED = 4; // the special tokens a sentence names (DeepSeek-V3 has 804)

/** The facts an answer carries, or null when it carries none (an empty text's overview is made in the page). */
export function tableFacts(answer) {
  if (!answer || !Number.isInteger(answer.n_vocab) || !Array.isArray(answer.specials)) return null;
  const { n_vocab, n_ranks, n_merged, specials } = answer;
  return { n_vocab, n_ranks, n_merged, specials };
}

/** The variables of the sentences about the table (see the strings "table.*", "stage3.text", "special.lead"). */
export function tableWords(facts, encoding, t) {
  if (!facts) return null;
  const n = (value) => GROUPED.format(value);
  const specials = facts.specials;
  const eot = specials.find(([token]) => token === "<|endoftext|>");
  const gaps = facts.n_vocab - facts.n_ranks - specials.length;
  const open = modelFile(encoding); // a model's own file's facts (issue #24), null for OpenAI's ranks
  const listed = open || specials.length > 2 * LISTED ? specials.slice(0, LISTED) : specials; // gpt-oss has 1,091
  const vars = {
    name: open ? open.title : encoding,
    tokenizer: open ? open.title : t(`table.tokenizer.${encoding}`),
    rows: n(facts.n_vocab),
    ranks: n(facts.n_ranks),
    bytes: n(facts.n_ranks - facts.n_merged),
    merges: n(facts.n_merged),
    specials: n(specials.length),
    maxId: String(facts.n_vocab - 1),
    eot: eot ? String(eot[1]) : "",
    list: listed.map(([token, id]) => `${token} ${id}`).join(t("table.listSep")) + (listed.length < specials.length ? t("table.listSep") + "…" : ""),
    gaps: gaps > 0 ? t("table.gaps", { n: n(gaps) }) : "",
  };
  const ranked = encoding !== "r50k_base"; // r50k shipped a merge list; the others ship ranks only
  if (isWordPiece(encoding)) {
    // A WordPiece vocabulary: special tokens, single characters (with their ## forms), longer pieces.
    vars.name = vars.tokenizer = vars.title = tableTitle(encoding, t);
    vars.list = specials.map(([token, id]) => `${token} ${id}`).join(t("table.listSep"));
    vars.singles = n(facts.n_ranks - facts.n_merged - specials.length);
    vars.makeup = t("table.makeup.wordpiece", vars);
    vars.specialLead = "special.leadOpen";
    return vars;
  }
  if (open && (open.family === "spm_bpe" || open.family === "unigram")) {
    // A tokenizer.model: scored pieces, control tokens, and the rest (<unk>, and the bytes of byte fallback).
    vars.name = vars.tokenizer = vars.title = tableTitle(encoding, t);
    vars.others = n(gaps);
    vars.pieces = t(`table.spmPieces.${open.family}`, vars);
    vars.makeup = t(open.byte_fallback ? "table.makeup.spmBytes" : "table.makeup.spm", vars);
    vars.specialLead = "special.leadSpm";
    return vars;
  }
  if (open) {
    vars.title = open.title;
    vars.added = n(open.n_added);
    vars.makeup = t("table.makeup.open", vars);
    vars.specialLead = "special.leadOpen";
    return vars;
  }
  vars.makeup = t(ranked ? "table.makeup.ranks" : "table.makeup.r50k", vars);
  vars.specialLead = ranked ? "special.leadOf" : "special.lead";
  return vars;
}
