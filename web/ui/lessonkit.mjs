// Small building blocks shared by the train, decode, compare, special and samples lessons.
//
// Nothing here knows about tokenization: these helpers lay out cards, chips and step controls, keep
// the newest engine answer, and show how long a request has been running. Text goes in with
// textContent only (through el()).

import { el, icon } from "./dom.mjs";
import { SPEEDS } from "../theme.mjs";

/** The value of a lesson parameter, or its default when the state does not carry it yet. */
export function paramValue(state, params, name) {
  return state && Object.hasOwn(state, name) ? state[name] : params.get(name).def;
}

/** A symbol as it is drawn in a chip: spaces, tabs and newlines made visible. */
export function visibleSymbol(text) {
  let out = "";
  for (const ch of text) {
    if (ch === " ") out += "␣";
    else if (ch === "\n") out += "↵";
    else if (ch === "\t") out += "⇥";
    else if (/\p{Cc}/u.test(ch)) out += `\\x${ch.codePointAt(0).toString(16).padStart(2, "0")}`;
    else out += ch;
  }
  return out;
}

/** Card header with a number badge, the same shape as the encode lesson's stages. */
export function stageHeader(bindings, n, id, key, meta = null) {
  return el("header", { className: "stage-head" },
    el("span", { className: "stage-num", attrs: { "aria-hidden": "true" } }, String(n)),
    bindings.text(el("h2", { className: "stage-title", id }), key),
    meta);
}

/** The lesson intro: a title and a lead paragraph. */
export function intro(bindings, titleKey, leadKey) {
  return el("section", { className: "intro" },
    bindings.text(el("h1", { className: "lesson-title" }), titleKey),
    bindings.text(el("p", { className: "lead" }), leadKey));
}

/**
 * One token chip: the symbol on top, a small caption (id or index) under it. `tone` (0..3) picks one of
 * four tints; neighbours always differ, and every chip has its own border, so colour is never the only
 * cue for where a token ends.
 */
export function tokenChip(symbol, caption, { tone = 0, testid = "token-chip", className = "", title = "" } = {}) {
  const chip = el("span", {
    className: `lk-chip tone-${tone % 4}${className ? ` ${className}` : ""}`,
    testid,
    data: { token: symbol },
  },
  el("span", { className: "lk-chip-token" }, visibleSymbol(symbol)),
  caption === null || caption === undefined ? null : el("span", { className: "lk-chip-caption" }, String(caption)));
  if (title) chip.title = title;
  return chip;
}

/** Keeps only the newest answer: `const gen = latest.next(); ...; if (!latest.is(gen)) return;` */
export class Latest {
  constructor() {
    this.gen = 0;
  }

  next() {
    this.gen += 1;
    return this.gen;
  }

  is(gen) {
    return gen === this.gen;
  }
}

/** A busy line with elapsed seconds, for requests that may take a while (training a large corpus). */
export class BusyLine {
  constructor(t, key, testid = "busy") {
    this.t = t;
    this.key = key;
    this.timer = 0;
    this.started = 0;
    this.node = el("p", { className: "lk-busy", testid, attrs: { role: "status" } },
      el("span", { className: "lk-spinner", attrs: { "aria-hidden": "true" } }),
      el("span", { className: "lk-busy-text" }));
    this.text = this.node.lastChild;
    this.node.hidden = true;
  }

  start() {
    this.stop();
    this.started = performance.now();
    this.node.hidden = false;
    this.tick();
    this.timer = setInterval(() => this.tick(), 250);
  }

  tick() {
    const seconds = ((performance.now() - this.started) / 1000).toFixed(1);
    this.text.textContent = this.t(this.key, { seconds });
  }

  stop() {
    clearInterval(this.timer);
    this.timer = 0;
    this.node.hidden = true;
  }

  get running() {
    return this.timer !== 0;
  }
}

/**
 * First / back / play / forward / last, a scrubber, the step text and a speed menu: the same controls and
 * labels as the encode lesson. `actions` = {goTo(step), stepBy(delta), togglePlay(), setSpeed(speed)}.
 */
