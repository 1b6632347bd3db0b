// What the lab remembers for the browser tab's session (sessionStorage): each exercise's code and the
// state of its last run. Storage that is full or switched off is not an error: the lab then only
// forgets on reload.

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

function write(exercise, patch) {
  try {
    window.sessionStorage.setItem(PREFIX + exercise, JSON.stringify({ ...read(exercise), ...patch }));
  } catch {
    // Storage full or disabled: keep going without it.
  }
}

/** The code last typed for `exercise` in this session, or null. */
export function savedCode(exercise) {
  const { code } = read(exercise);
  return typeof code === "string" ? code : null;
}

export function saveCode(exercise, code) {
  write(exercise, { code });
}

/** The state of the last run ("passed", "failed", "error", "timeout"), or null. */
export function lastState(exercise) {
  const { state } = read(exercise);
  return typeof state === "string" ? state : null;
}

export function saveState(exercise, state) {
  write(exercise, { state });
}
