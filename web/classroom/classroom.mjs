// The classroom kit inside the app: follow windows, decks, speaker notes and embedding.
//
// app.mjs calls installClassroom(ctx) once, before it reads the hash, then `start()` when the first
// lesson is open, and `changed(state, changed)` after every state change. ctx holds
//     t(key, vars), getState(), setState(patch), note(text), announce(text)
//     loadSchema(lessonId) -> Promise<Map>   the lesson's module loaded, and its parameter specs
//     query(kind, payload) -> Promise<answer>  the engine, for a slide's facts (decks.mjs)
//
// What a window is for comes from its URL (modes.mjs). A presenter window (the normal one) sends its
// view to follow windows (follow.mjs) and shows speaker notes when one is open or with ?presenter=1;
// a follow window applies what it hears and shows no notes; ?embed=1 hides the app's frame. A deck
// (decks.mjs) moves the view slide by slide with PageDown / PageUp.

import { findLesson } from "../lessons/registry.mjs";
import { defaults, replaceURL } from "../state.mjs";
import { el, Bindings } from "../ui/dom.mjs";
import { Latest } from "../ui/latest.mjs";
import { readModes, withFlag, withoutFlags } from "./modes.mjs";
import { channelName, checkedValues, PresenterLink, FollowerLink } from "./follow.mjs";
import { settled } from "../ui/settled.mjs";
import { scrollToFocus } from "./scrollFocus.mjs";
import { DECK_IDS, loadDecks, slideView, slideFocus, paragraphs, askSlideFacts, slideNotes, DeckRun } from "./decks.mjs";
import "./strings.mjs";

export function installClassroom(ctx) {
  const modes = readModes(window.location.href);
  if (modes.moved) replaceURL(modes.url);
  return new Classroom(ctx, modes);
}

class Classroom {
  constructor(ctx, modes) {
    this.ctx = ctx;
    this.t = ctx.t;
    this.modes = modes;
    this.role = modes.follow ? "follower" : "presenter";
    this.b = new Bindings();
    this.decks = null;         // Map(id -> deck), once loaded
    this.run = null;           // the DeckRun on show, or null
    this.remoteDeck = null;    // a follower: the presenter's deck position
    this.followers = 0;
    this.notesOn = modes.presenter;
    this.notesBeforeDeck = this.notesOn;
    this.showing = new Latest(); // the newest show(): an older one whose schema loads later gives way
    this.link = null;
    this.linkTimer = 0;
    this.focusing = new Latest(); // the newest slide's scroll
    this.remoteSlide = null;   // a follower: the slide it last scrolled for
    this.slideFacts = null;    // {slide, results}: the engine's answers for the slide on show (null until they come)

    document.body.classList.toggle("embed", modes.embed);
    document.body.classList.toggle("follower", modes.follow);
    this.counter = el("p", { className: "deck-position", testid: "deck-position", attrs: { hidden: true } });
    document.body.append(this.counter);
    if (modes.follow) this.buildFollowBadge();
    else if (!modes.embed) this.buildPresenterTools();
    if (modes.embed) this.buildEmbedBar();
    this.b.apply(this.t); // the words at once: start() comes later, and until then the embed link had no name
    window.addEventListener("keydown", (event) => this.onKey(event), true);
  }

  // ------------------------------------------------------------ start, changes

  async start() {
    const name = channelName(window.location.pathname);
    if (this.role === "follower") {
      this.link = new FollowerLink(name, {
        apply: (view) => this.applyRemote(view),
        gone: () => {
          this.badge.dataset.state = "waiting";
          this.renderBadge();
        },
      });
    } else if (!this.modes.embed && typeof BroadcastChannel === "function") {
      // An embedded copy (a course page in another tab) never drives the projector.
      this.link = new PresenterLink(name, {
        view: () => ({ state: this.ctx.getState(), deck: this.run ? this.run.position() : null }),
        onFollowers: (n) => {
          this.followers = n;
          this.renderNotes();
        },
      });
    }
    this.b.apply(this.t);
    this.renderBadge();
    if (this.modes.deck && this.role === "presenter") await this.startDeck(this.modes.deck, this.modes.slide);
    else this.renderNotes();
  }

  changed(state, changed) {
    if (changed.has("lang")) {
      this.b.apply(this.t);
      this.renderDeckSelect();
      this.renderNotes();
      this.renderCounter();
      this.renderBadge();
    }
    if (changed.has("lesson") && !this.run) this.renderNotes();
    if (this.role === "presenter" && this.link) this.link.send();
    if (this.embedLink) {
      clearTimeout(this.linkTimer);
      this.linkTimer = setTimeout(() => this.updateEmbedLink(), 600);
    }
  }

