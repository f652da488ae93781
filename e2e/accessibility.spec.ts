import AxeBuilder from '@axe-core/playwright';
import { test, expect, type Page } from '@playwright/test';
import { apiCustomer } from './support/account';

/** WCAG 2.1 A and AA, contrast included (LOOK.md: "Contrast AA everywhere (check with axe)"). */
async function violations(page: Page) {
  const results = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa']).analyze();
  return results.violations.map((v) => ({
    rule: v.id,
    impact: v.impact,
    targets: v.nodes.slice(0, 3).map((n) => n.target.join(' ')),
  }));
}

const publicScreens = ['/home', '/login', '/createaccount', '/passwordreset', '/passwordreset/newpassword?token=x', '/createaccount/success'];
const customerScreens = [
  '/homepage', '/homepage/pinset', '/homepage/notifications', '/homepage/history', '/profile',
  '/profile/modifyfullname', '/profile/modifygender', '/account', '/account/updatebank', '/support', '/more',
  '/bettings', '/earn', '/rewards', '/rewards/history',
];

test.describe('accessibility', () => {
  test('the logged-out screens have no WCAG AA violations', async ({ page }) => {
    const found: Record<string, unknown> = {};
    for (const path of publicScreens) {
      await page.goto(path);
      await page.locator('main, h1').first().waitFor();
      const list = await violations(page);
      if (list.length) found[path] = list;
    }
    expect(found).toEqual({});
  });

  test('the customer screens have no WCAG AA violations', async ({ page }) => {
    test.setTimeout(120_000);
    await apiCustomer(page);
    const found: Record<string, unknown> = {};
    for (const path of customerScreens) {
      await page.goto(path);
      await page.waitForLoadState('networkidle');
      // Skeletons are gone once the screen's data has arrived.
      await expect(page.locator('.skeleton')).toHaveCount(0);
      const list = await violations(page);
      if (list.length) found[path] = list;
    }
    expect(found).toEqual({});
  });
});

test.describe('narrow phones', () => {
  test('no screen scrolls sideways at 360 px', async ({ page }) => {
    test.setTimeout(120_000);
    await page.setViewportSize({ width: 360, height: 780 });
    await apiCustomer(page);
    const overflowing: Record<string, number> = {};
    for (const path of [...publicScreens, ...customerScreens]) {
      await page.goto(path);
      await page.waitForLoadState('networkidle');
      const width = await page.evaluate(() => document.documentElement.scrollWidth);
      if (width > 360) overflowing[path] = width;
    }
    expect(overflowing).toEqual({});
  });
});
