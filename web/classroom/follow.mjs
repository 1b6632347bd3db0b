// Follow the presenter: windows of one browser talk over a BroadcastChannel (no server).
//
// The presenter's window (any window not opened with ?follow=1) sends its whole view whenever it
// changes; a follow window applies it. A follow window that opens late asks, and is answered at once.
//
//   follower  -> {type: "join", id}         "I am here; send me the view"   (also the answer to "roll")
//   follower  -> {type: "leave", id}        the window is closing
//   presenter -> {type: "view", view}       view = {state, deck}: the app's state object (the stepper's
//                                           position is its `step`) and the deck's position or null
//   presenter -> {type: "roll"}             a presenter window (re)opened: followers say "join" again
//   presenter -> {type: "gone"}             the presenter's window is closing: followers wait
//
// Messages never carry code, only plain data; what a follower receives is checked against the lesson's
// parameter specs (checkedValues, below) before classroom.mjs applies it. A follower never sends its
// own view: typing in a follow window changes that window only, until the presenter's next change
// replaces it.

/**
 * The fields of `values` that `schema` can write and read back unchanged: what another window sends
 * is data to check, like a hash.
 *
 *     checkedValues({step: 3, piece: "x", evil: 1}, encodeSchema) -> {step: 3}
 */
export function checkedValues(values, schema) {
  const out = {};
  for (const [name, spec] of schema) {
    if (!Object.hasOwn(values, name)) continue;
    const value = values[name];
    if (value === null || (typeof value !== "string" && typeof value !== "number" && typeof value !== "boolean")) continue;
    let text;
    try {
      text = spec.format(value);
    } catch {
      continue;
    }
    if (typeof text === "string" && Object.is(spec.parse(text), value)) out[name] = value;
  }
  return out;
}

/** One channel per copy of the app: two deployments on one origin do not hear each other. */
export function channelName(pathname) {
  return `toklab-classroom:${pathname.replace(/[^/]*$/, "")}`;
}

function randomId() {
  const bytes = new Uint8Array(8);
  crypto.getRandomValues(bytes);
  return Array.from(bytes, (b) => b.toString(16).padStart(2, "0")).join("");
}

function isMessage(data) {
  return data !== null && typeof data === "object" && typeof data.type === "string";
}

/** The presenter's side: sends the view (coalesced to one message per task) and counts followers. */
export class PresenterLink {
  /** view() -> the current {state, deck}; onFollowers(n) when the number of follow windows changes. */
  constructor(name, { view, onFollowers }) {
    this.view = view;
    this.onFollowers = onFollowers;
    this.followers = new Set();
    this.timer = 0;
    this.channel = new BroadcastChannel(name);
    this.channel.addEventListener("message", (event) => this.receive(event.data));
    this.channel.postMessage({ type: "roll" });
    window.addEventListener("pagehide", () => this.channel.postMessage({ type: "gone" }));
    window.addEventListener("pageshow", (event) => {
      if (event.persisted) this.channel.postMessage({ type: "roll" });
    });
  }

  receive(data) {
    if (!isMessage(data) || typeof data.id !== "string") return;
    const before = this.followers.size;
    if (data.type === "join") {
      this.followers.add(data.id);
      this.sendNow();
    } else if (data.type === "leave") {
      this.followers.delete(data.id);
    }
    if (this.followers.size !== before) this.onFollowers(this.followers.size);
  }

  /** Something in the view changed: send it once the current task is done. */
  send() {
    if (this.timer) return;
    this.timer = setTimeout(() => this.sendNow(), 0);
  }

  sendNow() {
    clearTimeout(this.timer);
    this.timer = 0;
    this.channel.postMessage({ type: "view", view: this.view() });
  }
}

/** The follow window's side: joins, applies each view it hears, and leaves when the window closes. */
export class FollowerLink {
  /** apply(view) for each view the presenter sends; gone() when the presenter's window closes. */
  constructor(name, { apply, gone }) {
    this.id = randomId();
    this.apply = apply;
    this.gone = gone;
    this.channel = new BroadcastChannel(name);
    this.channel.addEventListener("message", (event) => this.receive(event.data));
    window.addEventListener("pagehide", () => this.channel.postMessage({ type: "leave", id: this.id }));
    window.addEventListener("pageshow", (event) => {
      if (event.persisted) this.join();
    });
    this.join();
  }

  join() {
    this.channel.postMessage({ type: "join", id: this.id });
  }

  receive(data) {
    if (!isMessage(data)) return;
    if (data.type === "roll") this.join();
    else if (data.type === "view" && data.view && typeof data.view === "object") this.apply(data.view);
    else if (data.type === "gone") this.gone();
  }
}
