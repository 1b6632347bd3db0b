// Judges lab answers with the page's own judge (web/lessons/lab/judge.mjs), for tests/test_lab.py:
// reads [{entry, answer, output_max}, ...] as JSON on stdin, writes the list of verdicts as JSON.
import { judge } from "../web/lessons/lab/judge.mjs";

const chunks = [];
for await (const chunk of process.stdin) chunks.push(chunk);
const runs = JSON.parse(Buffer.concat(chunks).toString("utf8"));
process.stdout.write(JSON.stringify(runs.map(({ entry, answer, output_max }) => judge(entry, answer, output_max))));
