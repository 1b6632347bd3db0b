// The lab's code editor: CodeMirror 6 (bundled at build time into ../../vendor/codemirror.mjs by
// tools/codemirror.py) with Python highlighting and indentation, undo, search, bracket matching.
//
// Keyboard: Tab and Shift-Tab indent (indentWithTab), so Tab alone never leaves the editor; Esc then
// Tab does (CodeMirror's own escape: after Esc, the next Tab moves focus). Mod-Enter runs the code.
// The editable element is CodeMirror's .cm-content; it carries data-testid="code-editor", an
// aria-label and an aria-description (the keyboard hint the page also shows).
//
// The editor lives in a shadow root of its host element. CodeMirror writes its own styles at run time:
// into a <style> element in a document, which the page's Content-Security-Policy (style-src 'self')
// refuses, but into a constructed style sheet (adoptedStyleSheets) in a shadow root, which it allows.
// The page's own rules for the editor come in by a <link> to lab-editor.css inside the shadow root.

import {
  EditorView, EditorState, Compartment, basicSetup, keymap, indentWithTab, indentUnit, python,
} from "../../vendor/codemirror.mjs";

export class CodeEditor {
  /**
   * parent: the element to render into; doc: the first text; onChange(text): each edit;
   * onRun(): Mod-Enter; describedBy: the id of the keyboard hint.
   */
  constructor(host, { doc, onChange, onRun }) {
    this.onChange = onChange;
    this.attributes = new Compartment();
    this.label = "";
    this.description = "";
    const shadow = host.attachShadow({ mode: "open" });
    const sheet = document.createElement("link");
    sheet.rel = "stylesheet";
    sheet.href = new URL("../../lab-editor.css", import.meta.url).href;
    const parent = document.createElement("div");
    parent.className = "lab-editor-root";
    shadow.append(sheet, parent);
    // Keys typed here belong to the editor. Out of a shadow root an event's target is the host, which
    // the app's key handler does not know as a text field: "?" would open the keyboard help instead.
    host.addEventListener("keydown", (event) => event.stopPropagation());
    this.extensions = [
      keymap.of([{ key: "Mod-Enter", run: () => { onRun(); return true; } }, indentWithTab]),
      basicSetup,
      python(),
      EditorView.lineWrapping,
      indentUnit.of("    "),
      EditorState.tabSize.of(4),
      this.attributes.of(this.contentAttributes()),
      EditorView.updateListener.of((update) => {
        if (update.docChanged) this.onChange(update.state.doc.toString());
      }),
    ];
    this.view = new EditorView({ parent, root: shadow, state: EditorState.create({ doc, extensions: this.extensions }) });
  }

  contentAttributes() {
    return EditorView.contentAttributes.of({
      "data-testid": "code-editor",
      "aria-label": this.label,
      "aria-description": this.description,
      "aria-multiline": "true",
      spellcheck: "false",
    });
  }

  /** The editable element's accessible name and description (they change with the exercise and the language). */
  setLabel(label, description) {
    if (label === this.label && description === this.description) return;
    this.label = label;
    this.description = description;
    this.view.dispatch({ effects: this.attributes.reconfigure(this.contentAttributes()) });
  }

  get text() {
    return this.view.state.doc.toString();
  }

  /** A new document with its own undo history (another exercise). */
  load(doc) {
    this.view.setState(EditorState.create({ doc, extensions: this.extensions }));
  }

  /** Replaces the text as one edit, which Ctrl+Z undoes (Start again). */
  replace(doc) {
    this.view.dispatch({ changes: { from: 0, to: this.view.state.doc.length, insert: doc } });
  }

  focus() {
    this.view.focus();
  }

  destroy() {
    this.view.destroy();
  }
}
