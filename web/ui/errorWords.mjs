// The errors a page can show, one per code (py_src/toklab/protocol.py ERRORS; the worker's and the
// app's own last), as `err.<code>` filled from the error's params, and the two lines that frame them.
// Registered when ui/lessonkit.mjs or the app first imports this file.

import { registerPairs } from "../i18n.mjs";

registerPairs({
  "error.noEngine": {
    en: "The engine could not be loaded.",
    zh: "无法加载分词引擎。",
  },
  "error.engine": {
    en: "The engine could not trace this text: {message}",
    zh: "引擎无法处理这段文字：{message}",
  },
  "err.unknown_kind": {
    en: "the engine has no request called “{kind}”",
    zh: "引擎没有叫“{kind}”的请求",
  },
  "err.bad_json": {
    en: "the request is not valid JSON (line {line}, column {column})",
    zh: "请求不是合法的 JSON（第 {line} 行，第 {column} 列）",
  },
  "err.bad_payload": {
    en: "the request must be a JSON object",
    zh: "请求必须是一个 JSON 对象",
  },
  "err.unknown_field": {
    en: "the request “{kind}” has no field “{field}”",
    zh: "请求“{kind}”里没有“{field}”这个字段",
  },
  "err.missing_field": {
    en: "the request “{kind}” needs the field “{field}”",
    zh: "请求“{kind}”缺少字段“{field}”",
  },
  "err.wrong_type": {
    en: "{field} must be a JSON {expected}",
    zh: "{field} 必须是 JSON 的 {expected}",
  },
  "err.bad_choice": {
    en: "{field} must be one of {choices}, not {value}",
    zh: "{field} 只能是 {choices} 之一，不能是 {value}",
  },
  "err.too_small": {
    en: "{field} must be at least {min}",
    zh: "{field} 至少要是 {min}",
  },
  "err.too_large": {
    en: "{field} must be at most {max}",
    zh: "{field} 最多只能是 {max}",
  },
  "err.too_many_items": {
    en: "{field} has {length} items; a request may carry at most {limit}",
    zh: "{field} 有 {length} 项，一个请求最多只能带 {limit} 项",
  },
  "err.text_too_long": {
    en: "the {field} has {length} characters; the lesson takes at most {limit}",
    zh: "{field} 有 {length} 个字符，本课最多只能处理 {limit} 个",
  },
  "err.empty_text": {
    en: "the text is empty: there is no piece to trace",
    zh: "文字是空的，没有可以追踪的片段",
  },
  "err.no_such_piece": {
    en: "piece {index} does not exist: the text has {n_pieces} pieces",
    zh: "没有第 {index} 号片段：这段文字只有 {n_pieces} 个片段",
  },
  "err.piece_too_long": {
    en: "piece {index} has {bytes} bytes; pieces of up to {limit} bytes are traced",
    zh: "第 {index} 号片段有 {bytes} 个字节，只有不超过 {limit} 个字节的片段才逐步追踪",
  },
  "err.not_a_number": {
    en: "“{item}” is not a whole number",
    zh: "“{item}”不是整数",
  },
  "err.number_too_long": {
    en: "a number of {digits} digits is not a token id (ids have at most {limit} digits)",
    zh: "{digits} 位的数不可能是 token id（id 最多 {limit} 位）",
  },
  "err.unknown_id": {
    en: "token id {id} is not in {encoding} (ids run from 0 to {max_id})",
    zh: "{encoding} 里没有 id 为 {id} 的 token（id 的范围是 0 到 {max_id}）",
  },
  "err.disallowed_special": {
    en: "Refused: the text contains the special token {token}, which is not allowed here. Allow it (allowed_special={'{token}'} or 'all') to get its special id, or use encode_ordinary() to read it as plain text.",
    zh: "被拒绝：文字里有特殊 token {token}，这里不允许它出现。要么允许它（allowed_special={'{token}'} 或 'all'），编成它的特殊 id；要么用 encode_ordinary() 把它当普通文字来读。",
  },
  "err.merge_unknown_token": {
    en: "merge rule {rank} ({left} {right}) uses a token that no earlier rule made",
    zh: "第 {rank} 条合并规则（{left} {right}）用到的一个 token 不是前面任何一条规则造出来的",
  },
  "err.merge_repeated": {
    en: "merge rule {rank} ({left} {right}) makes {merged} a second time",
    zh: "第 {rank} 条合并规则（{left} {right}）又造了一次 {merged}",
  },
  "err.too_large_for_tables": {
    en: "too large to show every table: the corpus has {symbols} symbols in {rows} distinct rows and may need up to {merges} merges; tables are shown up to {max_symbols} symbols and {max_merges} merges",
    zh: "语料太大，没法把每一张表都画出来：共 {symbols} 个符号，去掉重复后有 {rows} 行，最多可能要合并 {merges} 次；表格最多只画 {max_symbols} 个符号、{max_merges} 次合并",
  },
  "err.corpus_empty": {
    en: "The corpus is empty: there is nothing to learn from.",
    zh: "语料是空的，没有可以学习的内容。",
  },
  "err.corpus_binary": {
    en: "This file is not text: it has a NUL character at position {at}.",
    zh: "这不是文本文件：第 {at} 个位置有一个 NUL 字符。",
  },
  "err.jsonl_bad_line": {
    en: "Line {line} of the .jsonl file is not valid JSON (column {column}).",
    zh: ".jsonl 文件第 {line} 行不是合法的 JSON（第 {column} 列）。",
  },
  "err.stream_too_short": {
    en: "the stream has {n_ids} tokens; a window needs block_size + 1 = {need}",
    zh: "token 流只有 {n_ids} 个 token，一个窗口需要 block_size + 1 = {need} 个",
  },
  "err.internal": {
    en: "the engine failed: {detail}",
    zh: "引擎出错了：{detail}",
  },
  "err.hf_bad_json": {
    en: "the tokenizer.json is not valid JSON (line {line}, column {column})",
    zh: "这个 tokenizer.json 不是合法的 JSON（第 {line} 行，第 {column} 列）",
  },
  "err.hf_too_large": {
    en: "the tokenizer.json has {size} bytes; files of at most {limit} bytes can be read",
    zh: "这个 tokenizer.json 有 {size} 字节，最多只能读取 {limit} 字节的文件",
  },
  "err.hf_bad_value": {
    en: "{path} must be {expected}, not {value}",
    zh: "{path} 应该是 {expected}，而不是 {value}",
  },
  "err.hf_unsupported": {
    en: "{path} {value} is not supported",
    zh: "不支持 {path} 的取值 {value}",
  },
  "err.hf_bad_regex": {
    en: "{path}: the pattern {pattern} cannot run here ({detail})",
    zh: "{path}：正则 {pattern} 在这里无法运行（{detail}）",
  },
  "err.hf_unknown_merge_token": {
    en: "{path} ({left} {right}) names {token}, which is not in model.vocab",
    zh: "{path}（{left} {right}）用到了 {token}，但它不在 model.vocab 里",
  },
  "err.hf_text_too_long": {
    en: "the text has {length} characters; at most {limit} can be encoded",
    zh: "这段文字有 {length} 个字符，最多只能编码 {limit} 个",
  },
  "err.hf_normalized_too_long": {
    en: "the normalizer would make a text of {length} characters longer than {limit}: a normalizer may grow a text at most {growth} times",
    zh: "规范化器会把 {length} 个字符的文字变得比 {limit} 个字符还长：规范化器最多只能把文字变长 {growth} 倍",
  },
  "err.spm_normalized_too_long": {
    en: "the normalizer would make a text of {length} bytes longer than {limit} bytes: a normalizer may grow a text at most {growth} times",
    zh: "规范化器会把 {length} 个字节的文字变得比 {limit} 个字节还长：规范化器最多只能把文字变长 {growth} 倍",
  },
  "err.over_budget": {
    en: "this took longer than {seconds} s, the most one request may take here, and was stopped (a pattern or a text that costs more than it should); what you typed is kept, and the next request runs as usual",
    zh: "这次计算超过了 {seconds} 秒（这里一次请求最多能用的时间），已经停下（多半是某个模式或文字的代价过大）；你输入的内容还在，下一次请求照常运行",
  },
  "err.no_custom_tokenizer": {
    en: "no tokenizer.json has been opened in this session: open one first",
    zh: "这次会话里还没有打开过 tokenizer.json，请先打开一个",
  },
  "err.table_unavailable": {
    en: "the {encoding} table could not be loaded: {detail}",
    zh: "{encoding} 词表加载失败：{detail}",
  },
  "err.bad_request": {
    en: "the page sent a request without a kind",
    zh: "页面发出的请求没有注明类型",
  },
  "err.payload_not_json": {
    en: "the page sent a request that cannot be written as JSON (a cycle, a BigInt...)",
    zh: "页面发出的请求无法写成 JSON（含有循环引用、BigInt 等）",
  },
  "err.worker_failed": {
    en: "the engine's worker failed: {detail}",
    zh: "引擎所在的 worker 出错了：{detail}",
  },
  "err.engine_unavailable": {
    en: "Python could not start (at stage “{stage}”), so the engine cannot answer",
    zh: "Python 没能启动（卡在“{stage}”这一步），引擎无法回答",
  },
  "err.engine_stopped": {
    en: "the engine has stopped and cannot answer ({detail})",
    zh: "引擎已经停止，无法回答（{detail}）",
  },
  "err.engine_missing": {
    en: "the engine could not be loaded",
    zh: "无法加载分词引擎",
  },
  "err.request_failed": {
    en: "the request to the engine failed: {detail}",
    zh: "向引擎发出的请求失败了：{detail}",
  },
  "err.superseded": {
    en: "a newer request replaced this one",
    zh: "这个请求已被更新的请求取代",
  },
  "err.stopped": {
    en: "you stopped it before it finished. Change something, or ask again, to run it once more",
    zh: "你在它完成前停止了它。改动设置或再次请求即可重新运行",
  },
});
