// The Special lesson's card "Special tokens by library" (issue 24): tiktoken refuses <|endoftext|> in
// plain text unless it is allowed; HuggingFace tokenizers splits every added token out of plain text,
// special or not. Both shown from the engine: r50k's refusal (`special`), MiniMind's 你好<|im_end|>, and
// the chat template MiniMind and Qwen share, as each model's real ids (`model_row`). Its requests carry
// no round, so the lesson's own requests never replace them; they are asked when the card first comes
// into view, so the lesson's own answer never waits behind Qwen3's table.

import { TIMING } from "../../theme.mjs";
import { el } from "../../ui/dom.mjs";
import { stageCard, tokenChip, errorText } from "../../ui/lessonkit.mjs";
import "./libraryStrings.mjs";

const TIKTOKEN_TEXT = "hi<|endoftext|>";
const TOKENIZERS_TEXT = "你好<|im_end|>";

export class LibrariesCard {
  /** `ctx`: the lesson's context as the app gave it (no round); `n`: the card's number. */
  constructor(ctx, bindings, n, template) {
    this.ctx = ctx;
    this.t = ctx.t;
    this.template = template;
    this.answers = new Map();
    this.tiktoken = el("div", { className: "lk-library", testid: "special-tiktoken" });
    this.tokenizers = el("div", { className: "lk-library", testid: "special-tokenizers" });
    this.chats = el("div", { className: "lk-library", testid: "special-chat-ids" });
    this.node = stageCard(bindings, { n, id: "special-library-title", titleKey: "specialLib.title", textKey: "specialLib.text" },
      bindings.text(el("h3", { className: "lk-library-head" }), "specialLib.tiktokenHead"), this.tiktoken,
      bindings.text(el("h3", { className: "lk-library-head" }), "specialLib.tokenizersHead"), this.tokenizers,
      bindings.text(el("h3", { className: "lk-library-head" }), "specialLib.chatHead"), this.chats);
    this.node.dataset.testid = "special-libraries";
    // Busy until its four answers are in: the rows it is still to draw will push what follows down.
    this.node.setAttribute("aria-busy", "true");
    this.alive = true;
    this.observer = new IntersectionObserver((entries) => {
      if (!entries.some((e) => e.isIntersecting)) return;
      this.observer.disconnect();
      this.load();
    });
    this.observer.observe(this.node);
  }

  async load() {
    const asks = [
      ["tiktoken", "special", { text: TIKTOKEN_TEXT, encoding: "r50k_base" }],
      ["tokenizers", "model_row", { text: TOKENIZERS_TEXT, encoding: "minimind" }],
      ["chat-minimind", "model_row", { text: this.template, encoding: "minimind" }],
      ["chat-qwen3", "model_row", { text: this.template, encoding: "qwen3" }],
    ];
    for (const [name, kind, payload] of asks) {
      const answer = await this.ctx.query(kind, payload, { timeoutMs: TIMING.modelLoadTimeoutMs });
      if (!this.alive) return;
      this.answers.set(name, answer);
      this.render();
    }
    this.node.setAttribute("aria-busy", "false");
  }

  chips(result, testid) {
    return el("div", { className: "lk-chips", testid },
      ...result.labels.map((label, i) => tokenChip(label, result.ids[i], { tone: i, testid: "special-lib-chip" })));
  }

  failed(answer) {
    return el("p", { className: "engine-error" }, this.t("error.engine", { message: errorText(this.t, answer.error) }));
  }

  render() {
    const t = this.t;
    const tk = this.answers.get("tiktoken");
    if (tk) {
      if (!tk.ok) this.tiktoken.replaceChildren(this.failed(tk));
      else {
        const r = tk.result;
        this.tiktoken.replaceChildren(
          el("p", {}, t("specialLib.tiktokenRefused", { text: TIKTOKEN_TEXT })),
          el("p", { className: "lk-refused", testid: "special-lib-refusal" }, errorText(t, { code: r.refused.code, params: r.refused.params, message: r.refused.error })),
          el("p", {}, t("specialLib.tiktokenAllowed", { ids: `[${r.allowed.ids.join(", ")}]`, plain: `[${r.plain.ids.join(", ")}]` })));
      }
    }
    const hf = this.answers.get("tokenizers");
    if (hf) {
      this.tokenizers.replaceChildren(...(!hf.ok ? [this.failed(hf)] : [
        el("p", {}, t("specialLib.tokenizersSplit", { text: TOKENIZERS_TEXT })),
        this.chips(hf.result, "special-lib-minimind"),
        el("code", { className: "lk-ids", testid: "special-lib-minimind-ids" }, `[${hf.result.ids.join(", ")}]`)]));
    }
    const parts = [];
    for (const [name, key] of [["chat-minimind", "specialLib.chatMiniMind"], ["chat-qwen3", "specialLib.chatQwen"]]) {
      const answer = this.answers.get(name);
      if (!answer) continue;
      if (!answer.ok) {
        parts.push(this.failed(answer));
        continue;
      }
      const model = name.slice(5);
      parts.push(el("p", {}, t(key, { n: answer.result.n_tokens })), this.chips(answer.result, `special-chat-${model}`),
        el("code", { className: "lk-ids", testid: `special-chat-${model}-ids` }, `[${answer.result.ids.join(", ")}]`));
    }
    if (parts.length === 0) parts.push(el("p", { className: "fine" }, t("specialLib.loading")));
    this.chats.replaceChildren(...parts);
  }

  destroy() {
    this.observer.disconnect();
    this.alive = false;
  }
}
