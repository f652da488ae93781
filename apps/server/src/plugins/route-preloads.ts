import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { z } from 'zod';

/** Written by the web build (apps/web/build/route-preloads.ts) beside index.html. */
const ROUTE_PRELOADS_FILE = 'route-preloads.json';

const assetFile = z.string().regex(/^assets\/[\w.-]+\.(js|css)$/);
const routePreloadsSchema = z.array(
  z.object({
    pattern: z.string().regex(/^\/[\w/:*.-]*$/),
    scripts: z.array(assetFile),
    styles: z.array(assetFile),
    data: z.array(z.string().regex(/^\/api\/[\w/:.?=&-]*$/)).default([]),
  }),
);

interface CompiledRoute {
  test: RegExp;
  /** react-router ranks a static segment above a dynamic one: `/data/enterPIN` over `/data/:provider`. */
  rank: number;
  files: string;
  data: string[];
}

/** A path parameter put into an API URL: a slug or an id, nothing that could leave the attribute or the path. */
const SAFE_PARAM = /^[\w-]{1,100}$/;

/**
 * The links that let a page's first screen load in one go (docs/PERFORMANCE.md): its lazy chunks and styles,
 * which react-router would only ask for once the entry script has run, and for a signed-in
 * customer the API calls the screen makes first. The table maps each router pattern to them;
 * `linksFor` answers for a request's path with react-router's matching: case-insensitive, a
 * trailing slash ignored, `:param` one segment, `*` the rest.
 *
 * Order and priority are measured (docs/PERFORMANCE.md): the data first (small, and the server's
 * time overlaps the download), then the styles and chunks at low priority, so the entry script and
 * its stylesheet still arrive first and the page paints as soon as it can (at the default priority
 * they competed with the entry: first paint 0.3–0.6 s later on the Lighthouse phone).
 */
export class RoutePreloads {
  private readonly routes: CompiledRoute[];

  constructor(table: z.infer<typeof routePreloadsSchema>) {
    this.routes = table.map(({ pattern, scripts, styles, data }) => ({
      test: patternToRegExp(pattern),
      rank: rankOf(pattern),
      files: [
        ...styles.map((file) => `<link rel="preload" as="style" fetchpriority="low" crossorigin href="/${file}">`),
        ...scripts.map((file) => `<link rel="modulepreload" fetchpriority="low" crossorigin href="/${file}">`),
      ].join(''),
      data,
    }));
  }

  /** Reads the web build's table; none (an older build, or no build) means no extra links. */
  static load(root: string): RoutePreloads | undefined {
    const file = path.join(root, ROUTE_PRELOADS_FILE);
    if (!existsSync(file)) return undefined;
    return new RoutePreloads(routePreloadsSchema.parse(JSON.parse(readFileSync(file, 'utf8'))));
  }

  /** `signedIn`: the request carries a session, so the screen's API calls will be answered. */
  linksFor(pathname: string, signedIn: boolean): string {
    let best: { route: CompiledRoute; match: RegExpExecArray } | undefined;
    for (const route of this.routes) {
      const match = route.test.exec(pathname);
      if (match && (!best || route.rank > best.route.rank)) best = { route, match };
    }
    if (!best) return '';
    const data = signedIn ? dataUrls(best.route.data, best.match.groups ?? {}) : [];
    return data.map((url) => `<link rel="preload" as="fetch" crossorigin href="${url}">`).join('') + best.route.files;
  }
}

function dataUrls(templates: string[], params: Record<string, string | undefined>): string[] {
  const urls: string[] = [];
  for (const template of templates) {
    let safe = true;
    const url = template.replace(/:(\w+)/g, (_, name: string) => {
      let value: string;
      try {
        value = decodeURIComponent(params[name] ?? '');
      } catch {
        value = '';
      }
      if (!SAFE_PARAM.test(value)) safe = false;
      return encodeURIComponent(value);
    });
    if (safe) urls.push(url);
  }
  return urls;
}

function patternToRegExp(pattern: string): RegExp {
  const splat = pattern.endsWith('/*');
  const segments = (splat ? pattern.slice(0, -2) : pattern).split('/').filter(Boolean);
  const body = segments
    .map((segment) => (segment.startsWith(':') ? `/(?<${segment.slice(1)}>[^/]+)` : `/${segment.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}`))
    .join('');
  return new RegExp(`^${body}${splat ? '(?:/.*)?' : ''}/?$`, 'i');
}

function rankOf(pattern: string): number {
  return pattern
    .split('/')
    .filter(Boolean)
    .reduce((sum, segment) => sum + (segment === '*' ? -2 : segment.startsWith(':') ? 3 : 10), 0);
}

/** index.html with the links added at the end of its head (after the entry's own links). */
export function withPreloads(html: string, links: string): string {
  if (!links) return html;
  const at = html.indexOf('</head>');
  return at === -1 ? html : `${html.slice(0, at)}${links}${html.slice(at)}`;
}
