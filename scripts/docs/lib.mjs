// Used by check-citations.mjs (and by the one-off citation rewrite, in this file's history): which files are the repository's own
// text, and the patterns for citations of the product and design documents.
import { readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

export const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

const SKIPPED_DIRECTORIES = new Set(['node_modules', 'dist', '.git', 'data', 'test-results', 'playwright-report', 'coverage']);
const SKIPPED_FILES = new Set(['package-lock.json', '.git']);
const BINARY_EXTENSIONS = new Set([
  '.png',
  '.jpg',
  '.jpeg',
  '.webp',
  '.gif',
  '.ico',
  '.heic',
  '.woff',
  '.woff2',
  '.gz',
  '.br',
  '.tgz',
  '.zip',
  '.pdf',
]);

/** Every text file of the repository, as paths relative to its root, in a stable order. */
export function repositoryFiles(root = repoRoot) {
  const found = [];
  const walk = (dir) => {
    for (const entry of readdirSync(dir, { withFileTypes: true }).sort((a, b) => a.name.localeCompare(b.name))) {
      const full = path.join(dir, entry.name);
      if (entry.isDirectory()) {
        if (!SKIPPED_DIRECTORIES.has(entry.name)) walk(full);
      } else if (entry.isFile() && !SKIPPED_FILES.has(entry.name) && !BINARY_EXTENSIONS.has(path.extname(entry.name).toLowerCase())) {
        if (statSync(full).size > 2_000_000) continue;
        found.push(path.relative(root, full));
      }
    }
  };
  walk(root);
  return found;
}

/** The file's text, or undefined when it holds a NUL byte (binary). */
export function readText(root, file) {
  const text = readFileSync(path.join(root, file), 'utf8');
  return text.includes('\u0000') ? undefined : text;
}

/** A section reference after a citation: §5, §5a, §1.5, with ranges and lists (§4–§5a, §5, §7). */
export const SECTION = String.raw`§\s?\d+[a-z]?(?:\.\d+)?`;
export const SECTION_RUN = String.raw`${SECTION}(?:\s*(?:[-–,/]|and|or)\s*${SECTION})*`;

/** Lines a human must reword: tracker references, machine paths, notes outside the repository. */
export const REWORD_PATTERNS = [
  { kind: 'issue reference', pattern: /\bissues?\s+#?\d+\b/i },
  // "#12" as an issue number; not a colour (#fff, #3b2bd6), an HTML entity, a price (#565.44) or an anchor.
  { kind: 'issue reference', pattern: /(?<![\w&/#'"(])#\d{1,4}(?![\w.])/ },
  { kind: 'machine path', pattern: /(?<![\w.])\/(?:work|root|Users)\/[\w.-]+/ },
  { kind: 'outside document', pattern: /\b(?:[A-Z]+-API(?:\.md)?|STACK-NOTES(?:\.md)?|PROVIDERS\.md)\b|(?<![\w/.-])notes\/[A-Z]/ },
  { kind: 'bare SPEC/DESIGN', pattern: /\b(?:SPEC|DESIGN)\b(?!\.md|\s?§)/ },
];
