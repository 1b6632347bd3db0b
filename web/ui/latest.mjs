// "The newest answer wins": the one primitive every lesson, the shell and the classroom use for requests
// whose answers can come back after a newer request was made (the engine, a module import, a fetch).
//
// Tickets. Each request takes one; an answer counts only while its ticket is the newest:
//
//     const ticket = latest.next();          // every older ticket is outdated from now on
//     const answer = await ask();
//     if (!latest.is(ticket)) return;         // a newer request was made, or drop() was called
//
// Merged requests (a flight). One request is on its way at a time; asking for something else meanwhile
// asks once more, for what is wanted then, when it comes back (a queue of trainings or overviews would
// only make the newest wait):
//
//     const ticket = latest.open(wish);       // 0: one is on its way (it asks again if `wish` differs)
//     if (!ticket) return;
//     const answer = await ask(wish);
//     if (!latest.land()) return askAgain();  // something else was wished for meanwhile
//     if (!latest.is(ticket)) return;         // dropped (the lesson closed)
//
// `same(a, b)` (Object.is unless given) says whether two wishes ask the same thing.

const NONE = Symbol("no request on its way");

export class Latest {
  constructor(same = Object.is) {
    this.same = same;
    this.ticket = 0;      // the newest ticket given out
    this.wish = NONE;     // what the merged request on its way asks for
    this.again = false;   // ... and something else was wished for since
  }

  /** A new ticket: every ticket given out before it is outdated. */
  next() {
    this.ticket += 1;
    return this.ticket;
  }

  /** The newest ticket, without taking a new one (a follow-up request of the same round). */
  get now() {
    return this.ticket;
  }

  /** Whether `ticket` is still the newest. */
  is(ticket) {
    return ticket === this.ticket;
  }

  /** Outdates every ticket given out (a lesson closing, a text that makes the old answers moot). */
  drop() {
    this.ticket += 1;
  }

  /** Whether a merged request is on its way. */
  get busy() {
    return this.wish !== NONE;
  }

  /**
   * A merged request for `wish` may go: its ticket. 0 when one is on its way already; it then notes
   * whether `wish` differs from what that one asks (the last wish decides).
   *     latest.open("a") -> 1;  latest.open("b") -> 0;  latest.land() -> false  (ask again, for "b")
   */
  open(wish) {
    if (this.wish !== NONE) {
      this.again = !this.same(this.wish, wish);
      return 0;
    }
    this.wish = wish;
    this.again = false;
    return this.next();
  }

  /** The merged request came back: true when its answer is still the one wanted (else ask again). */
  land() {
    const wanted = !this.again;
    this.wish = NONE;
    this.again = false;
    return wanted;
  }
}
