// A 15-minute deck for the lab: the six exercises that build a byte-level BPE tokenizer, in the order
// karpathy/minbpe's exercise builds one. Students write the code; the notes say what to point at.
// The format is in ../classroom/decks.mjs. The ids GPT-2 gives that the notes quote (the unicorn's, and
// "tokenization"'s, the answers the last two exercises check against) come from the engine (`facts`).

/** GPT-2's ids for `text`, as the lab writes a list: "[30001, 1634]". */
const gpt2Ids = (text) => Object.freeze({
  ask: () => [["overview", { text, allowed_special: "none" }]],
  vars: ([overview]) => ({ ids: `[${overview.ids.join(", ")}]` }),
});

export default Object.freeze({
  id: "lab",
  lesson: "lab",
  focus: "lab-prompt",
  minutes: 15,
  title: { en: "Lab: write the tokenizer yourself", zh: "动手写：自己实现分词器" },
  summary: {
    en: "Six small Python functions make a whole byte-level BPE tokenizer: count pairs, merge a pair, train, encode, decode, and GPT-2's own bpe. Each Run checks the student's function against toklab on the shown cases and many generated ones, and shows the first input that fails.\n\nThe deck for this lesson (Teach menu) introduces each exercise in about two minutes; the coding itself takes longer.",
    zh: "六个小小的 Python 函数，就能拼出一个完整的字节级 BPE 分词器：统计相邻对、合并一对、训练、编码、解码，以及 GPT-2 自己的 bpe。每次点“运行”，都会在给出的例子和大量自动生成的输入上，把学生的函数和 toklab 的答案对比，并指出第一个出错的输入。\n\n本课的课件（“授课”菜单）每个练习大约讲两分钟，真正写代码要更久。",
  },
  slides: Object.freeze([
    {
      view: { ex: "get_stats" },
      title: { en: "The lab: six functions, one tokenizer", zh: "动手写：六个函数，一个分词器" },
      notes: {
        en: "Show the layout: the task, the shown cases with their expected answers, the editor, and Run. Code never runs by itself, not even from a link.\n\nThe checks go beyond the shown cases: many generated inputs, smallest first, so the first failure is usually easy to read.",
        zh: "先介绍页面：题目、给出的例子和期望答案、编辑器，还有“运行”按钮。代码绝不会自己运行，从链接打开时也不会。\n\n检查不止给出的那几个例子，还有大量自动生成的输入，从小到大排列，所以第一个失败的例子通常很容易看懂。",
      },
    },
    {
      view: { ex: "get_stats" },
      title: { en: "1. Count the pairs", zh: "1. 统计相邻对" },
      notes: {
        en: "get_stats takes a list of ids and counts each neighbouring pair: [1, 2, 3, 1, 2] has (1, 2) twice. This is the pair table of the train lesson, as code.\n\nAsk: should overlapping pairs count? In [5, 5, 5], (5, 5) occurs twice.",
        zh: "get_stats 接收一串 id，统计每一对相邻 id 出现的次数：[1, 2, 3, 1, 2] 里 (1, 2) 出现两次。这就是训练课里那张相邻对计数表，只不过写成了代码。\n\n问大家：重叠的相邻对算不算？[5, 5, 5] 里 (5, 5) 出现了两次。",
      },
    },
    {
      view: { ex: "merge" },
      title: { en: "2. Merge one pair everywhere", zh: "2. 把一对在所有位置合并" },
      notes: {
        en: "merge replaces every occurrence of a pair with a new id, scanning left to right: [1, 2, 3, 1, 2] with (1, 2) → 4 gives [4, 3, 4].\n\nThe tricky case is [5, 5, 5]: after merging the first two, the third 5 has no partner left.",
        zh: "merge 从左往右扫描，把某一对的每次出现都换成一个新 id：[1, 2, 3, 1, 2] 把 (1, 2) 换成 4，得到 [4, 3, 4]。\n\n容易出错的是 [5, 5, 5]：前两个合并之后，第三个 5 就没有搭档了。",
      },
    },
    {
      view: { ex: "train" },
      title: { en: "3. Train: the loop", zh: "3. 训练：那个循环" },
      notes: {
        en: "train puts the first two together: count, take the most frequent pair, merge it, record the rule with the next new id (256, then 257, and so on), repeat.\n\nTwo rules the checks rely on: stop early when the best pair occurs only once, and among equal counts take the pair seen first.",
        zh: "train 把前两个函数组合起来：统计，取最常见的一对，合并，用下一个新 id（256、257，依此类推）记下这条规则，再重复。\n\n检查依赖两条规则：最常见的一对只出现一次时就提前停止；次数相同时，取最先出现的那一对。",
      },
    },
    {
      view: { ex: "encode" },
      title: { en: "4. Encode by lowest rank", zh: "4. 按 rank 从小到大编码" },
      notes: {
        en: "encode applies learned merges to new text. The trap is the one from the encode lesson: merging left to right instead of always taking the pair with the lowest rank.\n\nIf a student's answer differs only on longer inputs, this is usually why.",
        zh: "encode 把学到的合并规则用在新文本上。陷阱就是编码课里讲过的那个：从左往右合并，而不是每次都选 rank 最小的那一对。\n\n如果学生的答案只在较长的输入上出错，多半就是这个原因。",
      },
    },
    {
      view: { ex: "decode" },
      title: { en: "5. Decode with GPT-2's table", zh: "5. 用 GPT-2 的词表解码" },
      facts: gpt2Ids("🦄"),
      notes: {
        en: "decode looks each id up as bytes, joins them, and only then turns them into text. Decoding token by token breaks characters that span several tokens, like the unicorn's {ids}.\n\nThe bytes that do not make a full character become the replacement character, as in the decode lesson.",
        zh: "decode 先把每个 id 查成字节，把字节拼起来，最后才转成文字。如果一个 token 一个 token 地解码，跨几个 token 的字符就会被拆坏，比如独角兽的 {ids}。\n\n拼不成完整字符的字节会变成替换字符，和解码课里一样。",
      },
    },
    {
      view: { ex: "bpe" },
      title: { en: "6. GPT-2's bpe, for real", zh: "6. 真正的 GPT-2 bpe" },
      facts: gpt2Ids("tokenization"),
      notes: {
        en: "The last exercise uses GPT-2's real ranks: bpe(b\"tokenization\", ranks) must give {ids}, the answer from the first lesson.\n\nWhen it passes, the students have written a tokenizer that agrees with GPT-2 on every piece the checks throw at it.",
        zh: "最后一个练习用的是 GPT-2 真实的 rank 表：bpe(b\"tokenization\", ranks) 必须得到 {ids}，正是第一课的答案。\n\n通过之后，学生就亲手写出了一个分词器，在所有检查的输入上都和 GPT-2 的结果一致。",
      },
    },
  ]),
});
