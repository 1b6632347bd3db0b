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
 * Unknown names and unreadable values are left out and listed in `rejected`; it never throws.
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
    const parsed = schema.get(name).parse(value);
    if (parsed === undefined) rejected.push(name);
    else values[name] = parsed;
  }
  return { values, rejected, empty: false };
}

/** The hash for a state: every field of the schema, in the schema's order, minus omitted ones. */
export function formatHash(state, schema) {
  const params = new URLSearchParams();
  for (const [name, spec] of schema) {
    if (!Object.hasOwn(state, name)) continue;
    const value = state[name];
    if (spec.omit(value)) continue;
    params.set(name, spec.format(value));
  }
  return `#${params.toString()}`;
}

/** Default values of a schema, as a plain object. */
export function defaults(schema) {
  const out = {};
  for (const [name, spec] of schema) out[name] = spec.def;
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
 * Text the link cannot hold, kept in `storage` (the tab's sessionStorage) per lesson and field, so a
 * reload in the same tab brings it back. A storage that refuses (full, or blocked) only loses that.
 *
 *     kept.save("train", state, schema)            the long ones stored, the ones the link holds forgotten
 *     kept.restore("train", schema, hashValues)    -> {corpus: "..."} for the fields the hash lacks
 */
export class KeptText {
  constructor(storage, prefix = "toklab.kept") {
    this.storage = storage;
    this.prefix = prefix;
    this.saved = new Map(); // storage key -> the text last written there (null: removed)
  }

  key(lesson, name) {
    return `${this.prefix}:${lesson}:${name}`;
  }

  save(lesson, state, schema) {
    const long = new Set(tooLongForLink(state, schema));
    for (const [name, spec] of schema) {
      if (spec.maxLength === undefined || !Object.hasOwn(state, name)) continue;
      const key = this.key(lesson, name);
      const value = long.has(name) ? state[name] : null;
      if (this.saved.get(key) === value) continue;
      try {
        if (value === null) this.storage.removeItem(key);
        else this.storage.setItem(key, value);
        this.saved.set(key, value);
      } catch {
        // Full or blocked: the text stays in the page, only a reload loses it.
      }
    }
  }

  restore(lesson, schema, have) {
    const out = {};
    for (const [name, spec] of schema) {
      if (spec.maxLength === undefined || Object.hasOwn(have, name)) continue;
      let value = null;
      try {
        value = this.storage.getItem(this.key(lesson, name));
      } catch {
        value = null;
      }
      if (value !== null && value.length > spec.maxLength) out[name] = value;
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
