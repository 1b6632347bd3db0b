// The classroom kit's words (export, print worksheets) and the sentences about the chosen token table
// (#13), in both languages; merged into the tables of ../i18n.mjs.

export const CLASSROOM_EN = Object.freeze({
  "table.tokenizer.r50k_base": "GPT-2",
  "table.tokenizer.cl100k_base": "cl100k_base",
  "table.tokenizer.o200k_base": "o200k_base",
  "table.listSep": ", ",
  "table.makeup.r50k": "{bytes} byte tokens, then one token per merge ({merges} merges), then the special token <|endoftext|>, {bytes} + {merges} + {specials} = {rows}",
  "table.makeup.ranks": "in {name}, {ranks} tokens are made of bytes ({bytes} single bytes and {merges} merged tokens), then come its {specials} special tokens with ids of their own ({list}); the largest id is {maxId}, so the table has {rows} rows{gaps}",
  "table.gaps": ", and {n} of those ids belong to no token",
  "special.leadOf": "{name} has {specials} special tokens ({list}); <|endoftext|>, id {eot}, marks where one document ends and the next begins. If a user simply types those thirteen characters, what should the tokenizer do? There are three answers, and each exists for a reason.",
});

export const CLASSROOM_ZH = Object.freeze({
  "table.tokenizer.r50k_base": "GPT-2",
  "table.tokenizer.cl100k_base": "cl100k_base",
  "table.tokenizer.o200k_base": "o200k_base",
  "table.listSep": "、",
  "table.makeup.r50k": "先是 {bytes} 个字节 token，然后每条合并规则一个 token（共 {merges} 条），最后是特殊 token <|endoftext|>，{bytes} + {merges} + {specials} = {rows}",
  "table.makeup.ranks": "{name} 里有 {ranks} 个由字节组成的 token（{bytes} 个单字节，{merges} 个合并出来的 token），之后是 {specials} 个特殊 token，各有自己的 id（{list}）；最大的 id 是 {maxId}，所以这张词表有 {rows} 行{gaps}",
  "table.gaps": "，其中 {n} 个 id 不对应任何 token",
  "special.leadOf": "{name} 有 {specials} 个特殊 token（{list}），其中 <|endoftext|>（id {eot}）用来标出一篇文档结束、下一篇开始的位置。如果用户恰好打出了这 13 个字符，分词器该怎么办？有三种做法，各有各的理由。",
});
