// The answers build.py computed for the default example (dist/precomputed.json), so the page can draw
// them before Python is ready (docs/protocol.md §3). Kept apart from engine.mjs, which starts a worker,
// so that Node can import the key function for the tests.

const precomputedURL = new URL("./precomputed.json", import.meta.url);

/**
 * The key of one request in precomputed.json: kind, one space, then the payload as JSON with object
 * keys sorted and no whitespace.
 * precomputedKey("overview", {text: "tokenization", allowed_special: "none"})
 *   -> 'overview {"allowed_special":"none","text":"tokenization"}'
 */
export function precomputedKey(kind, payload) {
  return `${kind} ${canonicalJSON(payload ?? {})}`;
}

function canonicalJSON(value) {
  if (Array.isArray(value)) return `[${value.map(canonicalJSON).join(",")}]`;
  if (value !== null && typeof value === "object") {
    const keys = Object.keys(value).filter((k) => value[k] !== undefined).sort();
    return `{${keys.map((k) => `${JSON.stringify(k)}:${canonicalJSON(value[k])}`).join(",")}}`;
  }
  return JSON.stringify(value);
}

async function loadPrecomputed() {
  try {
    const response = await fetch(precomputedURL, { cache: "no-cache" });
    if (!response.ok) return new Map();
    const { answers } = await response.json();
    return new Map(Object.entries(answers ?? {}));
  } catch {
    return new Map();
  }
}

// Loaded before this module finishes evaluating, so precomputed() is synchronous for its importers.
const answers = await loadPrecomputed();

/** The answer computed at build time for exactly this request ({ok, result}), or undefined. */
export function precomputed(kind, payload) {
  return answers.get(precomputedKey(kind, payload));
}
