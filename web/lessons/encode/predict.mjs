// Predict, then reveal (the encode lesson): the student picks the pair that merges next before the
// canvas shows it. Pure functions of the engine's trace: nothing here tokenizes or touches the DOM.
// A pick is judged by comparing it with the step the engine reported, and every rank named comes from
// that step's `candidates` (the rank of each adjacent pair; null where no rule exists).
//
// `revealed` is how many steps of the piece the student has seen: steps 1..revealed are known, the
// step after it is the pending question. Frames from `revealed` on are masked (no ranks, no chosen pair).

import { buildFrame } from "../../canvas/frames.mjs";
import { hexLabel, visibleSymbol } from "../../glyphs.mjs";

/**
 * Where the question stands at `step` of `trace`, `revealed` steps known:
 *
 *     "none"         the piece has no merge to guess (one byte, or no rule applies)
 *     "unavailable"  its steps carry no candidates (a long byte run): nothing to judge a pick against
 *     "ask"          step === revealed < total: the next merge is the question
 *     "seen"         step < revealed: this step's next merge was revealed already
 *     "done"         every merge of the piece is revealed
 */
export function questionStatus(trace, step, revealed) {
  const total = trace.steps.length;
  if (total === 0) return "none";
  if (!Array.isArray(trace.steps[0].candidates)) return "unavailable";
  if (step >= total) return "done";
  return step >= revealed ? "ask" : "seen";
}

/**
 * The adjacent pairs at frame `step`, as drawn (printable symbols):
 *
 *     pairsAt({symbols: ["t", "o", "k"], steps: []}, 0)  ->  [{index: 0, left: "t", right: "o"}, {index: 1, left: "o", right: "k"}]
 */
export function pairsAt(trace, step) {
  const symbols = step === 0 ? trace.symbols : trace.steps[step - 1].symbols;
  return symbols.slice(1).map((right, i) => ({ index: i, left: symbols[i], right }));
}

/**
 * The verdict on picking pair `pick` at frame `step` (the merge into step + 1), from the engine's step:
 * {result: "correct" | "wrong", sameRule, pick: {left, right, rank}, real: {left, right, rank}, step}.
 * `sameRule`: the pick is another place of the very rule that merges (GPT-2 takes the leftmost first).
 */
export function judgePick(trace, step, pick) {
  const next = trace.steps[step];
  const pairs = pairsAt(trace, step);
  const chosen = pairs[pick];
  const rank = next.candidates[pick];
  const correct = pick === next.position;
  return {
    step,
    pickIndex: pick,
    result: correct ? "correct" : "wrong",
    sameRule: !correct && rank === next.rank && chosen.left === next.left && chosen.right === next.right,
    pick: { left: chosen.left, right: chosen.right, rank: rank === undefined ? null : rank },
    real: { left: next.left, right: next.right, rank: next.rank, position: next.position },
  };
}

/** Frame `frame` with what would give the pending answer away taken out: ranks, chosen and lowest pair. */
export function maskFrame(frame) {
  return { ...frame, pairs: null, chosen: null, lowest: null, next: null, masked: true };
}

/** The frame as the student may see it: masked from the pending question on. */
export function shownFrame(frame, revealed) {
  return frame.step >= revealed && !frame.final ? maskFrame(frame) : frame;
}

/** A small deterministic hash of a string (FNV-1a), to choose the room's options the same way each time. */
export function hashText(text) {
  let h = 0x811c9dc5;
  for (const ch of text) {
    h ^= ch.codePointAt(0);
    h = Math.imul(h, 0x01000193) >>> 0;
  }
  return h;
}

/**
 * The whole-class options at frame `step`: at most `max` pairs, always the one that merges, the others
 * chosen by a seeded shuffle (the same piece and step give the same options), in left-to-right order.
 *
 *     roomOptions(trace, 0, 4, "seed") -> [{index, left, right}, ...]   (2 to 4 of them)
 */
export function roomOptions(trace, step, max, seed) {
  const pairs = pairsAt(trace, step);
  const answer = trace.steps[step].position;
  if (pairs.length <= max) return pairs;
  const others = pairs.filter((p) => p.index !== answer);
  let h = hashText(`${seed}\u0001${step}`);
  for (let i = others.length - 1; i > 0; i -= 1) {
    h = Math.imul(h ^ (h >>> 15), 0x2c1b3c6d) >>> 0;
    const j = h % (i + 1);
    [others[i], others[j]] = [others[j], others[i]];
  }
  return [pairs[answer], ...others.slice(0, max - 1)].sort((a, b) => a.index - b.index);
}

