import { readFileSync } from 'node:fs';
import path from 'node:path';
import { matchRoutes } from 'react-router';
import { describe, expect, it } from 'vitest';
import { readRouteTable } from '../../web/build/route-table';
import { paths } from '../../web/src/config/paths';
import { RoutePreloads } from '../src/plugins/route-preloads';

/**
 * The server picks a page's preloads with its own small matcher (plugins/route-preloads.ts) rather
 * than react-router's `matchRoutes`, whose package entry brings React into the server bundle. So
 * the two must agree: for every route the app mounts, on the URLs a customer can type, the server
 * picks the pattern react-router renders.
 */
const routerSource = readFileSync(path.resolve(import.meta.dirname, '../../web/src/app/router.tsx'), 'utf8');
const patterns = [...new Set(readRouteTable(routerSource, paths).map((screen) => screen.pattern))];

/** URLs that reach a pattern, and near misses: other case, a trailing slash, one segment too many. */
function urlsFor(pattern: string): string[] {
  const filled = pattern.replace(/:\w+/g, 'x1').replace(/\/\*$/, '/a/b');
  const urls = [filled, filled.toUpperCase(), `${filled}/`, `${filled}/extra`, pattern.replace(/:\w+/g, 'enterPIN')];
  // `//` is not a path a browser sends for the root.
  return urls.map((url) => url.replace(/^\/\/+/, '/'));
}

describe('the server matches page URLs as react-router does', () => {
  const preloads = new RoutePreloads(
    patterns.map((pattern, index) => ({ pattern, scripts: [`assets/route-${index}.js`], styles: [], data: [] })),
  );
  const serverPick = (url: string) => {
    const index = /assets\/route-(\d+)\.js/.exec(preloads.linksFor(url, false))?.[1];
    return index === undefined ? undefined : patterns[Number(index)];
  };
  const routerPick = (url: string) =>
    matchRoutes(
      patterns.map((pattern) => ({ path: pattern })),
      url,
    )?.at(-1)?.route.path;

  it('reads a route table with the screens that need telling apart', () => {
    expect(patterns.length).toBeGreaterThan(40);
    expect(patterns.some((pattern) => pattern.includes(':'))).toBe(true);
  });

  it.each(patterns.flatMap(urlsFor).map((url) => [url]))('%s', (url) => {
    expect(serverPick(url)).toBe(routerPick(url));
  });
});
