// The app state and its URL hash form.
//
// The state is one flat, serializable object: the core fields every lesson shares (lesson, lang, text,
// speed, projector) plus the fields the current lesson declares (for "encode": piece, step, mistake).
// Each field has a parameter spec that parses it from the hash (rejecting what it cannot read) and
// formats it back, so `parseHash(formatHash(state))` gives the same state. A text longer than its
// spec's maxLength stays out of the link; KeptText keeps it for the browser tab instead.

/** Parameter specs. parse(string) returns the value, or undefined when the string is not valid. */
export const param = Object.freeze({
  int(def, { min = 0, max = Number.MAX_SAFE_INTEGER } = {}) {
    return {
      def,
      parse(s) {
        if (!/^\d{1,15}$/.test(s)) return undefined;
        const n = Number(s);
        return n >= min && n <= max ? n : undefined;
      },
      format: (v) => String(v),
      omit: () => false,
    };
  },
  bool(def) {
    return {
      def,
      parse(s) {
        if (s === "1" || s === "true") return true;
        if (s === "0" || s === "false") return false;
        return undefined;
      },
      format: (v) => (v ? "1" : "0"),
      omit: (v) => v === def,
    };
  },
  oneOf(def, values, { always = false } = {}) {
    return {
      def,
      parse: (s) => values.find((v) => String(v) === s),
      format: (v) => String(v),
      omit: (v) => !always && v === def,
    };
  },
  text(def, maxLength) {
    return {
      def,
      maxLength,
      parse: (s) => s,
      format: (v) => v,
      omit: (v) => v.length > maxLength,
    };
  },
});

/**
 * Reads a hash ("#lesson=encode&step=3") against a schema (a Map of name -> spec).
 *
 *     parseHash("#step=3&lang=xx", schema)  ->  {values: {step: 3}, rejected: ["lang"], empty: false}
 *
 * Unknown names and unreadable values are left out and listed in `rejected`; it never throws. A spec
 * with `into` is an old name for another field: its value is read as that field's, unless the hash
 * names that field too, and formatHash never writes it (lab links once said `code` for `src`).
 */
export function parseHash(hash, schema) {
  const raw = hash.startsWith("#") ? hash.slice(1) : hash;
  const values = {};
  const rejected = [];
  if (raw.trim() === "") return { values, rejected, empty: true };
  let params;
  try {
    params = new URLSearchParams(raw);
  } catch {
    return { values, rejected: ["#"], empty: false };
  }
  const seen = new Set();
  for (const [name, value] of params) {
    if (seen.has(name) || !schema.has(name)) {
      rejected.push(name || "#");
      continue;
    }
    seen.add(name);
    const spec = schema.get(name);
    const parsed = spec.parse(value);
    if (parsed === undefined) rejected.push(name);
    else if (spec.into === undefined) values[name] = parsed;
    else if (!params.has(spec.into)) values[spec.into] = parsed; // an old name: read once, never written
  }
  return { values, rejected, empty: false };
}

/**
 * The hash for a state: every field of the schema, in the schema's order, minus omitted ones. A value
 * its spec cannot read back (undefined, NaN, a value of another field's kind) is left out too, so no
 * link ever carries "NaN" or "undefined":
 *
 *     formatHash({lesson: "encode", piece: NaN}, schema)  ->  "#lesson=encode"
 */
export function formatHash(state, schema) {
  const params = new URLSearchParams();
  for (const [name, spec] of schema) {
    if (!Object.hasOwn(state, name)) continue;
    const value = state[name];
    if (!readsBack(spec, value) || spec.omit(value)) continue;
    params.set(name, spec.format(value));
  }
  return `#${params.toString()}`;
}

/** Whether `value` is one the spec writes and reads back as itself. */
function readsBack(spec, value) {
  if (value === undefined || value === null || (typeof value === "number" && !Number.isFinite(value))) return false;
  if (spec.def !== null && typeof value !== typeof spec.def) return false;
  return Object.is(spec.parse(spec.format(value)), value);
}

/** Default values of a schema, as a plain object (an old name read `into` a new one has none). */
export function defaults(schema) {
  const out = {};
  for (const [name, spec] of schema) if (spec.into === undefined) out[name] = spec.def;
  return out;
}

