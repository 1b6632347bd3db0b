// Ask first in the encode lesson (../../ui/askFirst.mjs): how many tokens the table in use makes of the
// text, guessed before the result, the quick counts, the preset's point and the ids (stage 3) show. The
// question stands between the text box and the stages; while Predict is on, it asks its own questions.

import { AskFirst } from "../../ui/askFirst.mjs";
import { tableTitle } from "../encodings.mjs";

const SHOWN_CHARS = 40; // a longer text is quoted by its start

/**
 * The question for the text the reader wants (`text`) in `table`, from the session's snapshot: its
 * number is the overview's count once the overview answers that text in that table; null: nothing to ask.
 *
 *     encodeQuiz(t, {text: "hi", overview: {encoding: "r50k_base", ids: [5303]}, error: null}, {text: "hi", table: "r50k_base", predict: false})
 *       -> {key: '["r50k_base","hi"]', question: 'Guess first: how many tokens does r50k_base cut "hi" into? …', number: 1}
 */
export function encodeQuiz(t, snapshot, { text, table, predict }) {
  const { text: answered, overview: o, error } = snapshot;
  if (text === "" || error || predict) return null;
  const chars = [...text];
  const shown = JSON.stringify(chars.length > SHOWN_CHARS ? `${chars.slice(0, SHOWN_CHARS).join("")}…` : text);
  const fresh = o && answered === text && o.encoding === table;
  return {
    key: JSON.stringify([table, text]), question: t("ask.encode.q", { table: tableTitle(table, t), text: shown }),
    number: fresh ? o.n_ids : null,
  };
}

export class EncodeAsk {
  /**
   * r: the page's elements (page.mjs), quick: the quick counts' row; snapshot() the session's newest,
   * table() the table in use (the choice's active one).
   */
  constructor(ctx, r, quick, { snapshot, table }) {
    this.ctx = ctx;
    this.snapshot = snapshot;
    this.table = table;
    this.asker = new AskFirst(ctx, { regions: [r.result.node, quick, r.point, r.view[2]] });
    r.main.insertBefore(this.asker.node, r.view[0]);
  }

  /** After any change of state or news from the engine: asking on or off, and the question for what is shown. */
  update() {
    const state = this.ctx.getState();
    this.asker.show(state.ask);
    this.asker.render(encodeQuiz(this.ctx.t, this.snapshot(), { text: state.text, table: this.table(), predict: state.predict }));
  }
}
