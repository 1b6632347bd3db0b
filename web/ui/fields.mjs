// Settings fields the lessons share: a group of choices (radio semantics) and a whole-number field.
// Labels are bound through `bindings` (Bindings) so a language switch relabels them.

import { el } from "./dom.mjs";
import "./fieldWords.mjs";

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

/** Why `text`, typed into a field that takes whole numbers within [min, max], is refused; null if it is not. */
export function numberRefusal(text, { min, max, badInput = false }) {
  const n = Number(text);
  // An emptied field means 0, where 0 is allowed (train's "no limit"), as it always has.
  if (badInput || Number.isNaN(n) || (text.trim() === "" && !(min <= 0 && max >= 0))) return "field.notNumber";
  if (n < min) return "field.tooSmall";
  if (n > max) return "field.tooLarge";
  if (!Number.isInteger(n)) return "field.notWhole";
  return null;
}

/**
 * A labelled number field that reports whole numbers within [min, max]. Any other value stays in the
 * field as typed, with a line under it saying why it is not used (`<testid>-error`); the lesson keeps
 * the last value it took. `show(value)` writes the state's value into the field, except while the
 * field holds a refused value and the state has not moved on (a language switch redraws the same value).
 */
export function numberField(bindings, { id, labelKey, min, max, testid, onValue }) {
  const labelText = el("span", { className: "lk-field-label", id: `${id}-label` });
  const why = el("span", { className: "lk-field-error", id: `${id}-error`, testid: `${testid}-error`, attrs: { "aria-live": "polite" } });
  const input = el("input", {
    id, className: "lk-number", testid,
    attrs: { type: "number", min, max, step: 1, inputmode: "numeric", "aria-labelledby": `${id}-label`, "aria-describedby": `${id}-error` },
  });
  let refusal = null; // { key, value (as typed) } while refused
  let shownValue = null;
  const showWhy = () => {
    why.hidden = refusal === null;
    input.toggleAttribute("aria-invalid", refusal !== null);
  };
  bindings.text(why, () => (refusal ? refusal.key : null), () => (refusal ? { value: refusal.value, min, max } : {}));
  input.addEventListener("change", () => {
    const key = numberRefusal(input.value, { min, max, badInput: input.validity.badInput });
    if (key === null) {
      refusal = null;
      showWhy();
      onValue(Number(input.value));
      return;
    }
    refusal = { key, value: input.validity.badInput ? "" : input.value };
    bindings.refresh(why);
    showWhy();
  });
  showWhy();
  const label = el("label", { className: "lk-field", attrs: { for: id } },
    bindings.text(labelText, labelKey), input, why);
  return {
    node: label,
    input,
    /** The field shows `value`; a redraw with the value it already shows leaves what is being typed
     *  (and a refused entry with its reason: the value kept is the one shown). */
    show(value) {
      if (value === shownValue) return;
      refusal = null;
      showWhy();
      shownValue = value;
      input.value = String(value);
    },
  };
}

/**
 * A file input drawn as a button and the chosen file's name, both in the page's language (the
 * browser's own "Choose File / No file chosen" speaks the browser's language, whatever the page's).
 * The input stays in the page, visually hidden, so Tab, Enter and a screen reader reach it as before
 * and the field's own <label for=id> still names it; the button is a second label for it.
 * Returns {input (carries `testid`), nodes: [input, button, name]}.
 */
export function filePicker(bindings, { id, testid, className = "", accept, describedBy, onChange }) {
  let chosen = null;
  const attrs = { type: "file", accept };
  if (describedBy) attrs["aria-describedby"] = describedBy;
  const input = el("input", {
    id, testid, className: `visually-hidden lk-file-input ${className}`.trim(), attrs,
    on: {
      change: () => {
        chosen = input.files && input.files[0] ? input.files[0].name : null;
        bindings.refresh(name);
        onChange();
      },
    },
  });
  const button = bindings.text(el("label", { className: "ghost lk-file-button", testid: `${testid}-button`, attrs: { for: id } }), "field.chooseFile");
  const name = bindings.text(el("span", { className: "lk-file-name", testid: `${testid}-name` }),
    () => (chosen === null ? "field.noFile" : "field.fileName"), () => ({ name: chosen }));
  return { input, nodes: [input, button, name] };
}