  async ensureDecks() {
    if (!this.decks) this.decks = await loadDecks();
    this.renderDeckSelect();
    return this.decks;
  }

  /** Opens a view (lesson and fields) the way a link would: unnamed fields at their defaults. */
  async show(values, keep) {
    const ticket = this.showing.next();
    if (!findLesson(values.lesson)) return false;
    const schema = await settled.asking(this.ctx.loadSchema(values.lesson)); // a newer state asked, even the same
    if (!this.showing.is(ticket)) return false;
    const current = this.ctx.getState();
    const kept = {};
    for (const name of keep) kept[name] = current[name];
    this.ctx.setState({ ...defaults(schema), ...checkedValues(values, schema), ...kept, lesson: values.lesson });
    return true;
  }

  // ------------------------------------------------------------ follow

  applyRemote(view) {
    if (!view.state || typeof view.state !== "object") return;
    const deck = view.deck;
    this.remoteDeck = deck && Number.isInteger(deck.index) && Number.isInteger(deck.count) ? deck : null;
    this.badge.dataset.state = "following";
    this.renderBadge();
    this.renderCounter();
    // A new slide scrolls this window to what it is about, once (later changes leave the scroll alone).
    const slide = this.remoteDeck ? `${this.remoteDeck.id} ${this.remoteDeck.index}` : null;
    const scroll = slide !== null && slide !== this.remoteSlide;
    this.remoteSlide = slide;
    this.show(view.state, ["projector"]).then((shown) => {
      if (shown && scroll) this.scrollToFocus(typeof deck.focus === "string" && /^[a-z0-9-]{1,60}$/.test(deck.focus) ? deck.focus : null);
    });
  }

  /**
   * Scrolls the card holding [data-testid=focus] to the top of the screen once the lesson drew it
   * (it may come with the engine's answer); a later slide's scroll replaces a waiting one.
   */
  scrollToFocus(focus) {
    const ticket = this.focusing.next();
    if (focus) scrollToFocus(focus, () => this.focusing.is(ticket));
  }

  buildFollowBadge() {
    this.badgeText = el("span", { className: "follow-badge-text" });
    this.badge = el("p", { className: "follow-badge", testid: "follow-badge", data: { state: "waiting" } },
      el("span", { className: "follow-dot", attrs: { "aria-hidden": "true" } }), this.badgeText);
    this.b.title(this.badge, "follow.label");
    // In the page's flow under the header, not over the lesson: it never covers a legend or a control.
    const header = document.querySelector("header.topbar");
    if (header) header.after(this.badge);
    else document.body.prepend(this.badge);
  }

  renderBadge() {
    if (!this.badge) return;
    this.badgeText.textContent = this.t(this.badge.dataset.state === "following" ? "follow.badge" : "follow.waiting");
  }

  openProjector() {
    const url = new URL(withFlag(withoutFlags(window.location.href), "follow", 1));
    const hash = new URLSearchParams(url.hash.slice(1));
    hash.set("projector", "1");
    url.hash = hash.toString();
    const opened = window.open(url.href, "toklab-projector", "popup");
    if (!opened) this.ctx.note(this.t("teach.blocked", { url: url.href }));
  }

  // ------------------------------------------------------------ decks

  async startDeck(id, slideNumber) {
    const decks = await this.ensureDecks();
    const deck = decks.get(id) || [...decks.values()].find((d) => d.lesson === id);
    if (!deck) {
      this.ctx.note(this.t("deck.unknown", { id, ids: DECK_IDS.join(", ") }));
      return;
    }
    let index = slideNumber - 1;
    if (index < 0 || index >= deck.slides.length) {
      this.ctx.note(this.t("deck.badSlide", { id: deck.id, slide: slideNumber, count: deck.slides.length }));
      index = 0;
    }
    // A deck comes with its speaker notes: what to say on each slide, in this window only. When it
    // ends, the notes are as they were before it (or as the teacher last set them during it).
    if (!this.run) this.notesBeforeDeck = this.notesOn;
    this.run = new DeckRun(deck, index);
    this.notesOn = true;
    await this.showSlide();
  }

  stopDeck() {
    this.run = null;
    this.notesOn = this.notesBeforeDeck;
    this.showing.drop();
    replaceURL(withFlag(withFlag(window.location.href, "deck", null), "slide", null));
    this.renderDeckSelect();
    this.renderCounter();
    this.renderNotes();
    if (this.link) this.link.send();
  }

