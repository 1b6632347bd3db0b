import { MAX_TEXT } from "./protocol.mjs";
// Every visual constant of the app: colours, type, sizes and timings.
//
// The canvas reads these objects directly; the stylesheet reads the same colours as CSS custom
// properties that applyTheme() writes on <html>, so a colour is changed here and nowhere else.
//
// Colours: the accents come from the Okabe–Ito set (distinguishable with the common forms of colour
// blindness), and no colour is ever the only cue: the canvas adds borders, hatching and text labels.

const OKABE_ITO = Object.freeze({
  orange: "#E69F00",
  sky: "#56B4E9",
  green: "#009E73",
  yellow: "#F0E442",
  blue: "#0072B2",
  vermillion: "#D55E00",
  purple: "#CC79A7",
});

export const FONTS = Object.freeze({
  ui: 'system-ui, -apple-system, "Segoe UI", "Noto Sans", "Noto Sans CJK SC", "Liberation Sans", "DejaVu Sans", "Noto Color Emoji", sans-serif',
  mono: 'ui-monospace, "DejaVu Sans Mono", "Liberation Mono", "Noto Sans Mono CJK SC", "Noto Sans CJK SC", "Noto Color Emoji", monospace',
});

/** Two palettes: the everyday one and the projector one (pure black on white, darker accents). */
export const PALETTES = Object.freeze({
  normal: Object.freeze({
    bg: "#f5f4ef",
    surface: "#ffffff",
    surface2: "#faf9f6",
    ink: "#1b2230",
    muted: "#5a6373",
    faint: "#646b78",
    line: "#dcd8cd",
    lineStrong: "#9aa2ae",
    cellFill: "#ffffff",
    cellMerged: "#eef3f8",
    cellBorder: "#7d8796",
    accent: "#005f95",          // lowest-rank pair / rank order (Okabe–Ito blue, a shade darker for text)
    accentFill: "#dcebf6",
    accentHatch: "rgba(0, 114, 178, 0.22)",
    fresh: "#8a5800",           // the symbol the last step made (Okabe–Ito orange, darkened for text)
    freshLine: OKABE_ITO.orange,
    freshFill: "#fdf1d8",
    wrong: "#b34700",           // the common mistake (vermillion)
    wrongLine: OKABE_ITO.vermillion,
    wrongFill: "#fbe7dc",
    right: "#00775a",           // what GPT-2 does (bluish green)
    rightFill: "#dcf2ea",
    noRule: "#9aa2ae",
    lookupFill: "#f3f1ea",
    focus: "#1a56db",
    shadow: "rgba(27, 34, 48, 0.08)",
    ruleLetters: OKABE_ITO.sky,
    ruleDigits: OKABE_ITO.green,
    rulePunctuation: OKABE_ITO.purple,
    ruleWhitespace: "#9aa2ae",
    ruleContraction: OKABE_ITO.orange,
    ruleSpecial: OKABE_ITO.vermillion,
  }),
  projector: Object.freeze({
    bg: "#ffffff",
    surface: "#ffffff",
    surface2: "#ffffff",
    ink: "#000000",
    muted: "#1f1f1f",
    faint: "#3a3a3a",
    line: "#6b6b6b",
    lineStrong: "#000000",
    cellFill: "#ffffff",
    cellMerged: "#e6f0f8",
    cellBorder: "#000000",
    accent: "#004a75",
    accentFill: "#cfe3f3",
    accentHatch: "rgba(0, 74, 117, 0.35)",
    fresh: "#7a4e00",
    freshLine: "#c78800",
    freshFill: "#fde8b8",
    wrong: "#8f3800",
    wrongLine: "#c24f00",
    wrongFill: "#fbdccb",
    right: "#005c45",
    rightFill: "#cdeee2",
    noRule: "#4d4d4d",
    lookupFill: "#efefef",
    focus: "#0033cc",
    shadow: "rgba(0, 0, 0, 0)",
    ruleLetters: OKABE_ITO.blue,
    ruleDigits: "#007a58",
    rulePunctuation: "#a8507f",
    ruleWhitespace: "#4d4d4d",
    ruleContraction: "#c78800",
    ruleSpecial: "#c24f00",
  }),
});

