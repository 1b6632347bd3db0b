// The errors the worker and the page make themselves, in the shape of Python's (docs/protocol.md):
// {type, code, params, message}. Each code is declared in toklab.protocol (PAGE_ERRORS, STATUS_CODES,
// read here from the generated protocol.mjs), so every code the page can show is in one list, and an
// undeclared one throws at once instead of reaching a student as a bare code.
//
//   failure("stopped")                          -> {type: "Stopped", code: "stopped", params: {}, message: "stopped before it finished"}
//   failure("worker_failed", {detail: "oom"})   -> {..., message: "the engine's worker failed: oom"}
//   statusError("boot_timeout", {seconds: 90})  -> {code: "boot_timeout", params: {seconds: 90}, message: "Python did not start within 90 s"}

import { PAGE_ERRORS, STATUS_CODES } from "./protocol.mjs";

/** `template` with each {name} filled from `params` (a missing one stays as it is). */
function fill(template, params) {
  return template.replace(/\{(\w+)\}/g, (whole, name) => (Object.hasOwn(params, name) ? String(params[name]) : whole));
}

/** "engine_stopped" -> "EngineStopped": the error's type, as Python names an exception. */
function typeName(code) {
  return code.split("_").map((word) => word[0].toUpperCase() + word.slice(1)).join("");
}

/** An answer's error with a code of PAGE_ERRORS (frozen: one object may answer many requests). */
export function failure(code, params = {}) {
  if (!Object.hasOwn(PAGE_ERRORS, code)) throw new Error(`undeclared error code ${code}`);
  return Object.freeze({ type: typeName(code), code, params: Object.freeze({ ...params }), message: fill(PAGE_ERRORS[code], params) });
}

/** Why the engine's status is an error: a code of STATUS_CODES, its params and its English message. */
export function statusError(code, params = {}) {
  if (!Object.hasOwn(STATUS_CODES, code)) throw new Error(`undeclared status code ${code}`);
  return { code, params, message: fill(STATUS_CODES[code], params) };
}
