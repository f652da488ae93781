#!/usr/bin/env node
// Fails (exit 1) when the repository cites what a clone does not have, or a section that does not
// exist: a path into the notes folder that once sat beside the repository, a machine path, a
// tracker's issue number, or a "docs/product.md §N" / "docs/decisions.md §N" citation whose
// section is missing from that document. `npm run lint` runs it:
//
//   node scripts/docs/check-citations.mjs [--root <dir>] [--max <lines shown>]
import path from 'node:path';
import { readText, repoRoot, repositoryFiles, SECTION_RUN } from './lib.mjs';

const args = process.argv.slice(2);
const rootIndex = args.indexOf('--root');
const root = rootIndex >= 0 ? path.resolve(args[rootIndex + 1]) : repoRoot;
const maxIndex = args.indexOf('--max');
const maxShown = maxIndex >= 0 ? Number(args[maxIndex + 1]) : 200;

/** These files spell the forbidden patterns out in order to find them. */
const EXEMPT = new Set(['scripts/docs/check-citations.mjs', 'scripts/docs/lib.mjs']);

const FORBIDDEN = [
  // The documents that lived beside the repository (a parent folder's shared/SPEC.md …), not the app's own shared/ folders.
  { kind: 'outside notes path', pattern: /(?:\.\.\/)+shared\/(?:[A-Z][A-Z-]*\.md|spec-texts|hooks)\b/ },
  { kind: 'machine path', pattern: /(?<![\w.])\/work\// },
  { kind: 'issue reference', pattern: /\bissues?\s+#?\d+\b/i },
];

/**
 * The sections a document has: "## 5a. Title" gives 5a; "**1.5 Title" (a decisions.md entry)
 * gives 1.5. A document that is missing has none, so every citation of it fails.
 */
function sectionsOf(file) {
  const text = readText(root, file) ?? '';
  const ids = new Set();
  for (const match of text.matchAll(/^##\s+(\d+[a-z]?)\.\s/gm)) ids.add(match[1]);
  for (const match of text.matchAll(/^\*\*(\d+[a-z]?\.\d+)\s/gm)) ids.add(match[1]);
  return ids;
}

let sections;
try {
  sections = { product: sectionsOf('docs/product.md'), decisions: sectionsOf('docs/decisions.md') };
} catch {
  sections = { product: new Set(), decisions: new Set() };
}
const CITATION = new RegExp(String.raw`docs/(product|decisions)\.md\s?(${SECTION_RUN})`, 'g');

const problems = [];
for (const file of repositoryFiles(root)) {
  if (EXEMPT.has(file)) continue;
  const text = readText(root, file);
  if (text === undefined) continue;
  text.split('\n').forEach((line, index) => {
    const where = `${file}:${index + 1}`;
    for (const { kind, pattern } of FORBIDDEN) {
      if (pattern.test(line)) problems.push({ where, kind, text: line.trim() });
    }
    for (const match of line.matchAll(CITATION)) {
      const document = match[1];
      for (const [, id] of match[2].matchAll(/§\s?(\d+[a-z]?(?:\.\d+)?)/g)) {
        if (!sections[document].has(id)) problems.push({ where, kind: `no §${id} in docs/${document}.md`, text: line.trim() });
      }
    }
  });
}

if (problems.length === 0) {
  console.log('Citations: every one names a document and section of this repository.');
} else {
  const byKind = {};
  for (const problem of problems) byKind[problem.kind] = (byKind[problem.kind] ?? 0) + 1;
  console.error(
    `Citations: ${problems.length} problems (${Object.entries(byKind)
      .map(([k, n]) => `${k}: ${n}`)
      .join(', ')})`,
  );
  for (const problem of problems.slice(0, maxShown)) console.error(`${problem.where}  [${problem.kind}]  ${problem.text.slice(0, 160)}`);
  if (problems.length > maxShown) console.error(`… and ${problems.length - maxShown} more (--max)`);
  process.exitCode = 1;
}
