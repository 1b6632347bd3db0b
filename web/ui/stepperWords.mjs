// The step controls' words (ui/stepper.mjs) and the keyboard help rows of the lessons that step
// (encode, train). Registered when the stepper is first imported.

import { registerPairs } from "../i18n.mjs";

registerPairs({
  "keys.play": {
    en: "play or pause",
    zh: "播放 / 暂停",
  },
  "keys.step": {
    en: "step back / forward",
    zh: "后退 / 前进一步",
  },
  "keys.ends": {
    en: "first / last step",
    zh: "第一步 / 最后一步",
  },
  "controls.label": {
    en: "Step controls",
    zh: "步骤控制",
  },
  "controls.first": {
    en: "First step",
    zh: "第一步",
  },
  "controls.back": {
    en: "Step back",
    zh: "后退一步",
  },
  "controls.play": {
    en: "Play",
    zh: "播放",
  },
  "controls.pause": {
    en: "Pause",
    zh: "暂停",
  },
  "controls.forward": {
    en: "Step forward",
    zh: "前进一步",
  },
  "controls.last": {
    en: "Last step",
    zh: "最后一步",
  },
  "controls.speed": {
    en: "Speed",
    zh: "速度",
  },
  "controls.scrub": {
    en: "Step",
    zh: "步骤",
  },
});
