// How a window takes part in a class, read once from its URL.
//
// The hash holds the app's state (what is shown); these flags say what the window is for, so they live
// in the query string, where the state's hash writes never touch them:
//
//     ?follow=1      a projector window: mirrors the presenter's window, shows no notes
//     ?presenter=1   the presenter's window shows its speaker notes even with no projector window open
//     ?embed=1       one lesson, without the header, tabs and footer, for an iframe
//     ?deck=encode&slide=3   runs a deck (by id; each lesson's deck has the lesson's id), at a slide
//
// A flag written in the hash instead ("#lesson=encode&embed=1") is moved to the query string before the
// app reads the hash, so it is not reported as a field it cannot read.

const FLAGS = Object.freeze(["follow", "presenter", "embed", "deck", "slide"]);

/**
 * The flags of a URL's search and hash, and the URL with them all in the search.
 *
 *     readModes("http://h/?embed=1#lesson=decode&deck=decode")
 *       -> {follow: false, presenter: false, embed: true, deck: "decode", slide: 1,
 *           url: "http://h/?embed=1&deck=decode#lesson=decode", moved: true}
 */
export function readModes(href) {
  const url = new URL(href);
  const hash = new URLSearchParams(url.hash.slice(1));
  let moved = false;
  for (const name of FLAGS) {
    if (!hash.has(name)) continue;
    if (!url.searchParams.has(name)) url.searchParams.set(name, hash.get(name));
    hash.delete(name);
    moved = true;
  }
  if (moved) url.hash = hash.toString();
  const search = url.searchParams;
  const on = (name) => search.get(name) === "1" || search.get(name) === "true";
  const slide = /^\d{1,4}$/.test(search.get("slide") || "") ? Number(search.get("slide")) : 1;
  return {
    follow: on("follow"),
    presenter: on("presenter"),
    embed: on("embed"),
    deck: search.get("deck") || "",
    slide,
    url: url.href,
    moved,
  };
}

/** `href` with the query flag `name` set to `value` (removed when value is null), the hash kept. */
export function withFlag(href, name, value) {
  const url = new URL(href);
  if (value === null) url.searchParams.delete(name);
  else url.searchParams.set(name, String(value));
  return url.href;
}

/** `href` with none of the classroom flags: the plain app at the same view. */
export function withoutFlags(href) {
  const url = new URL(href);
  for (const name of FLAGS) url.searchParams.delete(name);
  return url.href;
}
