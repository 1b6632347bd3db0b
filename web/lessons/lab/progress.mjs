// What the lab remembers for the browser tab's session (sessionStorage): each exercise's code, as the
// student last typed it (code that came from a link is not theirs until they edit it, lab.mjs), and the
// state of its last run. Storage that is full or switched off is not an error: saveCode says so, and
// the lab warns when the code is too long for the link to keep it instead.

const PREFIX = "toklab.lab.";

function read(exercise) {
  try {
    const raw = window.sessionStorage.getItem(PREFIX + exercise);
    const value = raw ? JSON.parse(raw) : null;
    return value && typeof value === "object" ? value : {};
  } catch {
    return {};
  }
}

/** Whether the patch was stored (false: storage full or disabled; the lab goes on without it). */
function write(exercise, patch) {
  try {
    window.sessionStorage.setItem(PREFIX + exercise, JSON.stringify({ ...read(exercise), ...patch }));
    return true;
  } catch {
    return false;
  }
}

/** The code last typed for `exercise` in this session, or null. */
export function savedCode(exercise) {
  const { code } = read(exercise);
  return typeof code === "string" ? code : null;
}

/** Keeps the code the student typed; false when it could not be kept. */
export function saveCode(exercise, code) {
  return write(exercise, { code });
}

/** The state of the last run ("passed", "failed", "error", "timeout"), or null. */
export function lastState(exercise) {
  const { state } = read(exercise);
  return typeof state === "string" ? state : null;
}

export function saveState(exercise, state) {
  write(exercise, { state });
}
