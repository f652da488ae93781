import { readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { Plugin } from 'vite';
import { firstScreenData } from '../src/config/first-screen-data';
import { paths } from '../src/config/paths';
import { readRouteTable, type RouteScreen } from './route-table';

/** Vite's build manifest: which source each output file comes from and what it imports. */
export type BuildManifest = Record<
  string,
  { file: string; src?: string; isEntry?: boolean; imports?: string[]; dynamicImports?: string[]; css?: string[] }
>;

/**
 * What the server adds to the HTML of a page whose path matches `pattern` (react-router syntax):
 * the screen's chunks and styles, and the API calls it makes first (`:param`s from the page path).
 */
export interface RoutePreload {
  pattern: string;
  scripts: string[];
  styles: string[];
  data: string[];
}

/** The file name the server reads the table from, beside index.html. */
export const ROUTE_PRELOADS_FILE = 'route-preloads.json';

/**
 * For each screen, the lazy chunks (and their static imports and CSS) that react-router fetches
 * only once the entry has run. Named in the HTML, they download beside the entry instead of
 * after it: one round trip less before the first paint of every screen. The entry's own files
 * are left out (index.html already loads them).
 */
export function routePreloads(
  screens: RouteScreen[],
  manifest: BuildManifest,
  routerDir: string,
  data: Record<string, readonly string[]> = {},
): RoutePreload[] {
  const closure = (keys: string[]) => {
    const scripts = new Set<string>();
    const styles = new Set<string>();
    const seen = new Set<string>();
    const visit = (key: string) => {
      if (seen.has(key)) return;
      seen.add(key);
      const chunk = manifest[key];
      if (!chunk) throw new Error(`route preloads: ${key} is not in the build manifest`);
      scripts.add(chunk.file);
      for (const css of chunk.css ?? []) styles.add(css);
      for (const next of chunk.imports ?? []) visit(next);
    };
    for (const key of keys) visit(key);
    return { scripts, styles };
  };
  const entries = Object.entries(manifest).filter(([, chunk]) => chunk.isEntry && chunk.file.startsWith('assets/'));
  const initial = closure(entries.map(([key]) => key));

  const keyOf = (specifier: string): string => {
    const base = path.posix.join(routerDir, specifier);
    const key = ['.tsx', '.ts'].map((extension) => base + extension).find((candidate) => manifest[candidate]);
    if (!key) throw new Error(`route preloads: no chunk for ${specifier} (looked for ${base}.tsx/.ts)`);
    return key;
  };
  return screens.map((screen) => {
    const { scripts, styles } = closure(screen.modules.map(keyOf));
    return {
      pattern: screen.pattern,
      scripts: [...scripts].filter((file) => !initial.scripts.has(file)),
      styles: [...styles].filter((file) => !initial.styles.has(file)),
      data: [...(data[screen.pattern] ?? [])],
    };
  });
}

/**
 * The first-screen API calls keyed by route pattern. Every `:param` of a URL must be one of its
 * page's, and every URL an API path: a mistake fails the build, not a customer's page.
 */
export function firstScreenDataByPattern(
  table: Partial<Record<string, readonly string[]>>,
  pathTable: Record<string, string>,
): Record<string, readonly string[]> {
  const byPattern: Record<string, readonly string[]> = {};
  for (const [key, urls] of Object.entries(table)) {
    const pattern = pathTable[key];
    if (!pattern || !urls) throw new Error(`first-screen data: no path named ${key}`);
    const params = new Set(pattern.split('/').filter((segment) => segment.startsWith(':')));
    for (const url of urls) {
      if (!/^\/api\/[\w/:.?=&-]*$/.test(url)) throw new Error(`first-screen data for ${pattern}: ${url} is not an API path`);
      for (const param of url.match(/:\w+/g) ?? []) {
        if (!params.has(param)) throw new Error(`first-screen data for ${pattern}: ${url} uses ${param}, which the page has not`);
      }
    }
    byPattern[pattern] = urls;
  }
  return byPattern;
}

/**
 * Writes route-preloads.json beside index.html after the build (apps/server's web plugin turns
 * it into modulepreload and preload links). It reads the build manifest, so it runs in
 * closeBundle, after Vite has written it.
 */
export function routePreloadsPlugin(): Plugin {
  let root = '';
  let outDir = 'dist';
  return {
    name: 'wise-route-preloads',
    apply: 'build',
    configResolved(config) {
      root = config.root;
      outDir = path.resolve(config.root, config.build.outDir);
    },
    async closeBundle() {
      const routerFile = path.join(root, 'src/app/router.tsx');
      const screens = readRouteTable(await readFile(routerFile, 'utf8'), paths, routerFile);
      const manifest = JSON.parse(await readFile(path.join(outDir, '.vite/manifest.json'), 'utf8')) as BuildManifest;
      const data = firstScreenDataByPattern(firstScreenData, paths);
      const table = routePreloads(screens, manifest, 'src/app', data);
      await writeFile(path.join(outDir, ROUTE_PRELOADS_FILE), `${JSON.stringify(table)}\n`);
    },
  };
}
