/**
 * Moves every `## ` section of docs/decisions.md into a numbered decision record,
 * docs/decisions/NNNN-<slug>.md, leaves docs/decisions.md as a short pointer, and rewrites the
 * index docs/decisions/README.md from the record files (grouped by module).
 *
 *   npx tsx scripts/split-decisions.ts           write
 *   npx tsx scripts/split-decisions.ts --check   exit 1 if a section waits or the index is stale
 *
 * Safe to re-run: a section whose heading is already a record's title is not written twice (so a
 * merge that brings the old diary back only adds the sections that are new), and with nothing to
 * move the files come out the same. The record files are the truth: a record's `Status:` and
 * `Modules:` lines are edited by hand there (superseded by, amended by) and the index follows.
 */
import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const DIARY = 'docs/decisions.md';
const RECORDS = 'docs/decisions';

/** The modules of docs/modules/, in the index's order; `house` holds what spans them (tooling, tests, security edges). */
export const MODULES = [
  'accounts', 'tontines', 'contributions', 'loans', 'credit', 'merchants', 'agents', 'settlements', 'payments',
  'transfers', 'identity', 'notifications', 'assistant', 'learning', 'ledger', 'uploads', 'ussd', 'web', 'house',
] as const;

/** A first guess at a new section's modules, from its title; edit the record's `Modules:` line if it is wrong. */
const MODULE_WORDS: [RegExp, string][] = [
  [/\baccount|sign-in|session|profile|\bPIN\b|phone number|password/i, 'accounts'],
  [/tontine|\bgroups?\b/i, 'tontines'],
  [/contribution|savings/i, 'contributions'],
  [/\bloans?\b|borrow/i, 'loans'],
  [/credit|scor/i, 'credit'],
  [/merchant|business/i, 'merchants'],
  [/\bagents?\b/i, 'agents'],
  [/settle/i, 'settlements'],
  [/payment|mobile money|airtel|mtn|momo/i, 'payments'],
  [/transfer|payout/i, 'transfers'],
  [/identity|\bkyc\b|face|national id|nida/i, 'identity'],
  [/notification|\bsms\b|e-mail/i, 'notifications'],
  [/assistant/i, 'assistant'],
  [/learning|lesson|education/i, 'learning'],
  [/ledger/i, 'ledger'],
  [/upload|storage|image/i, 'uploads'],
  [/\bussd\b/i, 'ussd'],
  [/\bweb\b|browser|dashboard|screen|page|client|\b360 px/i, 'web'],
];

export interface Section {
  heading: string;
  body: string;
  /** 1-based line of the heading in the diary, for its date from git. */
  line: number;
}

export interface DecisionRecord {
  number: number;
  file: string;
  title: string;
  status: string;
  modules: string[];
}

