// Small DOM helpers. Text always goes in with textContent; nothing here parses HTML.

/**
 * el("button", {className: "x", testid: "play", attrs: {type: "button"}}, "Play")
 * Children are nodes or strings (strings become text nodes).
 */
export function el(tag, options = {}, ...children) {
  const node = document.createElement(tag);
  if (options.className) node.className = options.className;
  if (options.testid) node.dataset.testid = options.testid;
  if (options.id) node.id = options.id;
  if (options.text !== undefined) node.textContent = options.text;
  if (options.attrs) {
    for (const [name, value] of Object.entries(options.attrs)) {
      if (value === false || value === null || value === undefined) continue;
      node.setAttribute(name, value === true ? "" : String(value));
    }
  }
  if (options.data) {
    for (const [name, value] of Object.entries(options.data)) node.dataset[name] = String(value);
  }
  if (options.on) {
    for (const [event, handler] of Object.entries(options.on)) node.addEventListener(event, handler);
  }
  for (const child of children) {
    if (child === null || child === undefined || child === false) continue;
    node.append(typeof child === "string" ? document.createTextNode(child) : child);
  }
  return node;
}

const SVG_NS = "http://www.w3.org/2000/svg";

/** Icon paths on a 24 x 24 grid, drawn with currentColor. */
const ICONS = new Map([
  ["first", ["M6 5h2.5v14H6z", "M19 5v14L9.5 12z"]],
  ["back", ["M17 5v14L6.5 12z"]],
  ["play", ["M7 4.5v15L19.5 12z"]],
  ["pause", ["M6.5 5h4v14h-4z", "M13.5 5h4v14h-4z"]],
  ["forward", ["M7 5v14l10.5-7z"]],
  ["last", ["M15.5 5H18v14h-2.5z", "M5 5v14l9.5-7z"]],
  ["up", ["M12 6l7 8h-14z", "M5 16h14v2.5H5z"]],
  ["down", ["M12 18l7-8h-14z", "M5 5.5h14V8H5z"]],
  ["copy", ["M8 3h11v13h-3v-2h1V5h-7v1H8z", "M4 7h11v14H4zm2 2v10h7V9z"]],
]);

export function icon(name) {
  const svg = document.createElementNS(SVG_NS, "svg");
  svg.setAttribute("viewBox", "0 0 24 24");
  svg.setAttribute("aria-hidden", "true");
  svg.setAttribute("focusable", "false");
  svg.classList.add("icon");
  for (const d of ICONS.get(name) || []) {
    const path = document.createElementNS(SVG_NS, "path");
    path.setAttribute("d", d);
    path.setAttribute("fill", "currentColor");
    path.setAttribute("fill-rule", "evenodd");
    svg.append(path);
  }
  return svg;
}

/**
 * Remembers which element shows which string, so a language switch re-labels everything at once.
 *   const i18n = new Bindings(); i18n.text(h2, "stage1.title"); i18n.apply(t);
 * A key or vars may be a function, asked again at each apply (a sentence that follows the data).
 */
export class Bindings {
  constructor() {
    this.items = [];
  }

  text(node, key, vars) {
    this.items.push({ node, key, vars, kind: "text" });
    return node;
  }

  label(node, key, vars) {
    this.items.push({ node, key, vars, kind: "label" });
    return node;
  }

  title(node, key, vars) {
    this.items.push({ node, key, vars, kind: "title" });
    return node;
  }

  apply(t) {
    this.t = t;
    for (const item of this.items) write(t, item);
  }

  /** Writes `node`'s bound strings again (its key or vars are functions whose answer changed). */
  refresh(node) {
    if (!this.t) return;
    for (const item of this.items) if (item.node === node) write(this.t, item);
  }
}

/** One bound string written in the language of `t`; a key function answering null writes nothing. */
function write(t, { node, key, vars, kind }) {
  const name = typeof key === "function" ? key() : key;
  const value = name === null ? "" : t(name, typeof vars === "function" ? vars() : vars);
  if (kind === "text") node.textContent = value;
  else if (kind === "label") node.setAttribute("aria-label", value);
  else node.title = value;
}
