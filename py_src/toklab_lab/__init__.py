"""toklab_lab: the lab lesson's exercises, and the harness that checks a student's Python against toklab.

The lab (web/lessons/lab.mjs) asks students to build a byte-level BPE tokenizer step by step, in the
order karpathy/minbpe's exercise builds one: count adjacent pairs, merge a pair, train, encode by
lowest rank, decode bytes, then GPT-2 itself with its real ranks. Their code runs in a Web Worker of its
own (web/lab-worker.mjs), which calls `harness.run(exercise_id, code)` and gets JSON back.

Modules:
  inputs      seeded generators of test inputs (texts in many scripts, id lists), smallest first
  exercises   the six exercises: the function each asks for, its shown and hidden cases, each expected
              answer computed by toklab (toybpe, training, reference, the r50k encoding)
  harness     runs the student's code: syntax errors, tracebacks cut to the student's lines, print
              output (capped), the first failing case; returns JSON
  steps       watches a passed bpe() merge one piece: the symbol lists its variables held, for the page
              to set beside the engine's own steps
  catalog     what the page shows before Python starts (stubs, shown cases); written at build time
  helpers     get_stats and merge, solved: the later exercises import them

stubs/ holds each exercise's starting code, a .py file the page puts in the editor.
"""