  async moveDeck(delta) {
    if (!this.run || !this.run.move(delta)) return;
    await this.showSlide();
  }

  async showSlide() {
    const run = this.run;
    const url = withFlag(withFlag(window.location.href, "deck", run.deck.id), "slide", run.index + 1);
    replaceURL(url);
    this.renderDeckSelect();
    this.renderCounter();
    this.renderNotes();
    const title = run.slide.title[this.ctx.getState().lang] || run.slide.title.en;
    this.ctx.announce(this.t("deck.announce", { index: run.index + 1, count: run.count, title }));
    const slide = run.slide;
    this.slideFacts = { slide, results: null };
    const shown = await this.show(slideView(run.deck, slide), ["lang", "projector", "ask"]);
    if (shown && this.run === run) this.scrollToFocus(slideFocus(run.deck, slide));
    if (shown && this.run === run && run.slide === slide) this.askFacts(slide);
    if (this.link) this.link.send();
  }

  /** The numbers a slide's notes state: the engine's answers to its lesson's requests for the view shown. */
  async askFacts(slide) {
    const results = await askSlideFacts(this.ctx.query, slide, this.ctx.getState());
    if (!results || this.slideFacts?.slide !== slide) return;
    this.slideFacts = { slide, results };
    this.renderNotes();
  }

  onKey(event) {
    if (event.key !== "PageDown" && event.key !== "PageUp") return;
    if (event.ctrlKey || event.metaKey || event.altKey || event.shiftKey) return;
    if (!this.run || this.role !== "presenter") return;
    event.preventDefault();
    event.stopPropagation();
    this.moveDeck(event.key === "PageDown" ? 1 : -1);
  }

  // ------------------------------------------------------------ the presenter's tools

  buildPresenterTools() {
    this.deckSelect = el("select", { className: "teach-select", testid: "deck-select", id: "deck-select" });
    this.deckSelect.addEventListener("change", () => {
      const id = this.deckSelect.value;
      this.menu.open = false; // a choice made: the menu closes, as a menu does
      if (id) this.startDeck(id, 1);
      else if (this.run) this.stopDeck();
    });
    const projector = el("button", { className: "tool-button", testid: "open-projector", attrs: { type: "button" }, on: { click: () => {
      this.menu.open = false;
      this.openProjector();
    } } });
    this.b.text(projector, "teach.projector");
    this.notesToggle = el("button", { className: "tool-button", testid: "notes-toggle", attrs: { type: "button", "aria-pressed": String(this.notesOn) }, on: { click: () => {
      this.menu.open = false;
      this.toggleNotes();
    } } });
    this.b.text(this.notesToggle, "teach.notes");
    const panel = el("div", { className: "teach-panel" },
      el("label", { className: "teach-field" }, this.b.text(el("span"), "teach.deck"), this.deckSelect),
      projector,
      this.b.text(el("p", { className: "teach-hint" }), "teach.projectorHint"),
      this.notesToggle,
      this.b.text(el("p", { className: "teach-hint", testid: "notes-toggle-hint" }), "teach.notesHint"));
    const summary = el("summary", { className: "tool-button", testid: "teach-button" });
    summary.append(el("span", { className: "tool-icon", attrs: { "aria-hidden": "true" } }, "▤"), this.b.text(el("span"), "teach.menu"));
    this.menu = el("details", { className: "teach-menu", testid: "teach-menu" }, summary, panel);
    this.menu.addEventListener("toggle", () => {
      if (this.menu.open) this.ensureDecks();
    });
    // The menu closes like a menu: a press outside it, or Escape inside it.
    document.addEventListener("pointerdown", (event) => {
      if (this.menu.open && !this.menu.contains(event.target)) this.menu.open = false;
    });
    this.menu.addEventListener("keydown", (event) => {
      if (event.key !== "Escape" || !this.menu.open) return;
      event.preventDefault();
      this.menu.open = false;
      summary.focus();
    });
    const tools = document.querySelector(".topbar-tools");
    const help = document.querySelector('[data-testid="help-button"]');
    if (tools) tools.insertBefore(this.menu, help && help.parentElement === tools ? help : null);

    this.notesTitle = el("h2", { className: "notes-title", testid: "notes-title" });
    this.notesBody = el("div", { className: "notes-body", testid: "notes-text" });
    this.notesFollowers = el("p", { className: "notes-followers", testid: "notes-followers" });
    const button = (testid, key, onClick) => this.b.text(el("button", { className: "tool-button", testid, attrs: { type: "button" }, on: { click: onClick } }), key);
    this.notesStart = button("notes-start", "notes.start", () => this.startDeck(this.ctx.getState().lesson, 1));
    this.deckButtons = el("div", { className: "notes-deck" },
      button("deck-prev", "notes.prev", () => this.moveDeck(-1)),
      button("deck-next", "notes.next", () => this.moveDeck(1)),
      button("deck-stop", "notes.stop", () => this.stopDeck()));
    this.notesPanel = el("aside", { className: "presenter-notes", testid: "presenter-notes", attrs: { hidden: true, "aria-labelledby": "notes-heading" } },
      el("header", { className: "notes-head" },
        this.b.text(el("p", { className: "notes-kicker", id: "notes-heading" }), "notes.title"),
        this.b.text(el("p", { className: "notes-hint" }), "notes.hint")),
      this.notesTitle, this.notesBody, this.notesStart, this.deckButtons, this.notesFollowers);
    const main = document.getElementById("main");
    main.parentElement.insertBefore(this.notesPanel, main);
  }

