// The screen budgets (docs/PERFORMANCE.md, "Screen budgets"): what a phone downloads before a
// screen is interactive, weighed from the build's own files. Shared by the standalone walk
// (scripts/bench-bundle.mjs, `npm run budget`) and the accessibility walk that CI runs
// (e2e/accessibility.spec.ts), which weighs each screen it opens on the way.
import { existsSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';

export const KB = 1024;
/** A screen has settled when it is drawn and nothing was asked of the network for this long. */
export const QUIET_MS = 1000;
/**
 * - JavaScript before a screen is interactive: /home ≤ 110 KB, every other screen ≤ 150 KB; /rates,
 *   a first screen for visitors from search and shared links, is held to /home's budget;
 * - each route module's own lazy chunk ≤ 50 KB (layouts and screens under src/app/routes);
 * - CSS ≤ 20 KB per screen;
 * - no back-office chunk on a customer screen.
 */
export const BUDGET = { home: 110 * KB, screen: 150 * KB, routeChunk: 50 * KB, css: 20 * KB };
/** The screens held to the /home budget. */
export const HOME_BUDGET_SCREENS = new Set(['/home', '/rates']);
export const kb = (bytes) => (bytes / KB).toFixed(1);

/** Bytes as sent gzip / brotli: the precompressed file, or the file itself when too small to compress. */
function sentSize(file, extension) {
  const compressed = `${file}.${extension}`;
  return statSync(existsSync(compressed) ? compressed : file).size;
}

/** A production build (apps/web/vite.config.ts writes .vite/manifest.json) read for weighing. */
export function readBuild(dist) {
  const manifestFile = path.join(dist, '.vite/manifest.json');
  if (!existsSync(manifestFile)) {
    throw new Error(`${manifestFile} is missing: build with apps/web/vite.config.ts (build.manifest)`);
  }
  const manifest = JSON.parse(readFileSync(manifestFile, 'utf8'));
  /** Chunk file → the source module it was made for (route screens, layouts, the entry). */
  const sourceOf = new Map();
  for (const entry of Object.values(manifest)) {
    if (entry.src) sourceOf.set(entry.file, entry.src);
  }
  /**
   * The installable app's UI and service-worker registration (src/features/pwa, with what only it
   * imports, e.g. workbox-window) are fetched after the screen has settled (load, an idle moment
   * and 2.5 s): not part of what a screen needs to be interactive, whenever the download lands.
   */
  const afterSettleKeys = new Set(Object.keys(manifest).filter((key) => key.startsWith('src/features/pwa/')));
  for (let grew = true; grew;) {
    grew = false;
    for (const key of Object.keys(manifest)) {
      if (afterSettleKeys.has(key)) continue;
      const importers = Object.keys(manifest).filter((other) =>
        [...(manifest[other].imports ?? []), ...(manifest[other].dynamicImports ?? [])].includes(key),
      );
      if (importers.length > 0 && importers.every((other) => afterSettleKeys.has(other))) {
        afterSettleKeys.add(key);
        grew = true;
      }
    }
  }
  const afterSettle = new Set([...afterSettleKeys].flatMap((key) => [manifest[key].file, ...(manifest[key].css ?? [])]));
  return { dist, sourceOf, afterSettle };
}

/**
 * The build's file a request asked for (`assets/…js|css` on the app's origin), or undefined. By
 * file name, not resource type: Vite fetches a lazy screen's chunks as <link rel=modulepreload>.
 */
export function assetOf(origin, requestUrl) {
  const url = new URL(requestUrl);
  return url.origin === origin && /^\/assets\/.+\.(js|css)$/.test(url.pathname) ? url.pathname.slice(1) : undefined;
}

/** Weighs what a screen downloaded (`files`, from assetOf) against the budgets. */
export function weigh(build, screen, files) {
  const row = { ...screen, js: 0, jsBr: 0, css: 0, scripts: 0, chunk: { name: '-', size: 0 }, admin: [] };
  for (const file of files) {
    if (build.afterSettle.has(file)) continue;
    const full = path.join(build.dist, file);
    if (file.endsWith('.css')) {
      row.css += sentSize(full, 'gz');
      continue;
    }
    row.scripts += 1;
    row.js += sentSize(full, 'gz');
    row.jsBr += sentSize(full, 'br');
    const src = build.sourceOf.get(file) ?? '';
    if (/src\/(app\/routes|components|features)\/admin/.test(src)) row.admin.push(src);
    if (src.startsWith('src/app/routes/') && sentSize(full, 'gz') > row.chunk.size) {
      row.chunk = { name: path.basename(src).replace(/\.tsx?$/, ''), size: sentSize(full, 'gz') };
    }
  }
  if (process.env.BUDGET_VERBOSE) {
    for (const file of [...files].sort()) {
      console.log(
        `  ${screen.url} ${file} ${kb(sentSize(path.join(build.dist, file), 'gz'))} KB${build.afterSettle.has(file) ? ' (after settle, not counted)' : ''}`,
      );
    }
  }
  row.jsBudget = HOME_BUDGET_SCREENS.has(screen.url.split('?')[0]) ? BUDGET.home : BUDGET.screen;
  // A screen reached by steps (a form's second step) is never a first visit: what it adds is its
  // own chunk (held below) on top of a screen weighed on its own; its totals are printed, not held.
  const firstVisit = !screen.bySteps;
  row.over = [
    firstVisit && row.js > row.jsBudget && 'JS',
    row.chunk.size > BUDGET.routeChunk && 'route chunk',
    firstVisit && row.css > BUDGET.css && 'CSS',
    row.admin.length > 0 && 'back-office code',
  ].filter(Boolean);
  return row;
}

/** The table of weighed screens, with a closing line naming the heaviest and what is over. */
export function budgetReport(rows) {
  const lines = [
    `JavaScript and CSS before each screen settles, KB gzip (brotli: what chromium took). Budgets: JS /home ≤ ${kb(BUDGET.home)},`,
    `other screens ≤ ${kb(BUDGET.screen)}; a route's own chunk ≤ ${kb(BUDGET.routeChunk)}; CSS ≤ ${kb(BUDGET.css)}.`,
    '',
  ];
  const header = ['screen', 'who', 'files', 'JS gz', 'JS br', 'budget', 'own chunk', 'gz', 'CSS gz', ''];
  const table = rows.map((r) => [
    r.url.split('?')[0] + (r.landed !== r.url.split('?')[0] ? ` → ${r.landed}` : ''),
    r.loggedIn ? 'in' : 'out',
    String(r.scripts),
    kb(r.js),
    kb(r.jsBr),
    r.bySteps ? 'by steps' : kb(r.jsBudget),
    r.chunk.name,
    kb(r.chunk.size),
    kb(r.css),
    r.over.length ? `OVER: ${r.over.join(', ')}${r.admin.length ? ` (${r.admin.join(', ')})` : ''}` : 'ok',
  ]);
  const widths = header.map((h, i) => Math.max(h.length, ...table.map((t) => t[i].length)));
  const numeric = new Set([2, 3, 4, 5, 7, 8]);
  const line = (cells) =>
    cells
      .map((c, i) => (numeric.has(i) ? c.padStart(widths[i]) : c.padEnd(widths[i])))
      .join('  ')
      .trimEnd();
  lines.push(line(header), ...table.map(line));
  const over = rows.filter((r) => r.over.length);
  const others = rows.filter((r) => r.url.split('?')[0] !== '/home' && !r.bySteps);
  const worst = others.reduce((a, b) => (b.js > a.js ? b : a), others[0] ?? rows[0]);
  lines.push(
    '',
    `${rows.length} screens; heaviest besides /home: ${worst ? `${worst.url.split('?')[0]} ${kb(worst.js)} KB` : '-'}; ${over.length ? `${over.length} over budget` : 'all within budget'}.`,
  );
  return lines.join('\n');
}