/** The diary's `## ` sections (a `## ` inside a fenced block is body, not a heading). */
export function sectionsOf(diary: string): Section[] {
  const lines = diary.split('\n');
  const sections: Section[] = [];
  let fenced = false;
  let current: { heading: string; line: number; body: string[] } | undefined;
  lines.forEach((text, index) => {
    if (/^\s*(```|~~~)/.test(text)) fenced = !fenced;
    if (!fenced && text.startsWith('## ')) {
      if (current) sections.push({ heading: current.heading, line: current.line, body: current.body.join('\n').trim() });
      current = { heading: text.slice(3).trim(), line: index + 1, body: [] };
    } else current?.body.push(text);
  });
  if (current) sections.push({ heading: current.heading, line: current.line, body: current.body.join('\n').trim() });
  return sections;
}

export function slugOf(title: string): string {
  const bare = title
    .replace(/^\d{4}-\d{2}-\d{2}\s*[—–-]\s*/, '')
    .replace(/\s*\([^()]*\)\s*$/, '')
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-|-$/g, '');
  if (bare.length <= 60) return bare || 'decision';
  return bare.slice(0, 61).replace(/-[^-]*$/, '');
}

export function readRecords(dir: string): DecisionRecord[] {
  if (!existsSync(dir)) return [];
  return readdirSync(dir)
    .filter((file) => /^\d{4}-.+\.md$/.test(file))
    .sort()
    .map((file) => {
      const text = readFileSync(join(dir, file), 'utf8');
      const title = /^# \d{4}\. (.*)$/m.exec(text)?.[1]?.trim() ?? file;
      const status = /^Status: (.*)$/m.exec(text)?.[1]?.trim() ?? 'accepted';
      const modules = (/^Modules: (.*)$/m.exec(text)?.[1] ?? 'house').split(',').map((m) => m.trim()).filter(Boolean);
      return { number: Number(file.slice(0, 4)), file, title, status, modules };
    });
}

const pad = (n: number) => String(n).padStart(4, '0');

/** The title a quoted reference may name: without a leading date, and optionally without a `Word: ` prefix. */
function titleForms(title: string): string[] {
  const dateless = title.replace(/^\d{4}-\d{2}-\d{2}\s*[—–-]\s*/, '');
  const forms = [dateless];
  const prefixed = /^[^:"]{1,20}: (.*)$/.exec(dateless);
  if (prefixed) forms.push(prefixed[1]!);
  return forms;
}

/**
 * A `"Title"` naming another record becomes a link to its file; ambiguous or unknown quotes stay
 * as they are. A quote names a record when a form of its title starts with it at a word's end.
 */
export function linkReferences(body: string, self: string, records: { file: string; title: string }[]): string {
  const names = (record: { title: string }, text: string) =>
    titleForms(record.title).some((form) => form.startsWith(text) && /^($|[\s,:(.])/.test(form.slice(text.length)));
  return body.replace(/"([A-Z][^"]{8,100})"/g, (quote, words: string) => {
    const text = words.replace(/\s+/g, ' ');
    // A record naming itself (or a title it shares the start of) links nowhere.
    const own = records.find((record) => record.file === self);
    if (own && names(own, text)) return quote;
    const named = records.filter((record) => record.file !== self && names(record, text));
    const exact = named.filter((record) => titleForms(record.title).some((form) => form.replace(/\s*\([^()]*\)$/, '') === text));
    const chosen = exact.length === 1 ? exact : named;
    return chosen.length === 1 ? `[${words}](${chosen[0]!.file})` : quote;
  });
}

function gitDates(root: string, path: string): Map<number, string> {
  const dates = new Map<number, string>();
  try {
    const blame = execFileSync('git', ['blame', '--line-porcelain', '--', path], { cwd: root, encoding: 'utf8', maxBuffer: 64 << 20, stdio: ['ignore', 'pipe', 'ignore'] });
    let line = 0;
    let time = 0;
    let committed = true;
    for (const row of blame.split('\n')) {
      const header = /^([0-9a-f]{40}) \d+ (\d+)/.exec(row);
      if (header) {
        line = Number(header[2]);
        committed = !/^0+$/.test(header[1]!);
      } else if (row.startsWith('author-time ')) time = Number(row.slice(12));
      else if (row.startsWith('\t') && committed) dates.set(line, new Date(time * 1000).toISOString().slice(0, 10));
    }
  } catch {
    // Not a git checkout, or the file is not tracked yet: the records go without a date.
  }
  return dates;
}

/** A record's text after its title and its `Status:`… lines. */
function bodyOf(record: string): string {
  return record.split('\n\n').slice(2).join('\n\n');
}

/** Text as a reader sees it: links as their words, quotes and spacing aside. */
function comparable(text: string): string {
  return text.replace(/\[([^\][]*)\]\(\d{4}-[^)]*\.md\)/g, '$1').replace(/"/g, '').replace(/\s+/g, ' ').trim();
}

export function recordText(number: number, section: Section, date: string | undefined, body: string): string {
  const issue = /\bissues? (\d+)/i.exec(section.heading)?.[1];
  const guessed = MODULE_WORDS.filter(([words]) => words.test(section.heading)).map(([, module]) => module);
  const modules = [...new Set(guessed)].slice(0, 3);
  const meta = [
    'Status: accepted',
    date ? `Date: ${date}` : undefined,
    issue ? `Issue: ${issue}` : undefined,
    `Modules: ${(modules.length > 0 ? modules : ['house']).join(', ')}`,
  ].filter(Boolean);
  return `# ${pad(number)}. ${section.heading}\n\n${meta.join('\n')}\n\n${body}\n`;
}

export const DIARY_POINTER = `# Decisions

The decisions live one per file in [docs/decisions/](decisions/README.md): \`NNNN-<slug>.md\`, each
with its status (accepted, superseded by, amended by), and the index groups them by module. What
each module does today, with the records that shaped it: [docs/modules/](modules/README.md).

To record a decision, write \`docs/decisions/NNNN-<slug>.md\` with the next number (the shape of the
others: \`# NNNN. Title\`, \`Status:\`, \`Date:\`, \`Issue:\`, \`Modules:\`, then the text), or append a
\`## Title (date, issue, who)\` section below this line: \`npx tsx scripts/split-decisions.ts\` turns
every such section into the next numbered record and rewrites the index. A decision that replaces
an earlier one says so, and the earlier record's \`Status:\` line becomes \`superseded by [NNNN](…)\`.
`;

export function indexText(records: DecisionRecord[]): string {
  const rows = (module: string) =>
    records
      .filter((record) => record.modules.includes(module))
      .map((record) => `| [${pad(record.number)}](${record.file}) | ${record.title.replace(/\|/g, '\\|')} | ${record.status} |`);
  const known = new Set<string>(MODULES);
  const others = [...new Set(records.flatMap((record) => record.modules))].filter((module) => !known.has(module)).sort();
  const groups = [...MODULES, ...others]
    .map((module) => ({ module, rows: rows(module) }))
    .filter((group) => group.rows.length > 0)
    .map(({ module, rows }) => {
      const page = known.has(module) && module !== 'house' ? ` ([current state](../modules/${module}.md))` : '';
      return `## ${module}${page}\n\n| # | Decision | Status |\n|---|---|---|\n${rows.join('\n')}\n`;
    });
  return `# Decision records

One file per decision, numbered in the order they were taken; a record under several modules is
listed under each. Written by \`scripts/split-decisions.ts\` from the records' own \`Status:\` and
\`Modules:\` lines: edit those, not this index. How to add one: [../decisions.md](../decisions.md).

${groups.join('\n')}`;
}

export interface SplitResult {
  written: string[];
  skipped: string[];
  changed: boolean;
}

export function splitDecisions(root: string, options: { check?: boolean } = {}): SplitResult {
  const diaryPath = join(root, DIARY);
  const recordsDir = join(root, RECORDS);
  const diary = existsSync(diaryPath) ? readFileSync(diaryPath, 'utf8') : '';
  const sections = sectionsOf(diary);
  const existing = readRecords(recordsDir);
  const titles = new Set(existing.map((record) => record.title));
  const fresh = sections.filter((section) => !titles.has(section.heading));
  const skipped = sections.filter((section) => titles.has(section.heading)).map((section) => section.heading);

  // A section that is already a record but reads differently was edited after the move: dropping
  // it would lose words, so stop and let a person move the change into the record.
  const edited = sections.filter((section) => {
    const record = existing.find((r) => r.title === section.heading);
    return record && comparable(bodyOf(readFileSync(join(recordsDir, record.file), 'utf8'))) !== comparable(section.body);
  });
  if (edited.length > 0) {
    throw new Error(`already records but edited since, move the change by hand:\n${edited.map((s) => `  ${s.heading}`).join('\n')}`);
  }

  // Two sections with one heading would make one record each; say so rather than guess.
  const seen = new Set<string>();
  for (const section of fresh) {
    if (seen.has(section.heading)) throw new Error(`two sections are headed "${section.heading}": rename one first`);
    seen.add(section.heading);
  }

  let next = Math.max(0, ...existing.map((record) => record.number)) + 1;
  const planned = fresh.map((section) => ({ section, number: next, file: `${pad(next++)}-${slugOf(section.heading)}.md` }));
  const everyTitle = [...existing.map(({ file, title }) => ({ file, title })), ...planned.map(({ file, section }) => ({ file, title: section.heading }))];
  const dates = planned.length > 0 ? gitDates(root, DIARY) : new Map<number, string>();

  const writes = new Map<string, string>();
  for (const { section, number, file } of planned) {
    const date = /\b(\d{4}-\d{2}-\d{2})\b/.exec(section.heading)?.[1] ?? dates.get(section.line);
    writes.set(join(recordsDir, file), recordText(number, section, date, linkReferences(section.body, file, everyTitle)));
  }
  const records = [
    ...existing,
    ...planned.map(({ number, file, section }) => {
      const text = writes.get(join(recordsDir, file))!;
      return { number, file, title: section.heading, status: 'accepted', modules: /^Modules: (.*)$/m.exec(text)![1]!.split(', ') };
    }),
  ];
  writes.set(join(recordsDir, 'README.md'), indexText(records));
  writes.set(diaryPath, DIARY_POINTER);

  const changed = [...writes].filter(([path, text]) => !existsSync(path) || readFileSync(path, 'utf8') !== text);
  if (!options.check) {
    mkdirSync(recordsDir, { recursive: true });
    for (const [path, text] of changed) writeFileSync(path, text);
  }
  return { written: planned.map(({ file }) => file), skipped, changed: changed.length > 0 };
}

if (process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const check = process.argv.includes('--check');
  const { written, skipped, changed } = splitDecisions(ROOT, { check });
  for (const file of written) console.log(`${check ? 'would write' : 'wrote'} ${RECORDS}/${file}`);
  for (const heading of skipped) console.log(`already a record, left out: ${heading}`);
  if (check && changed) {
    console.error('docs/decisions is not up to date: run npx tsx scripts/split-decisions.ts');
    process.exitCode = 1;
  } else if (!changed) console.log('nothing to do');
}
