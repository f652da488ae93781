import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';
import { archiveBuildAssets, archivedAsset, type AssetArchive } from './asset-archive';
import { withPageHead, type PageHeads } from './page-heads';
import { RoutePreloads, withPreloads } from './route-preloads';
import { SESSION_COOKIE } from './sessions';

const IMMUTABLE = 'public, max-age=31536000, immutable';

/**
 * The installable app's files (docs/decisions.md §9.36) have fixed names, so they are always revalidated: a
 * cached /sw.js would keep customers on an old version, and the browser checks the worker for
 * updates itself. Their types are stated, not guessed: a worker must be JavaScript, and the
 * manifest's registered type is application/manifest+json. CSP stays `script-src 'self'`, which
 * the worker falls under (no worker-src needed).
 */
const APP_FILES: Record<string, string> = {
  'sw.js': 'application/javascript; charset=utf-8',
  'manifest.webmanifest': 'application/manifest+json',
};

/**
 * Serves the built web app: hashed assets cached for a year (precompressed .br/.gz sent when
 * the browser accepts them), index.html never cached, and the SPA shell for every other page
 * so the client router can draw the product's routes (docs/product.md §2) and its own error page. The shell names the
 * page's own screen chunks (route-preloads.ts), so they download beside the entry script, and a
 * page meant to be shared its own title, description and Open Graph tags (page-heads.ts).
 */
export async function webPlugin(app: FastifyInstance, options: { root: string; archive?: AssetArchive; heads?: PageHeads }) {
  const indexFile = path.join(options.root, 'index.html');
  if (!existsSync(indexFile)) {
    app.log.warn(`web build not found at ${options.root}: run "npm run build" to serve the app`);
    return;
  }
  const { archive } = options;
  if (archive) {
    // An archive that cannot be written costs old tabs their next screen, not the server its start.
    await archiveBuildAssets(path.join(options.root, 'assets'), archive).then(
      (report) => app.log.info({ assetArchive: report }, 'web assets archived'),
      (error: unknown) => app.log.warn({ err: error }, 'web assets could not be archived: open apps of older builds may miss files'),
    );
  }
  const shell = readFileSync(indexFile, 'utf8');
  const preloads = RoutePreloads.load(options.root);
  await app.register(fastifyStatic, {
    root: options.root,
    wildcard: false,
    preCompressed: true,
    index: false,
    setHeaders(res, filePath) {
      const relative = path.relative(options.root, filePath);
      const hashed = relative.startsWith('assets') || (archive !== undefined && filePath.startsWith(archive.dir + path.sep));
      res.header('cache-control', hashed ? IMMUTABLE : 'no-cache');
      const type = APP_FILES[relative];
      if (type) res.header('content-type', type);
    },
  });

  app.get('/*', { schema: { hide: true } }, async (request, reply) => {
    const url = request.url.split('?')[0] ?? '/';
    if (archive && url.startsWith('/assets/')) {
      // A file of an earlier build, for an app opened before the deploy.
      const name = url.slice('/assets/'.length);
      if (await archivedAsset(archive, name)) return reply.sendFile(name, archive.dir);
    }
    // A missing hashed asset must 404, not come back as HTML that the browser tries to run.
    if (url.startsWith('/api/') || url.startsWith('/assets/') || path.extname(url) !== '') {
      return reply.callNotFound();
    }
    reply.header('cache-control', 'no-cache');
    // The cookie's presence only, no session lookup: a stale one costs a preload answered 401.
    const links = preloads?.linksFor(url, Boolean(request.cookies[SESSION_COOKIE])) ?? '';
    return reply.type('text/html; charset=utf-8').send(withPreloads(withPageHead(shell, options.heads, url), links));
  });
}