/** The words of a verdict: what was picked, what GPT-2 merges, and both ranks (from the engine's step). */
export function verdictText(t, v) {
  const real = { left: v.real.left, right: v.real.right, rank: v.real.rank };
  if (v.result === "correct") return t("predict.encode.correct", real);
  if (v.sameRule) return t("predict.encode.sameRule", real);
  const pick = { pickLeft: v.pick.left, pickRight: v.pick.right, pickRank: v.pick.rank };
  return t(v.pick.rank === null ? "predict.encode.wrongNoRule" : "predict.encode.wrong", { ...real, ...pick });
}

/** A rank as the room's options show it after the reveal. */
export function rankWords(t, rank) {
  return rank === null || rank === undefined ? t("predict.noRule") : t("predict.rank", { rank });
}

/**
 * What the predict box shows (ui/predict.mjs PredictBox.render's model) for `trace` at `step`, and the
 * room's poll when the whole class guesses. `quiz`: {room, revealed, phase, verdict, roomVerdict, score, key}.
 */
export function predictModel(t, trace, step, quiz) {
  const base = { score: quiz.score, choices: null, number: null, verdict: null, nextLabel: null, poll: null };
  if (!trace) return { ...base, status: "message", message: t("predict.waiting") };
  const total = trace.steps.length;
  const told = quiz.phase === "told" && quiz.verdict && quiz.verdict.step + 1 === step;
  if (told) {
    const v = quiz.verdict;
    return {
      ...base,
      status: "told",
      question: t("predict.encode.told", { step: v.step + 1, total }),
      verdict: { result: v.result, text: v.room ? t("predict.encode.roomTold", v.real) : verdictText(t, v) },
      nextLabel: t(step >= total ? "predict.finish" : "predict.next"),
      poll: v.room ? roomPoll(t, trace, v.step, quiz.key, v.real.position) : null,
    };
  }
  const status = questionStatus(trace, step, quiz.revealed);
  if (status !== "ask") return { ...base, status: "message", message: t(`predict.encode.${status}`) };
  const question = t(quiz.room ? "predict.encode.askRoom" : "predict.encode.ask", { step: step + 1, total });
  if (quiz.room) return { ...base, status: "ask", question, poll: roomPoll(t, trace, step, quiz.key, null) };
  const faces = cellFaces(trace, step);
  const choices = pairsAt(trace, step).map((p) => ({ label: pairLabel(p, faces), data: { left: p.left, right: p.right, pair: p.index } }));
  return { ...base, status: "ask", question, choices };
}

/**
 * How each symbol of frame `step` reads as characters, from the trace's byte facts (its cells): the
 * characters it holds, or its bytes in hex when it holds only part of one.
 */
export function cellFaces(trace, step) {
  return buildFrame(trace, trace, step).cells.map((cell) => (cell.partial ? hexLabel(cell.bytes) : visibleSymbol(cell.chars.map((c) => c.char).join(""))));
}

/**
 * A pair as a choice reads: its characters, then GPT-2's symbols when they are written differently.
 *
 *     pairLabel({index: 0, left: "t", right: "o"}, ["t", "o"])          -> "t + o"
 *     pairLabel({index: 0, left: "å¤©", right: "Ġ"}, ["天", "␣"])      -> "天 + ␣   (å¤© + Ġ)"
 */
export function pairLabel(pair, faces) {
  const shown = `${faces[pair.index]} + ${faces[pair.index + 1]}`;
  const symbols = `${pair.left} + ${pair.right}`;
  return shown === symbols ? shown : `${shown}   (${symbols})`;
}

/** The room's poll for the merge after frame `step`; `answer` (the merged pair's position) once revealed. */
function roomPoll(t, trace, step, key, answer) {
  const options = roomOptions(trace, step, 4, key);
  const candidates = trace.steps[step].candidates;
  return {
    key: JSON.stringify([key, step]),
    options: options.map((p) => ({ label: pairLabel(p, cellFaces(trace, step)), index: p.index })),
    revealed: answer !== null,
    answer: answer === null ? null : options.findIndex((p) => p.index === answer),
    notes: answer === null ? null : options.map((p) => rankWords(t, candidates[p.index])),
  };
}
