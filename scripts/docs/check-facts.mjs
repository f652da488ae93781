#!/usr/bin/env node
// Fails (exit 1) when the docs say something about the code that the code no longer bears out, or
// carry a dated run log outside docs/history/. `npm run lint` runs it:
//
//   node scripts/docs/check-facts.mjs [--root <dir>]
//
// - The job list: every job name the server defines (a `…_JOB = 'area.name'` constant or an entry
//   of `jobNames` in app-jobs.ts) must be in README.md's "Background jobs" list and in the first
//   column of jobs/README.md's "Every job" table, and neither may name a job the code lacks.
// - Counts: "the N jobs", "N SQL migrations", "N API test files" and "N unit and API files" in README.md
//   and docs/ must equal what the tree holds.
// - Dated run logs: a measurement stamped with a time of day ("10:04 UTC") or a day of a month
//   ("27 Nov", "26 Nov 2026") belongs in docs/history/ or a commit message. Docs keep the current
//   figure with the command that prints it. Inline code spans are ignored (a format's example), and
//   ISO dates are allowed (a decision's date is not a run log).
import { readdirSync } from 'node:fs';
import path from 'node:path';
import { readText, repoRoot, repositoryFiles } from './lib.mjs';

const args = process.argv.slice(2);
const rootIndex = args.indexOf('--root');
const root = rootIndex >= 0 ? path.resolve(args[rootIndex + 1]) : repoRoot;

const problems = [];
const files = repositoryFiles(root);
const text = (file) => readText(root, file) ?? '';

// --- The jobs the code defines.
const codeJobs = new Set();
for (const file of files) {
  if (!file.startsWith('apps/server/src/') || !/\.ts$/.test(file)) continue;
  const source = text(file);
  for (const match of source.matchAll(/\b[A-Z][A-Z0-9_]*_JOB\s*=\s*'([a-z_]+\.[a-z_]+)'/g)) codeJobs.add(match[1]);
  if (file === 'apps/server/src/app-jobs.ts') {
    const block = /export const jobNames = \{([\s\S]*?)\}/.exec(source)?.[1] ?? '';
    for (const match of block.matchAll(/:\s*'([a-z_]+\.[a-z_]+)'/g)) codeJobs.add(match[1]);
  }
}

const compareJobs = (where, listed) => {
  for (const job of codeJobs) if (!listed.has(job)) problems.push(`${where}: the job ${job} is missing`);
  for (const job of listed) if (!codeJobs.has(job)) problems.push(`${where}: names ${job}, which the code does not define`);
};

const readme = text('README.md');
const jobsSection = /### Background jobs\n([\s\S]*?)(?=\n##)/.exec(readme)?.[1];
if (jobsSection === undefined) problems.push('README.md: no "### Background jobs" section');
else compareJobs('README.md "Background jobs"', new Set([...jobsSection.matchAll(/`([a-z_]+\.[a-z_]+)`/g)].map((m) => m[1])));

const jobsReadme = text('apps/server/src/jobs/README.md');
const everyJob = /## Every job\n([\s\S]*?)(?=\n## |$)/.exec(jobsReadme)?.[1];
if (everyJob === undefined) problems.push('apps/server/src/jobs/README.md: no "## Every job" section');
else compareJobs('jobs/README.md "Every job"', new Set([...everyJob.matchAll(/^\| `([a-z_]+\.[a-z_]+)` \|/gm)].map((m) => m[1])));

// --- Counts.
const migrations = readdirSync(path.join(root, 'apps/server/src/db/migrations')).filter((f) => f.endsWith('.sql')).length;
const apiTestFiles = files.filter((f) => /^apps\/server\/test\/[^/]+\.test\.ts$/.test(f)).length;
const unitAndApiFiles = files.filter((f) => /\.test\.tsx?$/.test(f) && !f.startsWith('e2e/')).length;
const counts = [
  { pattern: /\b(?:[Tt]he|[Ii]ts) (\d+) (?:background )?jobs\b/g, actual: codeJobs.size, what: 'jobs' },
  { pattern: /\b(\d+) SQL migrations\b/g, actual: migrations, what: 'SQL migrations' },
  { pattern: /\b(\d+) API test files\b/g, actual: apiTestFiles, what: 'API test files' },
  { pattern: /\b(\d+) unit and API files\b/g, actual: unitAndApiFiles, what: 'unit and API files' },
];
const docs = files.filter((f) => f.endsWith('.md') && !f.startsWith('docs/history/'));
for (const file of docs) {
  const lines = text(file).split('\n');
  lines.forEach((line, index) => {
    for (const { pattern, actual, what } of counts) {
      for (const match of line.matchAll(pattern)) {
        if (Number(match[1]) !== actual) problems.push(`${file}:${index + 1}: says ${match[1]} ${what}; the tree has ${actual}`);
      }
    }
  });
}

// --- Dated run logs.
const MONTH =
  '(?:Jan(?:uary)?|Feb(?:ruary)?|Mar(?:ch)?|Apr(?:il)?|May|June?|July?|Aug(?:ust)?|Sep(?:tember)?|Oct(?:ober)?|Nov(?:ember)?|Dec(?:ember)?)';
const DATED = [
  { kind: 'a time of day', pattern: /\b\d{1,2}:\d{2}(?:\s?[-–]\s?\d{1,2}:\d{2})?\s?UTC\b/ },
  { kind: 'a day of a month', pattern: new RegExp(String.raw`\b\d{1,2} ${MONTH}\b(?!-)`) },
];
for (const file of docs) {
  text(file)
    .split('\n')
    .forEach((line, index) => {
      const prose = line.replace(/`[^`]*`/g, '');
      for (const { kind, pattern } of DATED) {
        if (pattern.test(prose))
          problems.push(`${file}:${index + 1}: a dated run log (${kind}) belongs in docs/history/: ${line.trim().slice(0, 120)}`);
      }
    });
}

if (problems.length > 0) {
  console.error(`The docs disagree with the code (${problems.length}):`);
  for (const problem of problems.slice(0, 200)) console.error(`  ${problem}`);
  process.exit(1);
}
console.log(
  `docs facts: ${codeJobs.size} jobs listed in README.md and jobs/README.md, counts agree, no dated run log outside docs/history/`,
);