/** Canvas geometry in CSS pixels. The projector set is larger and uses thicker lines. */
export const CANVAS = Object.freeze({
  normal: Object.freeze({
    padding: 16,
    unitMin: 22,          // width of one byte when the row is crowded (cells wrap below this)
    unitMax: 56,          // width of one byte when there is room
    gap: 8,               // between two cells
    cellHeight: 58,
    glyphSize: 22,        // the printable form
    charSize: 12,         // the characters a cell covers, under the printable form
    labelSize: 13,        // ranks and small labels
    laneHeight: 22,       // one lane of pair brackets (two lanes alternate so labels never collide)
    rowGap: 18,
    radius: 8,
    line: 1.5,
    lineStrong: 3,
    lookupRowHeight: 32,
    lookupGap: 34,
    lookupColMin: 220,    // narrowest column of the table excerpt (more tokens -> more columns)
    lookupColMax: 420,
  }),
  projector: Object.freeze({
    padding: 24,
    unitMin: 30,
    unitMax: 120,
    gap: 12,
    cellHeight: 96,
    glyphSize: 40,
    charSize: 20,
    labelSize: 22,
    laneHeight: 34,
    rowGap: 28,
    radius: 10,
    line: 2.5,
    lineStrong: 5,
    lookupRowHeight: 50,
    lookupGap: 48,
    lookupColMin: 340,
    lookupColMax: 640,
  }),
});

export const TIMING = Object.freeze({
  mergeMs: 700,           // one merge animation at speed 1
  holdMs: 650,            // pause on each step while playing at speed 1
  lookupMs: 600,          // the final tokens travelling to their table rows
  retraceDebounceMs: 150, // typing -> new trace, for text longer than LIMITS.instantRetraceChars
  quickCountMs: 250,      // typing -> the encode lesson's count in every table (encode/quick.mjs)
  hashDebounceMs: 250,    // state -> URL hash
  hashMinGapMs: 350,      // at least this long between two hash writes (Safari refuses 100 in 30 s)
  staleAfterMs: 250,      // an answer slower than this dims the shown piece (a fast one would only flicker)
  stopAfterMs: 1500,      // a request running this long shows the Stop button
  bootTimeoutMs: 90_000,  // Python not ready by then: the engine is stopped, with a Restart button
  modelLoadTimeoutMs: 300_000, // an open model's warmup (fetch, then build its tokenizer in Pyodide) may take this long
  requestTimeoutMs: 60_000, // one request running this long: the same
  heartbeatMs: 4000,      // an idle engine worker is asked "still there?" this often, and before each request
  aliveMs: 15_000,        // no answer to that by then: the worker died without a word (crash status, Restart)
});

/** The classroom kit's exports (classroom/export.mjs): a PNG of the view, a GIF of a piece's merges. */
export const EXPORT = Object.freeze({
  scale: 2,               // device pixels per CSS pixel, at least
  minWidthPx: 1200,       // a PNG is at least this wide (a phone's view is drawn larger)
  maxHeightPx: 16000,     // and at most this tall (a browser's canvas limit is near 16k)
  padPx: 24,              // CSS pixels around the drawing
  gifFrameMs: 800,        // each merge step of the GIF
  gifLastMs: 2400,        // its last frame, the tokens and ids
});

export const SPEEDS = Object.freeze([0.5, 1, 2, 4]);

/** Limits that keep the page responsive with very long input. */
export const LIMITS = Object.freeze({
  hashTextMax: 4000,      // longer text is not written into the URL
  boxChars: MAX_TEXT,     // a paste or drop that would make a text box longer is refused (the protocol's MAX_TEXT)
  decodedChars: 2000,     // characters of a decoded text drawn (one run without a break point lays out slowly)
  listsLaterFrom: 200,    // pieces: a text with more draws its ids a frame before its strip and chips
  instantRetraceChars: 4000, // up to this length typing re-traces at once (the engine answers in a few ms)
});

/** Writes the palette as CSS custom properties (--c-<name>) plus the font stacks on <html>. */
export function applyTheme(projector) {
  const palette = projector ? PALETTES.projector : PALETTES.normal;
  const style = document.documentElement.style;
  for (const [name, value] of Object.entries(palette)) {
    style.setProperty(`--c-${name}`, value);
  }
  style.setProperty("--font-ui", FONTS.ui);
  style.setProperty("--font-mono", FONTS.mono);
}

export function palette(projector) {
  return projector ? PALETTES.projector : PALETTES.normal;
}

/** The projector's root font size at 1920 CSS pixels wide, the size CANVAS.projector is drawn for. */
export const PROJECTOR_BASE_FONT_PX = 21;

/**
 * Canvas geometry for the current mode. In projector mode everything grows with the page's type size
 * (which follows the viewport width, see style.css), so a 4K projector gets a canvas to match.
 */
export function canvasMetrics(projector, rootFontPx = PROJECTOR_BASE_FONT_PX) {
  if (!projector) return CANVAS.normal;
  const scale = Math.max(1, Math.round((rootFontPx / PROJECTOR_BASE_FONT_PX) * 20) / 20);
  if (scale === 1) return CANVAS.projector;
  const out = {};
  for (const [key, value] of Object.entries(CANVAS.projector)) out[key] = Math.round(value * scale * 10) / 10;
  return Object.freeze(out);
}
