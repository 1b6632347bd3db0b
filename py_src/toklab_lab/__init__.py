"""toklab_lab: the lab lesson's exercises, and the harness that checks a student's Python against toklab.

The lab (web/lessons/lab.mjs) asks students to build a byte-level BPE tokenizer step by step, in the
order karpathy/minbpe's exercise builds one: count adjacent pairs, merge a pair, train, encode by
lowest rank, decode bytes, then GPT-2 itself with its real ranks. Their code runs in a Web Worker of its
own (web/lab-worker.mjs, a fresh worker for every run), which calls `harness.produce(exercise_id, code)`
and gets back, as plain data, what the code's function returned for each case. The page judges that
against toklab's answers in the catalog (web/lessons/lab/judge.mjs), out of the code's reach.

Modules:
  inputs      seeded generators of test inputs (texts in many scripts, id lists), smallest first
  exercises   the six exercises: the function each asks for, its shown and hidden cases (their inputs only)
  answers     toklab's answer to every case (toybpe, training, reference, the r50k encoding); build time only
  plain       a result as plain JSON data (lists of ints, sorted pair counts...), toklab's and the student's
  harness     runs the student's code: syntax errors, tracebacks cut to the student's lines, print
              output (capped), each case's result as plain data; returns JSON (never a verdict)
  steps       watches a passed bpe() merge one piece: the symbol lists its variables held, for the page
              to set beside the engine's own steps
  catalog     what the page shows and judges with (stubs, shown cases, every case's answer); written at build time
  helpers     get_stats and merge, solved: the later exercises import them
  nojs        takes Pyodide's bridge to JavaScript away before student code runs

answers and catalog run at build time only: the lab's wheel leaves them out (tools/lab.py).

stubs/ holds each exercise's starting code, a .py file the page puts in the editor.
"""
