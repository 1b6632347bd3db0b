// The fields' words (fields.mjs): a file picker's button and name; why a typed number is not used. The value stays in the field
// as typed; the lesson keeps the last value it took. Registered when fields.mjs first imports this file.

import { registerPairs } from "../i18n.mjs";

registerPairs({
  "field.notNumber": {
    en: "That is not a number: type a whole number from {min} to {max}. The lesson keeps using the last allowed value.",
    zh: "这不是数字：请填 {min} 到 {max} 之间的整数。课程仍沿用上一个有效的值。",
  },
  "field.tooSmall": {
    en: "{value} is too small: the least allowed is {min}. The lesson keeps using the last allowed value.",
    zh: "{value} 太小了：最小只能填 {min}。课程仍沿用上一个有效的值。",
  },
  "field.tooLarge": {
    en: "{value} is too large: at most {max} is allowed. The lesson keeps using the last allowed value.",
    zh: "{value} 太大了：最大只能填 {max}。课程仍沿用上一个有效的值。",
  },
  "field.notWhole": {
    en: "{value} is not a whole number: type one from {min} to {max}. The lesson keeps using the last allowed value.",
    zh: "{value} 不是整数：请填 {min} 到 {max} 之间的整数。课程仍沿用上一个有效的值。",
  },
  "field.chooseFile": { en: "Choose a file…", zh: "选择文件…" },
  "field.noFile": { en: "No file chosen", zh: "还没有选择文件" },
  "field.fileName": { en: "{name}", zh: "{name}" },
});
