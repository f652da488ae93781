import { fileURLToPath } from 'node:url';
import type { Page, Request } from '@playwright/test';
import {
  assetOf,
  budgetReport,
  QUIET_MS,
  readBuild,
  weigh,
  type Build,
  type BudgetRow,
  type Screen,
} from '../../scripts/support/bundle-budget.mjs';

/**
 * The screen budgets (docs/PERFORMANCE.md), weighed on the accessibility walk: the walk opens every
 * customer screen anyway, so it also notes what each one downloads before it settles, and the
 * budget check needs no second walk of its own. The build is the one the journeys' server serves.
 */
let build: Build | undefined;
function servedBuild(): Build {
  build ??= readBuild(process.env.WEB_DIST ?? fileURLToPath(new URL('../../apps/web/dist', import.meta.url)));
  return build;
}

export { budgetReport, type BudgetRow };

/**
 * Notes the build's scripts and stylesheets a page asks for, screen by screen, with the browser's
 * cache off so that each screen is weighed as a first visit would download it (a walk that reuses
 * one page would otherwise find most files already cached).
 */
export async function screenWeigher(page: Page, origin: string) {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Network.enable');
  await cdp.send('Network.setCacheDisabled', { cacheDisabled: true });
  let files = new Set<string>();
  let inFlight = 0;
  let lastActivity = Date.now();
  // The live-update stream (GET /api/events) stays open for as long as the app does: never "in flight".
  const isLiveStream = (request: Request) => new URL(request.url()).pathname === '/api/events';
  const done = (request: Request) => {
    if (isLiveStream(request)) return;
    inFlight -= 1;
    lastActivity = Date.now();
  };
  page.on('request', (request) => {
    if (isLiveStream(request)) return;
    inFlight += 1;
    lastActivity = Date.now();
    const file = assetOf(origin, request.url());
    if (file) files.add(file);
  });
  page.on('requestfinished', done);
  page.on('requestfailed', done);

  return {
    /** Forget what earlier screens asked for: the next screen is weighed from here. */
    start(): void {
      files = new Set();
    },
    /**
     * Waits until the screen is drawn (no route still loading) and nothing was asked of the network
     * for QUIET_MS, as the standalone walk does, then weighs what it downloaded.
     */
    async weigh(screen: Screen): Promise<BudgetRow> {
      const started = Date.now();
      for (;;) {
        await page.waitForTimeout(100);
        const drawn = await page.evaluate(
          () => Boolean(document.getElementById('root')?.childElementCount) && !document.querySelector('.route-progress'),
        );
        if (drawn && inFlight <= 0 && Date.now() - lastActivity >= QUIET_MS) break;
        if (Date.now() - started > 60_000) throw new Error(`${screen.url} did not settle within 60 s`);
      }
      return weigh(servedBuild(), screen, files);
    },
  };
}
