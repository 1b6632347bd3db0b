// How much of a long text the page draws. Layout is what freezes a tab: one element holding a million
// characters with no break point takes minutes to lay out, and no Stop button can help once it has
// started. So a view draws the first characters only and says how many it left out.

/**
 * The first `limit` characters (code points: an emoji is never cut in half) of `text`, and how many
 * characters `text` has in all.
 *
 *     clipText("a🦄bc", 2)    -> { text: "a🦄", shown: 2, total: 4 }
 *     clipText("abc", 10)     -> { text: "abc", shown: 3, total: 3 }
 */
export function clipText(text, limit) {
  let total = 0;
  let end = 0;
  for (let i = 0; i < text.length; i++) {
    const unit = text.charCodeAt(i);
    const pair = unit >= 0xd800 && unit <= 0xdbff && i + 1 < text.length
      && text.charCodeAt(i + 1) >= 0xdc00 && text.charCodeAt(i + 1) <= 0xdfff;
    if (pair) i++;
    total++;
    if (total === limit) end = i + 1;
  }
  if (total <= limit) return { text, shown: total, total };
  return { text: text.slice(0, end), shown: limit, total };
}
