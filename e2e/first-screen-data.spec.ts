import { expect, test, type Request } from '@playwright/test';
import { firstScreenData } from '../apps/web/src/config/first-screen-data';
import { paths } from '../apps/web/src/config/paths';
import { apiCustomer } from './support/account';

/**
 * The server names each key screen's first API calls in the HTML (apps/web/src/config/
 * first-screen-data.ts). A URL there that the screen does not request exactly so would be
 * downloaded twice (the preload, then the screen's own fetch) or for nothing, and the browser says
 * so in the console. On a first visit (no service worker yet: it serves later visits from its
 * copy of the shell), each listed call must reach the network once and the console stay quiet.
 */
test.use({ viewport: { width: 390, height: 844 }, serviceWorkers: 'block' });

/** A value for each parameter of a key screen's path. */
const PARAMS: Record<string, string> = { card: 'amazon' };

for (const [name, urls] of Object.entries(firstScreenData)) {
  const pattern = paths[name as keyof typeof paths];
  const url = pattern.replace(/:(\w+)/g, (_, param: string) => PARAMS[param] ?? '');

  test(`${url}: the first API calls come from the HTML's preloads, each fetched once`, async ({ page }) => {
    await apiCustomer(page);
    const apiCalls: Request[] = [];
    const warnings: string[] = [];
    page.on('request', (request) => {
      if (new URL(request.url()).pathname.startsWith('/api/')) apiCalls.push(request);
    });
    page.on('console', (message) => {
      if (/preload/i.test(message.text())) warnings.push(message.text());
    });

    const response = await page.goto(url);
    const html = (await response?.text()) ?? '';
    const expected = (urls ?? []).map((template) => template.replace(/:(\w+)/g, (_, param: string) => PARAMS[param] ?? ''));
    for (const api of expected) expect(html, `${api} is named in the HTML`).toContain(`<link rel="preload" as="fetch" crossorigin href="${api}">`);

    await expect(page.getByRole('main')).toBeVisible();
    await page.waitForLoadState('networkidle');
    // Chromium reports a preload left unused a few seconds after the load.
    await page.waitForTimeout(3_500);
    const fetched = apiCalls.map((request) => {
      const { pathname, search } = new URL(request.url());
      return `${request.method()} ${pathname}${search}`;
    });
    for (const api of expected) expect(fetched.filter((call) => call === `GET ${api}`), `${api} in ${fetched.join(', ')}`).toHaveLength(1);
    expect(warnings).toEqual([]);
  });
}
