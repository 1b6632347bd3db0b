// The words of the Special lesson's card "Special tokens by library" (./libraries.mjs).

import { registerPairs } from "../../i18n.mjs";

registerPairs({
  "specialLib.title": {
    en: "Special tokens by library",
    zh: "不同的库，不同的规矩",
  },
  "specialLib.text": {
    en: "The same question, two answers. OpenAI's tiktoken treats special-token text as a mistake unless you allow it; HuggingFace tokenizers, which MiniMind, Qwen, DeepSeek, Llama 3 and Gemma ship with, cuts every added token out of the text first, special or not.",
    zh: "同一个问题，两种回答。OpenAI 的 tiktoken 默认把特殊 token 的文字当成错误，除非你明确允许；而 MiniMind、Qwen、DeepSeek、Llama 3、Gemma 用的 HuggingFace tokenizers，会先把所有新增 token 从文字里切出来，不管它是不是特殊 token。",
  },
  "specialLib.tiktokenHead": { en: "tiktoken (GPT-2's r50k_base)", zh: "tiktoken（GPT-2 的 r50k_base）" },
  "specialLib.tokenizersHead": { en: "tokenizers (MiniMind)", zh: "tokenizers（MiniMind）" },
  "specialLib.chatHead": { en: "One chat template, two models' real ids", zh: "同一个对话模板，两个模型的真实 id" },
  "specialLib.tiktokenRefused": {
    en: "encode(\"{text}\") is refused:",
    zh: "encode(\"{text}\") 会被拒绝：",
  },
  "specialLib.tiktokenAllowed": {
    en: "Allowed, it is {ids}; as plain text (encode_ordinary), {plain}.",
    zh: "允许之后是 {ids}；当普通文字处理（encode_ordinary）则是 {plain}。",
  },
  "specialLib.tokenizersSplit": {
    en: "encode(\"{text}\") just splits <|im_end|> out as its own id, with nothing to allow:",
    zh: "encode(\"{text}\") 直接把 <|im_end|> 切出来，编成它自己的 id，不需要任何许可：",
  },
  "specialLib.chatMiniMind": {
    en: "MiniMind: the template above is {n} tokens.",
    zh: "MiniMind：上面的模板一共 {n} 个 token。",
  },
  "specialLib.chatQwen": {
    en: "Qwen3: the same template is {n} tokens.",
    zh: "Qwen3：同一个模板一共 {n} 个 token。",
  },
  "specialLib.loading": { en: "Loading the models…", zh: "正在加载模型……" },
});
