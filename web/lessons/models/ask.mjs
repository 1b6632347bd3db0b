// Ask first in the models lesson (../../ui/askFirst.mjs): which of the tables the page counts first
// (OpenAI's three and MiniMind) needs the fewest tokens for the text, from their rows' answers. A row
// that failed, or that waits for a tap (a phone leaves cl100k and o200k to one), is left out.

import { countQuiz } from "../../ui/askFirst.mjs";
import { ENCODINGS } from "../../protocol.mjs";

const ASKED = Object.freeze([...ENCODINGS, "minimind"]); // the engine's three OpenAI tables, and MiniMind

/**
 * The question, or null when there is nothing to ask. `rows`: Map(id -> the engine's model_row answer)
 * of the rows measured so far; state(id): the row's state ({answer} | {loading} | {offer}, or none yet);
 * waits(id): the row waits for a tap; name(id): the row's title.
 */
export function modelsQuiz(t, { text, rows, state, waits, name }) {
  if (text === "") return null;
  const failed = (id) => Boolean(state(id)?.answer) && !state(id).answer.ok;
  const ids = ASKED.filter((id) => !waits(id) && !failed(id));
  if (ids.length < 2) return null;
  return countQuiz(t, {
    key: text, question: t("ask.models.q"),
    rows: ids.map((id) => ({ label: name(id), n: rows.has(id) ? rows.get(id).n_tokens : null })),
  });
}
