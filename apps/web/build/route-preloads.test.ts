import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { paths } from '../src/config/paths';
import { firstScreenData } from '../src/config/first-screen-data';
import { firstScreenDataByPattern, routePreloads, type BuildManifest } from './route-preloads';
import { readRouteTable } from './route-table';

const routerSource = readFileSync(path.resolve(import.meta.dirname, '../src/app/router.tsx'), 'utf8');

describe('reading the route table', () => {
  it('finds a screen for every customer path, with its layouts first', () => {
    const screens = readRouteTable(routerSource, paths);
    const patterns = screens.map((screen) => screen.pattern);
    for (const pattern of Object.values(paths)) expect(patterns, pattern).toContain(pattern);
    expect(screens.find((screen) => screen.pattern === paths.homepage)?.modules).toEqual([
      './routes/query-layout',
      './routes/app/app-layout',
      './routes/app/homepage/dashboard',
    ]);
    expect(screens.find((screen) => screen.pattern === paths.login)?.modules).toEqual(['./routes/query-layout', './routes/auth/login']);
    expect(screens.find((screen) => screen.pattern === paths.home)?.modules).toEqual(['./routes/landing']);
  });

  it('reads index routes, hidden() tuples, spreads of local arrays and string paths', () => {
    const source = `
      const more = [{ path: paths.b, lazy: screen(() => import('./b'), 'B') }];
      export const routes = [
        { path: '/admin/*', lazy: screen(() => import('./admin'), 'Admin') },
        { lazy: screen(() => import('./layout'), 'Layout'), children: [
          { path: paths.a, children: [
            { index: true, lazy: screen(() => import('./a'), 'A') },
            ...hidden([[paths.c, screen(() => import('./c'), 'C')]]),
          ] },
          ...more,
        ] },
        { path: '*', loader: () => null },
      ];`;
    expect(readRouteTable(source, { a: '/a', b: '/b', c: '/a/c' })).toEqual([
      { pattern: '/admin/*', modules: ['./admin'] },
      { pattern: '/a', modules: ['./layout', './a'] },
      { pattern: '/a/c', modules: ['./layout', './c'] },
      { pattern: '/b', modules: ['./layout', './b'] },
    ]);
  });

  it('refuses a route it cannot read instead of leaving it without preloads', () => {
    expect(() => readRouteTable(`export const routes = [{ path: paths.a, lazy: () => import('./a') }];`, { a: '/a' })).toThrow(
      /a lazy route the reader does not know/,
    );
    expect(() => readRouteTable(`export const routes = [{ path: paths.gone, lazy: screen(() => import('./a'), 'A') }];`, {})).toThrow(
      /unknown path/,
    );
    expect(() => readRouteTable(`export const routes = [...elsewhere];`, {})).toThrow(/not declared in this file/);
  });
});

describe('route preloads from the build manifest', () => {
  const manifest: BuildManifest = {
    'index.html': { file: 'assets/index-1.js', src: 'index.html', isEntry: true, imports: ['_react.js'], css: ['assets/index-1.css'] },
    '_react.js': { file: 'assets/react-2.js' },
    '_shared.js': { file: 'assets/shared-3.js', imports: ['_react.js'], css: ['assets/shared-3.css'] },
    'src/app/routes/layout.tsx': { file: 'assets/layout-4.js', src: 'src/app/routes/layout.tsx', imports: ['_shared.js', '_react.js'] },
    'src/app/routes/a.tsx': { file: 'assets/a-5.js', src: 'src/app/routes/a.tsx', imports: ['_shared.js'], css: ['assets/a-5.css'] },
    'src/app/routes/b.ts': { file: 'assets/b-6.js', src: 'src/app/routes/b.ts', dynamicImports: ['src/app/routes/a.tsx'] },
  };

  it("lists each screen's chunks and their static imports, without the entry's files", () => {
    const table = routePreloads(
      [
        { pattern: '/a', modules: ['./routes/layout', './routes/a'] },
        { pattern: '/b', modules: ['./routes/b'] },
      ],
      manifest,
      'src/app',
      { '/a': ['/api/a'] },
    );
    expect(table).toEqual([
      {
        pattern: '/a',
        scripts: ['assets/layout-4.js', 'assets/shared-3.js', 'assets/a-5.js'],
        styles: ['assets/shared-3.css', 'assets/a-5.css'],
        data: ['/api/a'],
      },
      // A lazy import inside a screen is fetched when used, not with the screen.
      { pattern: '/b', scripts: ['assets/b-6.js'], styles: [], data: [] },
    ]);
  });

  it('fails the build when a screen has no chunk', () => {
    expect(() => routePreloads([{ pattern: '/x', modules: ['./routes/missing'] }], manifest, 'src/app')).toThrow(
      /no chunk for \.\/routes\/missing/,
    );
  });
});

describe('first-screen data', () => {
  it('keys the table by route pattern', () => {
    const byPattern = firstScreenDataByPattern(firstScreenData, paths);
    expect(byPattern[paths.homepage]).toContain('/api/dashboard');
    expect(byPattern[paths.giftCardSell]).toContain('/api/giftcards/:card');
  });

  it('refuses a URL outside the API or with a parameter its page has not', () => {
    expect(() => firstScreenDataByPattern({ a: ['/elsewhere'] }, { a: '/a' })).toThrow(/not an API path/);
    expect(() => firstScreenDataByPattern({ a: ['/api/x/:id'] }, { a: '/a/:card' })).toThrow(/uses :id/);
    expect(() => firstScreenDataByPattern({ gone: ['/api/x'] }, {})).toThrow(/no path named gone/);
    expect(() => firstScreenDataByPattern({ a: ['/api/x"><script>'] }, { a: '/a' })).toThrow(/not an API path/);
  });
});
