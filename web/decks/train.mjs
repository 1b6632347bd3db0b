// A 15-minute deck for the train lesson: learning merges from a corpus, one pair count at a time, the
// tie rule, the stop, then Chinese and bytes. The format is in ../classroom/decks.mjs. The stop's
// counts come from the lesson's own train request for the slide's view, GPT-2's merges from its table.

import { trainPayload } from "../lessons/train/frames.mjs";

/** The merges learned before the stop, and GPT-2's (the byte-level tokens of its table past the 256 bytes). */
const STOP = Object.freeze({
  ask: (state) => [["train", trainPayload(state)], ["overview", { text: "a", allowed_special: "none" }]],
  vars: ([trace, gpt2]) => ({ merges: trace.n_steps, minf: trace.min_frequency ?? "…", gpt2: gpt2.n_merged.toLocaleString("en-US") }),
});

const CHINESE = "我 爱 中 国 人\n中 国 人 很 多\n我 爱 中 国\n北 京 是 中 国 首 都";
const PARAGRAPH = "the cat sat on the mat. the rat sat on the hat. that cat and that rat sat and sang.";

export default Object.freeze({
  id: "train",
  lesson: "train",
  focus: "pair-table",
  minutes: 15,
  title: { en: "Train: where the merges come from", zh: "训练：合并规则从哪里来" },
  summary: {
    en: "Training is a simple loop: count every neighbouring pair in the corpus, merge the most frequent one everywhere, write it down as the next rule, and repeat until no pair is common enough. The order of the rules is the rank the encoder uses later.\n\nThe deck for this lesson (Teach menu) takes about 15 minutes.",
    zh: "训练就是一个很简单的循环：统计语料里每一对相邻符号出现的次数，把最常见的那一对在所有地方都合并掉，记作下一条规则，然后重复，直到没有哪一对足够常见为止。规则的先后顺序，就是后来编码时用的 rank。\n\n本课的课件（“授课”菜单）大约 15 分钟。",
  },
  slides: Object.freeze([
    {
      view: { step: 0 },
      focus: "corpus-before",
      title: { en: "Before training: only characters", zh: "训练之前：只有单个字符" },
      notes: {
        en: "A tiny corpus: low, lower, lowest, low, lower, newest. Each word is split into characters, with </w> marking where a word ends.\n\nThe vocabulary is just the alphabet of the corpus. Ask: which two neighbours appear together most often?",
        zh: "一个很小的语料：low、lower、lowest、low、lower、newest。每个词都拆成单个字符，末尾加上 </w> 表示词的结束。\n\n此时词表里只有语料中出现过的字符。问大家：哪两个相邻的字符一起出现得最多？",
      },
    },
    {
      view: { step: 1 },
      title: { en: "Count the pairs, merge the top one", zh: "数一数每一对，合并最多的那对" },
      notes: {
        en: "The pair table counts every neighbouring pair. \"l\" + \"o\" occurs 5 times, more than any other, so it becomes the first rule: rank 0.\n\nHover a pair in the table to light up every place it occurs in the corpus.",
        zh: "相邻对计数表统计了每一对相邻符号的次数。“l”+“o”出现 5 次，比其他都多，于是它成了第一条规则，rank 0。\n\n把鼠标移到表里的某一对上，语料中它出现的每个位置都会亮起来。",
      },
    },
    {
      view: { step: 3 },
      title: { en: "New symbols make new pairs", zh: "新符号带来新的相邻对" },
      notes: {
        en: "After \"lo\" and \"low\", the pair \"low\" + \"e\" now counts 3. The counts change after every merge, because merged symbols pair up with their new neighbours.\n\nThis is why training recounts at each step instead of counting once.",
        zh: "学会“lo”和“low”之后，“low”+“e”这一对现在有 3 次。每合并一次，计数都会变，因为合并出来的符号会和新的邻居组成新的相邻对。\n\n所以训练每一步都要重新统计，而不是只统计一次。",
      },
    },
    {
      view: { step: 4 },
      title: { en: "A tie: several pairs count 2", zh: "并列：好几对都是 2 次" },
      notes: {
        en: "Now several pairs occur twice. Something has to decide, and this run uses the pair seen first in the corpus: \"low\" + \"</w>\".\n\nA tie rule sounds like a detail, but it changes the vocabulary you end up with. The next slide shows that.",
        zh: "现在好几对都出现了 2 次，总得有个规则来决定选哪一对。这一次用的是“语料里最先出现的那一对”：“low”+“</w>”。\n\n并列时的规则听起来像细节，但它会改变最后学到的词表。下一页就能看到。",
      },
    },
    {
      view: { step: 4, tie: "huggingface" },
      title: { en: "Another tie rule, another vocabulary", zh: "换一种并列时的规则，词表就不同" },
      notes: {
        en: "Same corpus, same step, another tie rule: HuggingFace's trainer orders tied pairs by their token ids, smallest first, and with that rule this run merges \"r\" + \"</w>\". Only the tie rule is HuggingFace's here: its real BpeTrainer (end_of_word_suffix \"</w>\") glues </w> to a word's last character before counting, so on this corpus it learns lo, we, lowe, st</w>, low</w>, lower</w>.\n\nTwo trainers given the same text can disagree. When you compare tokenizers, always ask how ties were broken.",
        zh: "同样的语料，同样的一步，只换了并列规则：HuggingFace 的训练器把并列的几对按 token id 排序，小的优先；用这条规则，这一次合并的是“r”+“</w>”。这里借用的只是 HuggingFace 的并列规则：真正的 BpeTrainer（end_of_word_suffix 设为“</w>”）会先把 </w> 粘在词的最后一个字符上再计数，所以在这份语料上它学到的是 lo、we、lowe、st</w>、low</w>、lower</w>。\n\n两个训练器拿到同样的文本，结果也可能不一样。比较分词器时，一定要问清楚并列是怎么处理的。",
      },
    },
    {
      view: { step: 9 },
      focus: "merge-list",
      title: { en: "When training stops", zh: "训练什么时候停下" },
      facts: STOP,
      notes: {
        en: "After {merges} merges every remaining pair occurs fewer times than the minimum frequency of {minf}, so training stops and says why.\n\nReal tokenizers stop at a target vocabulary size instead: GPT-2 stopped at {gpt2} merges.",
        zh: "合并 {merges} 次以后，剩下的每一对出现的次数都低于最低频次 {minf}，于是训练停止，并说明停止的原因。\n\n真实的分词器一般是到了目标词表大小才停：GPT-2 学到 {gpt2} 条合并规则时停下。",
      },
    },
    {
      view: { step: 9, try: "lower newest slowest" },
      focus: "try-output",
      title: { en: "Use what you trained", zh: "用刚学到的规则分词" },
      notes: {
        en: "The learned rules, applied to new words. \"lower\" and \"newest\" were in the corpus; \"slowest\" was not, yet it still splits into pieces the tokenizer knows.\n\nType a word of your own in the box and see where it breaks.",
        zh: "把学到的规则用在新词上。“lower”和“newest”在语料里出现过，“slowest”没有，但它仍然能拆成分词器认识的小块。\n\n在输入框里写一个自己的词，看看它会在哪里断开。",
      },
    },
    {
      view: { corpus: CHINESE, unit: "lines", try: "我 爱 北 京\n中 国 人 很 好", step: 1 },
      focus: "try-output",
      title: { en: "The same loop on Chinese", zh: "同样的循环，换成中文" },
      notes: {
        en: "Each line is a sequence of characters. \"中\" + \"国\" occurs 4 times and merges first, then \"我\" + \"爱\".\n\nNothing in the algorithm knows about words or languages: it only counts neighbours.",
        zh: "每一行是一串汉字。“中”+“国”出现 4 次，最先合并，接着是“我”+“爱”。\n\n算法里没有任何关于“词”或“语言”的知识，它只是在数相邻的符号。",
      },
    },
    {
      view: { corpus: PARAGRAPH, tmode: "bytes", unit: "words", try: "the bat sat on that hat", step: 3 },
      focus: "try-output",
      title: { en: "Bytes, the way GPT-2 trains", zh: "按字节训练，和 GPT-2 一样" },
      notes: {
        en: "Switch to bytes and the space joins the word as Ġ, exactly as in GPT-2's table. Here \"Ġ\" + \"th\" has just merged, 5 times in the corpus.\n\nStep on a few merges: Ġsat, Ġthe, Ġcat appear, whole words with their space.",
        zh: "换成字节模式后，空格以 Ġ 的形式并入单词，和 GPT-2 的词表完全一样。这里“Ġ”+“th”刚刚合并，它在语料里出现 5 次。\n\n再往后走几步：Ġsat、Ġthe、Ġcat 会出现，都是带着空格的整词。",
      },
    },
    {
      view: { step: 0, predict: true },
      title: { en: "Your turn: which pair merges?", zh: "轮到你们：哪一对会合并？" },
      notes: {
        en: "Predict mode hides the counts: the room picks the pair that merges next, then the table reveals the counts and the rule used.\n\nGo through the first four merges together; the tie at step 4 is a good argument to have.",
        zh: "预测模式会把次数藏起来：大家先选出下一步合并哪一对，然后表格揭晓次数和用到的规则。\n\n带着大家一起做前四次合并；第 4 步的并列很值得讨论一下。",
      },
    },
  ]),
});
