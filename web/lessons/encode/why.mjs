// "Why?" folds: a long explanation (the lead, each stage's paragraph) folded behind a small toggle, so
// the text box, its tokens and the start of the merge canvas fit the first screen. Each fold remembers
// whether it is open (localStorage, one key per fold); storage that is full or switched off only means
// the fold starts closed. The toggle is a real button (aria-expanded, aria-controls).

import { el } from "../../ui/dom.mjs";

const PREFIX = "toklab.why.";

function remembered(name) {
  try {
    return window.localStorage.getItem(PREFIX + name) === "open";
  } catch {
    return false;
  }
}

function remember(name, open) {
  try {
    window.localStorage.setItem(PREFIX + name, open ? "open" : "closed");
  } catch {
    // Storage full or disabled: the fold still works for this visit.
  }
}

/**
 * Folds `body` (an element with an id) behind a "Why?" button; returns the button, to be placed where
 * the reader looks for it (beside a title). `name` keys what is remembered.
 */
export function whyFold(b, name, body) {
  const button = el("button", {
    className: "why-toggle", testid: "why-toggle",
    attrs: { type: "button", "aria-controls": body.id, "aria-expanded": "false" },
    data: { fold: name },
  }, el("span", { className: "why-mark", attrs: { "aria-hidden": "true" } }), b.text(el("span", {}), "why.toggle"));
  const set = (open) => {
    button.setAttribute("aria-expanded", String(open));
    body.classList.toggle("why-folded", !open);
  };
  body.classList.add("why-body");
  set(remembered(name));
  button.addEventListener("click", () => {
    const open = button.getAttribute("aria-expanded") !== "true";
    set(open);
    remember(name, open);
  });
  return button;
}
