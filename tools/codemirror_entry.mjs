// What the lab lesson takes from CodeMirror 6: tools/codemirror.py bundles this file with esbuild
// into dist/vendor/codemirror.mjs, and web/lessons/lab/editor.mjs imports that bundle.

export { basicSetup } from "codemirror";
export { EditorView, keymap } from "@codemirror/view";
export { EditorState, Compartment } from "@codemirror/state";
export { indentWithTab } from "@codemirror/commands";
export { indentUnit } from "@codemirror/language";
export { python } from "@codemirror/lang-python";
