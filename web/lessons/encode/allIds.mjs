// Every id of the text, for "Copy ids": an overview lists the text's first ITEM_LIMIT ids (n_ids counts
// them all; 1M characters of Chinese are about 1.3M ids, 9 MB of JSON), so a longer text's ids come from
// `overview_ids`, one page after another, each the ids from the next offset (the engine says how many a
// page holds). A student who copies the ids expects all of them, not the ones drawn.

import { ALLOWED_SPECIAL } from "./frames.mjs";
import { withEncoding } from "../encodings.mjs";

/** The `overview_ids` request for the ids of overview `o`'s text from `offset` on. */
export function idsPayload(o, offset) {
  return withEncoding({ text: o.text, allowed_special: ALLOWED_SPECIAL, offset }, o.encoding);
}

/**
 * All ids of overview `o` ({text, encoding, ids, n_ids}): its own when it lists them all, else asked for
 * page by page with `query(kind, payload)`. Resolves to null when a page fails (or comes back empty
 * before n_ids, which a text changed underneath would do).
 */
export async function allIds(query, o) {
  if (o.ids.length >= o.n_ids) return o.ids;
  const ids = [];
  while (ids.length < o.n_ids) {
    const answer = await query("overview_ids", idsPayload(o, ids.length));
    if (!answer.ok || answer.result.ids.length === 0 || answer.result.n_ids !== o.n_ids) return null;
    for (const id of answer.result.ids) ids.push(id);
  }
  return ids;
}