export class StepControls {
  constructor(bindings, actions, prefix = "") {
    this.b = bindings;
    const p = prefix;
    this.first = this.button("first", "controls.first", `${p}first`, () => actions.goTo(0));
    this.back = this.button("back", "controls.back", `${p}back`, () => actions.stepBy(-1));
    this.play = el("button", {
      className: "icon-button play", testid: `${p}play`, attrs: { type: "button" }, on: { click: () => actions.togglePlay() },
    }, icon("play"));
    this.forward = this.button("forward", "controls.forward", `${p}forward`, () => actions.stepBy(1));
    this.last = this.button("last", "controls.last", `${p}last`, () => actions.goTo(Infinity));
    this.scrub = el("input", {
      className: "scrub", testid: `${p}scrubber`, attrs: { type: "range", min: 0, max: 0, step: 1, value: 0 },
      on: { input: () => actions.goTo(Number(this.scrub.value)) },
    });
    bindings.label(this.scrub, "controls.scrub");
    this.stepText = el("span", { className: "step-text", testid: `${p}step-text` });
    const speedId = `${p}speed-select`;
    this.speed = el("select", { className: "speed", testid: `${p}speed`, id: speedId },
      ...SPEEDS.map((s) => el("option", { attrs: { value: String(s) } }, `${s}×`)));
    this.speed.addEventListener("change", () => actions.setSpeed(Number(this.speed.value)));
    const transport = el("div", { className: "transport", attrs: { role: "group" } },
      this.first, this.back, this.play, this.forward, this.last);
    bindings.label(transport, "controls.label");
    this.node = el("div", { className: "controls" },
      transport,
      el("div", { className: "scrub-wrap" }, this.scrub, this.stepText),
      el("label", { className: "speed-wrap", attrs: { for: speedId } },
        bindings.text(el("span", {}), "controls.speed"), this.speed));
  }

  button(name, key, testid, onClick) {
    const button = el("button", {
      className: "icon-button", testid, attrs: { type: "button" }, on: { click: onClick },
    }, icon(name));
    this.b.label(button, key);
    this.b.title(button, key);
    return button;
  }

  /** Shows step / total, whether it plays, and the speed. */
  render(t, { step, total, playing, speed, enabled }) {
    this.first.disabled = !enabled || step === 0;
    this.back.disabled = !enabled || step === 0;
    this.forward.disabled = !enabled || step >= total;
    this.last.disabled = !enabled || step >= total;
    this.play.disabled = !enabled || total === 0;
    this.play.replaceChildren(icon(playing ? "pause" : "play"));
    const label = t(playing ? "controls.pause" : "controls.play");
    this.play.setAttribute("aria-label", label);
    this.play.title = `${label} (Space)`;
    this.play.setAttribute("aria-pressed", String(playing));
    this.scrub.max = String(total);
    this.scrub.value = String(step);
    this.scrub.disabled = !enabled || total === 0;
    this.scrub.setAttribute("aria-valuetext", `${step} / ${total}`);
    this.stepText.textContent = `${step} / ${total}`;
    this.speed.value = String(speed);
  }
}

/** A row of preset buttons; `onPick(preset)` is called on click. Returns {list, buttons: Map(id -> button)}. */
export function presetButtons(bindings, presets, prefix, onPick) {
  const buttons = new Map();
  const list = el("ul", { className: "preset-list" });
  for (const preset of presets) {
    const button = el("button", {
      className: "preset",
      testid: `${prefix}-preset-${preset.id}`,
      attrs: { type: "button", "aria-pressed": "false" },
      on: { click: () => onPick(preset) },
    });
    bindings.text(button, preset.label);
    buttons.set(preset.id, button);
    list.append(el("li", {}, button));
  }
  return { list, buttons };
}

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

/** The engine's error, shown inline. */
export function errorLine(testid) {
  const node = el("p", { className: "engine-error", testid, attrs: { role: "alert" } });
  node.hidden = true;
  return node;
}