  toggleNotes() {
    this.notesOn = !this.notesOn;
    this.notesBeforeDeck = this.notesOn;
    replaceURL(withFlag(window.location.href, "presenter", this.notesOn ? 1 : null));
    this.renderNotes();
  }

  renderDeckSelect() {
    if (!this.deckSelect || !this.decks) return;
    const lang = this.ctx.getState().lang;
    const options = [el("option", { attrs: { value: "" } }, this.t("teach.noDeck"))];
    for (const deck of this.decks.values()) {
      const title = deck.title[lang] || deck.title.en;
      options.push(el("option", { attrs: { value: deck.id } }, this.t("teach.deckOption", { title, count: deck.slides.length })));
    }
    this.deckSelect.replaceChildren(...options);
    this.deckSelect.value = this.run ? this.run.deck.id : "";
  }

  renderNotes() {
    if (!this.notesPanel) return;
    const visible = this.notesOn || this.followers > 0;
    this.notesPanel.hidden = !visible;
    this.notesToggle.setAttribute("aria-pressed", String(this.notesOn));
    if (!visible) return;
    // The decks load when first needed: notes shown, the Teach menu opened, or a deck started.
    if (!this.decks) {
      this.ensureDecks().then(() => this.renderNotes());
      return;
    }
    const lang = this.ctx.getState().lang;
    const pick = (text) => text[lang] || text.en;
    let title, notes, factsState; // factsState: the slide's numbers, none to ask, pending, or filled from the engine
    if (this.run) {
      const { slide } = this.run;
      title = `${this.t("deck.position", this.position())} · ${pick(slide.title)}`;
      ({ notes, facts: factsState } = slideNotes(slide, this.slideFacts?.slide === slide ? this.slideFacts.results : null, lang));
    } else {
      const deck = this.decks.get(this.ctx.getState().lesson);
      [title, notes, factsState] = [this.t("notes.lesson"), deck ? pick(deck.summary) : "", "none"];
    }
    this.notesTitle.textContent = title;
    this.notesBody.replaceChildren(...paragraphs(notes).map((text) => el("p", {}, text)));
    this.notesBody.dataset.facts = factsState;
    this.notesStart.hidden = Boolean(this.run) || !this.decks.has(this.ctx.getState().lesson);
    this.deckButtons.hidden = !this.run;
    this.notesFollowers.textContent = this.followers ? this.t("notes.followers", { n: this.followers }) : "";
  }

  position() {
    if (this.run) return this.run.position();
    return this.remoteDeck;
  }

  renderCounter() {
    const position = this.position();
    this.counter.hidden = !position;
    if (!position) return;
    this.counter.textContent = this.t("deck.position", position);
    this.counter.setAttribute("aria-label", this.t("deck.positionLabel", position));
  }

  // ------------------------------------------------------------ embed

  buildEmbedBar() {
    this.embedLink = el("a", { className: "embed-open", testid: "embed-open", attrs: { target: "_blank", rel: "noopener" } },
      this.b.text(el("span"), "embed.open"), el("span", { attrs: { "aria-hidden": "true" } }, " ↗"));
    for (const event of ["pointerdown", "focus"]) this.embedLink.addEventListener(event, () => this.updateEmbedLink());
    this.updateEmbedLink();
    const bar = el("p", { className: "embed-bar" },
      el("span", { className: "brand-mark", attrs: { "aria-hidden": "true" } }, el("span", {}, "to"), el("span", {}, "ken")),
      this.embedLink);
    document.body.append(bar);
  }

  updateEmbedLink() {
    this.embedLink.href = withoutFlags(window.location.href);
  }
}
