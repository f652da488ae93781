import { readFileSync } from 'node:fs';
import { adminPaths } from '../../apps/web/src/app/routes/admin/admin-paths';
import { businessRoutes } from '../../apps/web/src/app/routes/admin/business/paths';
import { paths } from '../../apps/web/src/config/paths';

/**
 * Every screen of the app, read from the app's own route table, so a new route is checked
 * without anyone listing it here: the customer app mounts `paths` (config/paths.ts) in
 * app/router.tsx; the back office mounts `adminPaths` and `businessRoutes` in admin-app.tsx.
 * The route files are read as text too, so a route mounted without going through those tables
 * fails `routeTableProblems` instead of escaping the scan.
 */

const source = (path: string) => readFileSync(new URL(`../../apps/web/src/${path}`, import.meta.url), 'utf8');

export type Area = 'public' | 'customer' | 'admin';

export interface AppRoute {
  /** The pattern as mounted, e.g. /homepage/history/:id. */
  pattern: string;
  area: Area;
}

type PathKey = keyof typeof paths;

/** The customer routes, split where router.tsx splits them: before `authenticatedRoutes` is public. */
function customerRoutes(): AppRoute[] {
  const router = source('app/router.tsx');
  const split = router.indexOf('const authenticatedRoutes');
  const mounted = (text: string) => new Set([...text.matchAll(/paths\.(\w+)/g)].map((m) => m[1] as PathKey));
  const publicKeys = mounted(router.slice(0, split));
  // The splash is the root's index route (`index: true`), the one screen mounted without a path.
  publicKeys.add('splash');
  const customerKeys = mounted(router.slice(split));
  return (Object.keys(paths) as PathKey[])
    .filter((key) => publicKeys.has(key) || customerKeys.has(key))
    .map((key) => ({ pattern: paths[key], area: publicKeys.has(key) ? 'public' : 'customer' }));
}

/** The back office's screens: the fixed paths, one sale, and the business screens below /admin. */
function adminRoutes(): AppRoute[] {
  const fixed = Object.values(adminPaths).flatMap((value) => (typeof value === 'string' ? [value] : []));
  const sale = adminPaths.sale(':id');
  const business = Object.values(businessRoutes).map((path) => `${adminPaths.root}/${path}`);
  return [...new Set([...fixed, sale, ...business])].map((pattern) => ({ pattern, area: 'admin' as const }));
}

/** The two catch-alls router.tsx mounts by literal: the not-found page, and the back office's own table. */
const catchAlls: AppRoute[] = [
  { pattern: '*', area: 'public' },
  { pattern: '/admin/*', area: 'admin' },
];

export const appRoutes: AppRoute[] = [...customerRoutes(), ...adminRoutes(), ...catchAlls];

/**
 * Routes the tables above would miss: a path literal in router.tsx, a `path="…"` in admin-app.tsx
 * that no admin table gives, or a key of `paths` that the router never mounts (a dead entry).
 */
export function routeTableProblems(): string[] {
  const problems: string[] = [];
  const router = source('app/router.tsx');
  for (const [literal, path] of router.matchAll(/path:\s*['"`]([^'"`]+)['"`]/g)) {
    if (!catchAlls.some((route) => route.pattern === path)) problems.push(`router.tsx mounts ${literal} outside config/paths.ts`);
  }
  const mountedKeys = new Set([...router.matchAll(/paths\.(\w+)/g)].map((m) => m[1]));
  for (const key of Object.keys(paths))
    if (key !== 'splash' && !mountedKeys.has(key)) problems.push(`paths.${key} is never mounted by router.tsx`);

  const admin = source('app/routes/admin/admin-app.tsx');
  const known = new Set(adminRoutes().map((route) => route.pattern));
  for (const [, path] of admin.matchAll(/path="([^"]+)"/g)) {
    if (path === '*') continue;
    if (!known.has(`${adminPaths.root}/${path}`)) problems.push(`admin-app.tsx mounts "${path}" outside admin-paths.ts`);
  }
  return problems;
}

/** The route a pathname belongs to (dynamic segments match one segment). */
export function matchesRoute(pattern: string, pathname: string): boolean {
  if (pattern === '*') return true;
  const expression = pattern
    .replace(/\/\*$/, '/:rest')
    .replace(/[.*+?^${}()|[\]\\]/g, '\\$&')
    .replace(/\/:[^/]+/g, '/[^/]+');
  return new RegExp(`^${expression}/?$`, 'i').test(pathname);
}