/**
 * The text fields of `state` too long for the link (longer than their spec's maxLength), in the
 * schema's order.
 *
 *     tooLongForLink({text: "x".repeat(5000)}, schema)  ->  ["text"]      (maxLength 4000)
 */
export function tooLongForLink(state, schema) {
  const names = [];
  for (const [name, spec] of schema) {
    if (spec.maxLength !== undefined && Object.hasOwn(state, name) && state[name].length > spec.maxLength) names.push(name);
  }
  return names;
}

/**
 * Text the link cannot hold, kept in `storage` (the tab's sessionStorage) once per field name (a name
 * means one thing in every lesson: `text` is the text Encode, Decode ... share), so a reload in the same
 * tab brings it back. save() returns the names the storage refused (full, or blocked), for the page to
 * say so; what it refused stays in the page until a reload.
 *
 *     kept.save(state, schema)          -> []   the long ones stored, the ones the link holds forgotten
 *     kept.restore(schema, have)        -> {corpus: "..."}  for the text fields `have` lacks
 */
export class KeptText {
  constructor(storage, prefix = "toklab.kept") {
    this.storage = storage;
    this.prefix = prefix;
    this.saved = new Map(); // storage key -> the text last written there (null: removed)
  }

  key(name) {
    return `${this.prefix}:${name}`;
  }

  save(state, schema) {
    const long = new Set(tooLongForLink(state, schema));
    const refused = [];
    for (const [name, spec] of schema) {
      if (spec.maxLength === undefined || !Object.hasOwn(state, name) || typeof state[name] !== "string") continue;
      const key = this.key(name);
      const value = long.has(name) ? state[name] : null;
      if (this.saved.get(key) === value) continue;
      try {
        if (value === null) this.storage.removeItem(key);
        else this.storage.setItem(key, value);
        this.saved.set(key, value);
      } catch {
        // Full or blocked: an older copy would come back on a reload in place of this one.
        try {
          this.storage.removeItem(key);
        } catch {
          // Blocked altogether: nothing was kept, nothing can be removed.
        }
        this.saved.delete(key);
        refused.push(name);
      }
    }
    return refused;
  }

  restore(schema, have) {
    const out = {};
    for (const [name, spec] of schema) {
      if (spec.maxLength === undefined || Object.hasOwn(have, name)) continue;
      let value = null;
      try {
        value = this.storage.getItem(this.key(name));
      } catch {
        value = null;
      }
      if (value !== null && value.length > spec.maxLength) {
        out[name] = value;
        this.saved.set(this.key(name), value);
      }
    }
    return out;
  }
}

/**
 * history.replaceState that never throws: Safari refuses after 100 calls in 30 s, and the page's state
 * lives in memory anyway (app.mjs throttles its own hash writes; this is for the occasional other write).
 * Returns whether the URL was written.
 */
export function replaceURL(url) {
  try {
    window.history.replaceState(null, "", url);
    return true;
  } catch {
    return false;
  }
}

/**
 * The hash a reload should open. Hash writes wait (app.mjs throttles them), and a reload fetches the URL
 * as it was when the reload began, so a reload pressed just after an edit would lose that edit. The tab
 * notes the newest hash it wants as it goes (in its own sessionStorage), with the URL's hash at that
 * moment; a reload opens the wanted one when the URL is still what it was then. Any other way in (a
 * link, an address typed, back and forward), or a URL that changed after the note (a link opened in the
 * tab a moment before the reload, before the page heard of it), opens the URL.
 *
 *     pending.want(hash, location.hash)         after every change, and for the hash a load opened
 *     pending.recover(location.hash, isReload)  -> the hash to open
 */
export class PendingHash {
  constructor(storage, key = "toklab.hash:wanted") {
    this.storage = storage;
    this.key = key;
  }

  want(hash, base) {
    try {
      this.storage.setItem(this.key, JSON.stringify({ hash, base }));
    } catch {
      // Full or blocked: only a reload within a moment of an edit can lose that edit.
    }
  }

  recover(current, isReload) {
    if (!isReload) return current;
    try {
      const { hash, base } = JSON.parse(this.storage.getItem(this.key));
      return typeof hash === "string" && hash.startsWith("#") && base === current ? hash : current;
    } catch {
      return current; // nothing noted, or not a note of this kind
    }
  }
}
