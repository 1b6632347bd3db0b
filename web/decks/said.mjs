// How decks' notes say the engine's numbers: shared by the deck modules' `facts`.

/** Items as the notes read them aloud: ["30001", "1634"] -> "30001 and 1634" (zh "30001 和 1634"). */
export function listed(items, lang) {
  const all = items.map(String);
  if (all.length < 2) return all.join("");
  return `${all.slice(0, -1).join(lang === "zh" ? "、" : ", ")}${lang === "zh" ? " 和 " : " and "}${all.at(-1)}`;
}

/** Bytes as the page writes them in hex: [228, 187, 138] -> "E4 BB 8A". */
export const hex = (bytes) => bytes.map((b) => b.toString(16).toUpperCase().padStart(2, "0")).join(" ");

/** A count as the screen writes it: 50257 -> "50,257". */
export const grouped = (n) => n.toLocaleString("en-US");
