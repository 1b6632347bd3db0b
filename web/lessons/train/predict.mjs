// Predict, then reveal (the train lesson): the student picks the pair that merges next while the pair
// table's counts are hidden. Pure functions of the engine's `train` trace: nothing here counts pairs or
// touches the DOM. A pick is judged against the step the engine reported (`pair`, and `tie` when pairs
// shared the best count); every count named comes from that step's `pairs` table.
//
// Step k (1..n) shows the pair table merge k chose from. `revealed` is how many merges the student has
// seen: merges 1..revealed are known, and a merge frame after them is the pending question, shown
// masked (frames.mjs pairRows with `hidden`).

import { visibleSymbol as v } from "../../glyphs.mjs";
import { samePair, stepFrame } from "./frames.mjs";

/**
 * Where the question stands at `step` of `trace`, `revealed` merges known:
 *
 *     "none"         training made no merge: nothing to guess
 *     "unavailable"  the engine sent no pair tables (a large corpus): nothing to guess from
 *     "start"        step 0, before the first pair table
 *     "ask"          revealed < step <= n: merge `step` is the question
 *     "seen"         step <= revealed: this merge was revealed already
 *     "done"         the stop, after the last merge
 */
export function questionStatus(trace, step, revealed) {
  const n = trace.steps.length;
  if (n === 0) return "none";
  if (!trace.tables_shown || !Array.isArray(trace.steps[0].pairs)) return "unavailable";
  if (step === 0) return "start";
  if (step > n) return "done";
  return step > revealed ? "ask" : "seen";
}

/**
 * Merge frame `frame` as the student may see it while its merge is the pending question: the corpus
 * before it and its pair table (drawn with the counts hidden), and nothing of the merge itself: no
 * merged pair, no corpus after it, the vocabulary as it was before.
 */
export function maskFrame(trace, frame) {
  const before = stepFrame(trace, frame.k - 1);
  return { ...frame, after: null, step: null, learned: before.learned, vocabSize: before.vocabSize, masked: true };
}

/** The count the engine reported for `pair` in a step's table, or null when the pair is not in it. */
export function countOf(step, pair) {
  const row = (step.pairs || []).find((p) => samePair(p.pair, pair));
  return row ? row.count : null;
}

/**
 * The verdict on picking `pick` ([left, right]) at merge frame `k`, from the engine's step k:
 *
 *     {k, result: "correct" | "wrong", tied, pick: {pair, count}, real: {pair, count}, tie}
 *
 * `tied`: the pick shared the best count but the tie rule chose another pair; `tie` is the step's tie
 * when more than one pair had the best count (else null).
 */
export function judgePick(trace, k, pick) {
  const step = trace.steps[k - 1];
  const correct = samePair(pick, step.pair);
  const tie = step.tie && step.tie.n_tied > 1 ? step.tie : null;
  return {
    k,
    result: correct ? "correct" : "wrong",
    tied: !correct && Boolean(tie) && tie.tied.some((p) => samePair(p, pick)),
    pick: { pair: pick, count: countOf(step, pick) },
    real: { pair: step.pair, count: step.count },
    tie,
  };
}

/** The words of a verdict, from the engine's numbers; a tie names its rule and says how it decides. */
export function verdictText(t, verdict) {
  const real = { left: v(verdict.real.pair[0]), right: v(verdict.real.pair[1]), count: verdict.real.count };
  const pick = { pickLeft: v(verdict.pick.pair[0]), pickRight: v(verdict.pick.pair[1]), pickCount: verdict.pick.count };
  const tie = verdict.tie;
  const rule = tie ? { n: tie.n_tied, rule: t(`train.tie.${tie.rule}`), why: t(`predict.train.rule.${tie.rule}`) } : {};
  if (verdict.result === "correct") return t(tie ? "predict.train.correctTie" : "predict.train.correct", { ...real, ...rule });
  if (verdict.tied) return t("predict.train.tied", { ...real, ...pick, ...rule });
  return t("predict.train.wrong", { ...real, ...pick });
}

/**
 * What the predict box shows (ui/predict.mjs PredictBox.render's model) for `trace` at step `k`. The
 * choices are the pair table's rows (the view draws them there), so the box has none of its own.
 * `quiz`: {revealed, phase, verdict, score}.
 */
export function predictModel(t, trace, k, quiz) {
  const base = { score: quiz.score, choices: null, number: null, verdict: null, nextLabel: null };
  if (!trace) return { ...base, status: "message", message: t("predict.waiting") };
  const total = trace.steps.length;
  const told = quiz.verdict;
  if (quiz.phase === "told" && told && told.k === k) {
    return {
      ...base,
      status: "told",
      question: t("predict.train.told", { k, total }),
      verdict: { result: told.result, text: verdictText(t, told) },
      nextLabel: t(k >= total ? "predict.finish" : "predict.next"),
    };
  }
  const status = questionStatus(trace, k, quiz.revealed);
  if (status !== "ask") return { ...base, status: "message", message: t(`predict.train.${status}`) };
  return { ...base, status: "ask", question: t("predict.train.ask", { k, total }) };
}
