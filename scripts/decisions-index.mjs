// Writes docs/decisions/README.md from the records themselves: number and title from each file's first heading, and
// the first sentence of its Decision section as a one-line summary where it has one. A hand-kept index drifted (it
// missed records and listed one twice); apps/api/test/decisions-index.test.ts fails when the committed index
// differs from this output. Run `npm run docs:decisions` after adding or retitling a record.
import { readdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';

export const DECISIONS_DIR = path.resolve(import.meta.dirname, '../docs/decisions');
export const INDEX_FILE = path.join(DECISIONS_DIR, 'README.md');
/** One page: a record longer than this is a diary, and its measurements belong in bench/results/. */
export const MAX_RECORD_LINES = 120;
/** A summary longer than this is cut at a word: the index is for finding a record, the record says the rest. */
const MAX_SUMMARY_CHARS = 220;

const RECORD_FILE = /^(\d{3})-[a-z0-9-]+\.md$/;

/** The first sentence of the Decision section (`## Decision…` or a paragraph opening `**Decision.**`), on one line. */
export function decisionSummary(text) {
  const lines = text.split('\n');
  const start = lines.findIndex((line) => /^## Decisi?on|^\*\*Decision\.?\*\*/.test(line));
  if (start === -1) return undefined;
  // The section's blocks: paragraphs and list items, each joined to one line.
  const blocks = [];
  let block = [];
  const close = () => {
    if (block.length > 0) blocks.push(block.join(' '));
    block = [];
  };
  const first = lines[start].startsWith('## ') ? start + 1 : start;
  for (let i = first; i < lines.length; i += 1) {
    const line = lines[i].trim();
    if (line.startsWith('#')) break;
    if (line === '' || line.startsWith('- ')) close();
    if (line !== '') block.push(line.replace(/^- /, ''));
  }
  close();
  // A block that is only a label (the **Decision.** marker, or a bold lead-in such as **Idle memory.**) says nothing.
  const content = blocks
    .map((candidate) => candidate.replace(/^\*\*Decision\.?\*\*\s*/, '').trim())
    .find((candidate) => candidate !== '' && !/^\*\*[^*]+\*\*\.?$/.test(candidate));
  if (content === undefined) return undefined;
  const plain = content.replaceAll('**', '').replace(/:$/, '.');
  // A sentence ends at a full stop before a word or the end, not inside "e.g." or a dotted name.
  const end = plain.search(/(?<!\b(?:e\.g|i\.e|etc|vs|cf))\.(?=\s+[A-Za-z`(]|\s*$)/);
  const sentence = end === -1 ? plain : plain.slice(0, end + 1);
  if (sentence.length <= MAX_SUMMARY_CHARS) return sentence;
  return `${sentence.slice(0, sentence.lastIndexOf(' ', MAX_SUMMARY_CHARS))} …`;
}

/** Every record in the folder, in file order, with what the index and the test need. */
export function readRecords(dir = DECISIONS_DIR) {
  return readdirSync(dir)
    .filter((file) => RECORD_FILE.test(file))
    .sort()
    .map((file) => {
      const text = readFileSync(path.join(dir, file), 'utf8');
      const heading = text.split('\n').find((line) => line.startsWith('# ')) ?? `# ${file}`;
      const title = heading
        .replace(/^# /, '')
        .replace(/^\d{3}\s*[—–-]\s*/, '')
        .trim();
      const lineCount = text.endsWith('\n') ? text.split('\n').length - 1 : text.split('\n').length;
      return { number: file.slice(0, 3), file, title, summary: decisionSummary(text), lineCount };
    });
}

const cell = (value) => value.replaceAll('|', '\\|');

/** The index as committed: the preamble, then a row per record in number order. */
export function renderIndex(records) {
  const rows = records.map(
    (record) => `| [${record.number}](${record.file}) | ${cell(record.title)} | ${record.summary ? cell(record.summary) : ''} |`,
  );
  return [
    '# Decision records',
    '',
    'Short records of design decisions, one per file, numbered: `NNN-what-it-decides.md`, each number used once.',
    'A record is one page (at most 120 lines): context, decision, consequences, and the figure that decided it;',
    'measurement logs go to dated files under `bench/results/`, linked from the record. A new record takes a free',
    'number (check `main`, and say which number you took when you hand your branch over, since several branches may',
    'add records at once). When the code moves on, add an `## Amended <date>` section to the record rather than',
    'rewriting its history.',
    '',
    'This index is generated from the records (`npm run docs:decisions`); a test fails when it is out of date. The',
    "summary is the first sentence of a record's Decision section, where it has one.",
    '',
    '| No. | Decision | Summary |',
    '| --- | --- | --- |',
    ...rows,
    '',
  ].join('\n');
}

if (process.argv[1] && path.resolve(process.argv[1]) === path.resolve(import.meta.filename)) {
  writeFileSync(INDEX_FILE, renderIndex(readRecords()));
  console.log(`wrote ${path.relative(process.cwd(), INDEX_FILE)}`);
}
