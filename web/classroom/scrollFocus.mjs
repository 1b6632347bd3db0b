// A slide's scroll to what it is about (classroom.mjs): the card holding [data-testid=focus] goes to the
// top of the screen once the lesson has drawn it (it may come with the engine's answer).

import { settled } from "../ui/settled.mjs";

const LOOK_MS = 20_000; // the most a slide waits for its focus to be drawn

/**
 * Looks for `#main [data-testid=<focus>]` each frame while current() (a newer slide's scroll replaces
 * this one), then scrolls its card into view. The scroll is part of drawing the slide: the lesson is not
 * settled (ui/settled.mjs) until it is done, or until nothing else is on its way that could draw the
 * target (it stays hidden: an answer held back while the lesson asks first).
 */
export function scrollToFocus(focus, current) {
  const until = performance.now() + LOOK_MS;
  const release = settled.hold();
  const look = () => {
    if (!current() || performance.now() > until) return release();
    const target = document.querySelector(`#main [data-testid="${focus}"]`);
    if (!target || target.getClientRects().length === 0) {
      if (settled.holds.size <= 1) return release(); // this look is all that is held: the target is not coming
      requestAnimationFrame(look);
      return undefined;
    }
    (target.closest(".card") || target).scrollIntoView({ block: "start" });
    return release();
  };
  look();
}
