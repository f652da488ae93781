#!/usr/bin/env node
// Rewrites citations of the product brief and design notes that lived outside the repository
// (../shared/SPEC.md, DESIGN.md, LOOK.md, STYLE.md) to the repository's own documents, which keep
// the same section numbers: SPEC §N → docs/product.md §N, DESIGN §N → docs/decisions.md §N,
// LOOK.md → docs/look.md, STYLE.md → docs/style.md. Then prints the lines a person must reword
// (tracker issue numbers, machine paths, notes outside the repository, a bare "SPEC").
//
//   node scripts/docs/rewrite-citations.mjs --dry-run   # counts per file, nothing written
//   node scripts/docs/rewrite-citations.mjs             # rewrites in place
//   --root <dir>  another checkout;  --quiet  counts only, no lines to reword
//
// SQL migrations are rewritten too: only their comments cite, and migrate.ts tracks migrations by
// name, not by checksum, so an applied migration is not affected.
import { writeFileSync } from 'node:fs';
import path from 'node:path';
import { readText, repoRoot, repositoryFiles, REWORD_PATTERNS, SECTION_RUN } from './lib.mjs';

const args = process.argv.slice(2);
const dryRun = args.includes('--dry-run');
const quiet = args.includes('--quiet');
const rootIndex = args.indexOf('--root');
const root = rootIndex >= 0 ? path.resolve(args[rootIndex + 1]) : repoRoot;

/** The documents themselves and these scripts quote the old names on purpose. */
const EXEMPT = new Set(['scripts/docs/rewrite-citations.mjs', 'scripts/docs/check-citations.mjs', 'scripts/docs/lib.mjs']);
const EXEMPT_PREFIXES = ['docs/history/'];

/**
 * Applied in order; each counts separately. Phrases first (where a plain substitution would read
 * wrong), then paths, then "NAME §N", then the bare file names.
 */
const RULES = [
  // README phrases that speak of the original brief rather than cite a section.
  { name: 'phrase', from: /^## Deviations from SPEC\.md$/gm, to: '## Deviations from the original product brief' },
  { name: 'phrase', from: /\| SPEC says \|/g, to: '| the brief said |' },
  { name: 'phrase', from: /\(not in SPEC\)/g, to: '(not in the brief)' },
  { name: 'phrase', from: /the SPEC's meaning/g, to: "the brief's meaning" },
  { name: 'phrase', from: /^## SPEC §7 calls and the endpoints that serve them$/gm, to: '## The original calls (docs/product.md §7) and the endpoints that serve them' },
  { name: 'phrase', from: /\| SPEC §7 call \|/g, to: '| original call |' },
  { name: 'phrase', from: /JSON bodies replace SPEC's form posts\./g, to: "JSON bodies replace the original form posts." },
  { name: 'phrase', from: /the(\s+)decisions it leaves open are in `(?:\.\.\/shared\/)?DESIGN\.md`/g, to: 'the$1design decisions are in `docs/decisions.md`' },
  // Paths outside the repository.
  { name: 'SPEC path', from: /(?:\.\.\/)+shared\/SPEC\.md/g, to: 'docs/product.md' },
  { name: 'DESIGN path', from: /(?:\.\.\/)+shared\/DESIGN\.md/g, to: 'docs/decisions.md' },
  { name: 'LOOK path', from: /(?:\.\.\/)+shared\/LOOK\.md/g, to: 'docs/look.md' },
  { name: 'STYLE path', from: /(?:\.\.\/)+shared\/STYLE\.md/g, to: 'docs/style.md' },
  // NAME §N and NAME.md §N (the section numbers are kept by the new documents).
  { name: 'SPEC §', from: new RegExp(String.raw`\bSPEC(?:\.md)?\s?(${SECTION_RUN})`, 'g'), to: 'docs/product.md $1' },
  { name: 'DESIGN §', from: new RegExp(String.raw`\bDESIGN(?:\.md)?\s?(${SECTION_RUN})`, 'g'), to: 'docs/decisions.md $1' },
  // The bare file names (not BANK_LOOKUP_…, S3_FORCE_PATH_STYLE: only NAME.md).
  { name: 'SPEC.md', from: /(?<![\w/])SPEC\.md\b/g, to: 'docs/product.md' },
  { name: 'DESIGN.md', from: /(?<![\w/])DESIGN\.md\b/g, to: 'docs/decisions.md' },
  { name: 'LOOK.md', from: /(?<![\w/])LOOK\.md\b/g, to: 'docs/look.md' },
  { name: 'STYLE.md', from: /(?<![\w/])STYLE\.md\b/g, to: 'docs/style.md' },
];

const perFile = [];
const toReword = [];
let total = 0;
for (const file of repositoryFiles(root)) {
  if (EXEMPT.has(file) || EXEMPT_PREFIXES.some((prefix) => file.startsWith(prefix))) continue;
  const original = readText(root, file);
  if (original === undefined) continue;
  let text = original;
  const counts = {};
  for (const rule of RULES) {
    text = text.replace(rule.from, (...match) => {
      counts[rule.name] = (counts[rule.name] ?? 0) + 1;
      return rule.to.replace(/\$1/g, match[1] ?? '');
    });
  }
  const changed = Object.values(counts).reduce((sum, n) => sum + n, 0);
  if (changed > 0) {
    perFile.push({ file, changed, counts });
    total += changed;
    if (!dryRun) writeFileSync(path.join(root, file), text);
  }
  // What is left after the rewrite needs a person: report it from the rewritten text.
  text.split('\n').forEach((line, index) => {
    for (const { kind, pattern } of REWORD_PATTERNS) {
      if (pattern.test(line)) {
        toReword.push({ file, line: index + 1, kind, text: line.trim().slice(0, 160) });
        break;
      }
    }
  });
}

console.log(`${dryRun ? 'Would rewrite' : 'Rewrote'} ${total} citations in ${perFile.length} files${dryRun ? ' (dry run: nothing written)' : ''}:`);
for (const { file, changed, counts } of perFile) {
  const detail = Object.entries(counts).map(([name, n]) => `${name} ${n}`).join(', ');
  console.log(`${String(changed).padStart(5)}  ${file}  (${detail})`);
}
const byKind = {};
for (const item of toReword) byKind[item.kind] = (byKind[item.kind] ?? 0) + 1;
console.log(`\n${toReword.length} lines to reword by hand: ${Object.entries(byKind).map(([k, n]) => `${k} ${n}`).join(', ') || 'none'}`);
if (!quiet) for (const item of toReword) console.log(`${item.file}:${item.line}  [${item.kind}]  ${item.text}`);
