import { expect, test, type Request } from '@playwright/test';
import { firstScreenData } from '../apps/web/src/config/first-screen-data';
import { paths } from '../apps/web/src/config/paths';
import { apiCustomer } from './support/account';

/**
 * The server names each key screen's first API calls in the HTML (apps/web/src/config/
 * first-screen-data.ts). A URL there that the screen does not request exactly so would be
 * downloaded twice (the preload, then the screen's own fetch) or for nothing, and the browser says
 * so in the console. On a first visit (no service worker yet: it serves later visits from its
 * copy of the shell), each listed call must be made by the screen's own code, reach the network
 * once, and the console stay quiet.
 *
 * "Made by the screen" is read from the page's fetch() calls as they happen, instead of waiting
 * the few seconds after the load after which Chromium reports a preload left unused.
 */
test.use({ viewport: { width: 390, height: 844 }, serviceWorkers: 'block' });

/** A value for each parameter of a key screen's path. */
const PARAMS: Record<string, string> = { card: 'amazon' };

for (const [name, urls] of Object.entries(firstScreenData)) {
  const pattern = paths[name as keyof typeof paths];
  const url = pattern.replace(/:(\w+)/g, (_, param: string) => PARAMS[param] ?? '');

  test(`${url}: the first API calls come from the HTML's preloads, each fetched once`, async ({ page }) => {
    await apiCustomer(page);
    // Record every URL the page's own code fetches (before any script of the app runs).
    // A call's answer having come back is the signal that any request it made has been seen.
    await page.addInitScript(() => {
      const calls: string[] = [];
      const answered: string[] = [];
      const original = window.fetch.bind(window);
      Object.assign(window, { wiseFetched: calls, wiseAnswered: answered });
      window.fetch = (input: RequestInfo | URL, init?: RequestInit) => {
        const target = new URL(input instanceof Request ? input.url : String(input), location.href);
        const call = `${input instanceof Request ? input.method : (init?.method ?? 'GET').toUpperCase()} ${target.pathname}${target.search}`;
        calls.push(call);
        const answer = original(input, init);
        const settled = () => void answered.push(call);
        answer.then(settled, settled);
        return answer;
      };
    });
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
    for (const api of expected)
      expect(html, `${api} is named in the HTML`).toContain(`<link rel="preload" as="fetch" crossorigin href="${api}">`);

    await expect(page.getByRole('main')).toBeVisible();
    // Each preloaded call is one the screen makes itself (a preload it never uses would be a
    // download for nothing)...
    const fetchedByPage = () => page.evaluate(() => (window as unknown as { wiseFetched: string[] }).wiseFetched);
    for (const api of expected) await expect.poll(fetchedByPage, { message: `the screen fetches ${api}` }).toContain(`GET ${api}`);
    // ...and it reached the network once: the screen's fetch took the preload's answer. Its answer
    // is back, so a request of its own would have been made (and reported) before it.
    const answeredToPage = () => page.evaluate(() => (window as unknown as { wiseAnswered: string[] }).wiseAnswered);
    for (const api of expected)
      await expect.poll(answeredToPage, { message: `the screen has the answer to ${api}` }).toContain(`GET ${api}`);
    const fetched = apiCalls.map((request) => {
      const { pathname, search } = new URL(request.url());
      return `${request.method()} ${pathname}${search}`;
    });
    for (const api of expected)
      expect(
        fetched.filter((call) => call === `GET ${api}`),
        `${api} in ${fetched.join(', ')}`,
      ).toHaveLength(1);
    expect(warnings).toEqual([]);
  });
}
