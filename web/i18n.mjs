// The string registry: each feature owns its words and registers them here when its module is first
// imported (the app imports the shell's and the registry's at start; a lesson's come with the lesson's
// module). This file holds no strings and imports no feature. A key registered twice throws, so two
// features can never silently overwrite each other's words.
//
//     registerPairs({ "decode.title": { en: "Ids back to text", zh: "把 id 变回文字" } });
//     registerTables({ en: { "code.toggle": "Show the Python" }, zh: { "code.toggle": "显示 Python 代码" } });
//     translate("zh", "decode.title")                 -> "把 id 变回文字"
//
// Look-ups use Map, so a key such as "constructor" never reaches an object's prototype. `{name}` in a
// string is filled from `vars`. tests/js/strings.test.mjs holds both languages to the same keys and
// the same {placeholders} per key.

export const LANGUAGES = Object.freeze(["en", "zh"]);

const TABLES = new Map(LANGUAGES.map((lang) => [lang, new Map()]));

/** Add one table per language, `{en: {key: text}, zh: {key: text}}`; throws on a key already registered. */
export function registerTables(tables) {
  for (const lang of Object.keys(tables)) {
    if (!TABLES.has(lang)) throw new Error(`i18n: there is no language "${lang}"`);
  }
  for (const lang of LANGUAGES) {
    const table = TABLES.get(lang);
    const keys = Object.keys(tables[lang] || {});
    const taken = keys.filter((key) => table.has(key));
    if (taken.length) throw new Error(`i18n: ${lang} key registered twice: ${taken.join(", ")}`);
    const notText = keys.filter((key) => typeof tables[lang][key] !== "string");
    if (notText.length) throw new Error(`i18n: ${lang} key without a string: ${notText.join(", ")}`);
  }
  for (const lang of LANGUAGES) {
    const table = TABLES.get(lang);
    for (const [key, text] of Object.entries(tables[lang] || {})) table.set(key, text);
  }
}

/** Add strings written side by side, `{key: {en, zh}}`; throws on a key already registered. */
export function registerPairs(pairs) {
  const tables = Object.fromEntries(LANGUAGES.map((lang) => [lang, {}]));
  for (const [key, texts] of Object.entries(pairs)) {
    for (const [lang, text] of Object.entries(texts)) {
      if (!Object.hasOwn(tables, lang)) throw new Error(`i18n: "${key}" has a text in no language "${lang}"`);
      tables[lang][key] = text;
    }
  }
  registerTables(tables);
}

/** The string for `key` in `lang` (falling back to English, then to the key), with {vars} filled. */
export function translate(lang, key, vars) {
  const table = TABLES.get(lang) || TABLES.get("en");
  const en = TABLES.get("en");
  let text;
  if (table.has(key)) text = table.get(key);
  else if (en.has(key)) text = en.get(key);
  else text = key;
  if (!vars) return text;
  return text.replace(/\{(\w+)\}/g, (whole, name) => (Object.hasOwn(vars, name) ? String(vars[name]) : whole));
}

/** "zh" when the browser prefers any Chinese, else "en". */
export function detectLanguage(preferred) {
  for (const tag of preferred || []) {
    const lower = String(tag).toLowerCase();
    if (lower.startsWith("zh")) return "zh";
    if (lower.startsWith("en")) return "en";
  }
  return "en";
}

/** The keys registered so far in `lang`, for tests that check that every key has both languages. */
export function tableKeys(lang) {
  return [...(TABLES.get(lang) || new Map()).keys()];
}
