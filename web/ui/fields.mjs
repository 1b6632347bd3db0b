// Settings fields the lessons share: a group of choices (radio semantics) and a whole-number field.
// Labels are bound through `bindings` (Bindings) so a language switch relabels them.

import { el } from "./dom.mjs";

/** A group of mutually exclusive choices drawn as pressed buttons (radio semantics). */
export function choiceGroup(bindings, { labelKey, options, testid, onChoose }) {
  const buttons = new Map();
  const group = el("div", { className: "lk-choice", testid, attrs: { role: "radiogroup" } });
  bindings.label(group, labelKey);
  for (const option of options) {
    const button = el("button", {
      className: "lk-choice-button",
      testid: `${testid}-${option.value}`,
      attrs: { type: "button", role: "radio", "aria-checked": "false" },
      on: { click: () => onChoose(option.value) },
    });
    bindings.text(button, option.label);
    buttons.set(option.value, button);
    group.append(button);
  }
  group.addEventListener("keydown", (event) => {
    if (!["ArrowLeft", "ArrowRight", "ArrowUp", "ArrowDown"].includes(event.key)) return;
    const values = options.map((o) => o.value);
    const current = values.findIndex((v) => buttons.get(v).getAttribute("aria-checked") === "true");
    const delta = event.key === "ArrowLeft" || event.key === "ArrowUp" ? -1 : 1;
    const next = values[(current + delta + values.length) % values.length];
    event.preventDefault();
    event.stopPropagation();
    onChoose(next);
    buttons.get(next).focus();
  });
  return {
    node: group,
    set(value) {
      for (const [v, button] of buttons) {
        const on = v === value;
        button.setAttribute("aria-checked", String(on));
        button.tabIndex = on ? 0 : -1;
      }
    },
  };
}

/** A labelled number field that reports whole numbers within [min, max]. */
export function numberField(bindings, { id, labelKey, min, max, testid, onValue }) {
  const input = el("input", {
    id, className: "lk-number", testid,
    attrs: { type: "number", min, max, step: 1, inputmode: "numeric" },
  });
  input.addEventListener("change", () => {
    const n = Number(input.value);
    if (Number.isInteger(n) && n >= min && n <= max) onValue(n);
  });
  const label = el("label", { className: "lk-field", attrs: { for: id } },
    bindings.text(el("span", { className: "lk-field-label" }), labelKey), input);
  return { node: label, input };
}
