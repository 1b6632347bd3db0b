// The lab's verdict, decided in the page, where the student's code cannot reach.
//
// The lab's worker runs the student's code and reports only what its function returned for each case,
// as plain data (toklab_lab/harness.py, plain.py). Here those results are compared with toklab's
// answers, which the build computed and the catalog carries (toklab_lab/catalog.py: `answers`, each
// value written by the same plain.py). Nothing the worker sends is taken as a verdict: a result counts
// only when it is plain data of the exercise's shape and equal to toklab's; a run passes only when
// every case has such a result; anything else the worker says is read as text to show, cut, or as
// "unreadable".
//
//   judge(entry, answer, outputMax) -> {state: "passed" | "failed" | "error", passed, total, failure, error,
//                                       output, output_cut}
//
// failure: {call, expected, got, shown, notes, number, plain}: the first case whose result differs
// (plain: false when the result was not plain data of the right shape at all). error: the worker's
// report of an exception, a syntax error or a missing function ({kind, type, message, line, column,
// code, trace, call}), or {kind: "unreadable"} for an answer that is not what the worker sends.

export const VALUE_MAX = 400; // characters of a shown value (plain.py VALUE_MAX)
const TRACE_MAX = 8; // frames shown (harness.py TRACE_MAX)
const ERROR_KINDS = new Set(["syntax", "run", "missing", "memory"]);

const isInt = (v) => Number.isSafeInteger(v);
const isRow = (v) => Array.isArray(v) && v.length === 3 && v.every(isInt);

/** Whether `value` is plain data of `shape` (plain.py): "ids", "counts", "merges" or "text". */
export function isPlain(shape, value) {
  switch (shape) {
    case "ids":
      return Array.isArray(value) && value.every(isInt);
    case "counts":
    case "merges":
      return Array.isArray(value) && value.every(isRow);
    case "text":
      return typeof value === "string";
    default:
      return false;
  }
}

/** Equal plain data: arrays of the same length, item by item, down to ints and strings. */
export function samePlain(a, b) {
  if (Array.isArray(a) || Array.isArray(b)) {
    return Array.isArray(a) && Array.isArray(b) && a.length === b.length && a.every((item, k) => samePlain(item, b[k]));
  }
  return (typeof a === "number" || typeof a === "string") && a === b;
}

function text(value, max = VALUE_MAX) {
  if (typeof value !== "string") return "";
  return value.length <= max ? value : `${value.slice(0, max - 3)}...`;
}

function lineNumber(value) {
  return Number.isSafeInteger(value) && value > 0 ? value : null;
}

function frames(trace) {
  if (!Array.isArray(trace)) return [];
  return trace.slice(-TRACE_MAX).filter((f) => f && typeof f === "object" && lineNumber(f.line))
    .map((f) => ({ line: f.line, function: text(f.function), code: text(f.code) }));
}

/** The worker's report of an error, read field by field; `call` is the page's own, when it was in one. */
function errorOf(reported, call) {
  return {
    kind: reported.kind, type: text(reported.type), message: text(reported.message), line: lineNumber(reported.line),
    column: lineNumber(reported.column), code: text(reported.code), trace: frames(reported.trace), call,
  };
}

/** Judges the worker's `answer` for catalog `entry` (see the top of this file). */
export function judge(entry, answer, outputMax) {
  const answers = entry.answers;
  const total = answers.length;
  const base = { passed: 0, total, failure: null, error: null, output: "", output_cut: false };
  const unreadable = (passed) => ({ ...base, state: "error", passed, error: { kind: "unreadable" } });
  if (!answer || typeof answer !== "object" || !Array.isArray(answer.outputs) || answer.outputs.length > total) {
    return unreadable(0);
  }
  base.output = text(answer.output, outputMax);
  base.output_cut = answer.output_cut === true;
  const outputs = answer.outputs;
  for (let k = 0; k < outputs.length; k += 1) {
    const expected = answers[k];
    const got = outputs[k] && typeof outputs[k] === "object" ? outputs[k] : {};
    const plain = isPlain(entry.shape, got.value);
    if (!plain || !samePlain(got.value, expected.value)) {
      return {
        ...base, state: "failed", passed: k,
        failure: { call: expected.call, expected: expected.expected, got: text(got.shown), shown: expected.shown, notes: expected.notes, number: k + 1, plain },
      };
    }
  }
  const done = outputs.length;
  if (answer.state === "ran" && done === total) return { ...base, state: "passed", passed: total };
  const reported = answer.error;
  if (answer.state !== "error" || done === total || !reported || typeof reported !== "object" || !ERROR_KINDS.has(reported.kind)) {
    return unreadable(done);
  }
  const call = reported.in_call === true ? answers[done].call : null;
  return { ...base, state: "error", passed: done, error: errorOf(reported, call) };
}
