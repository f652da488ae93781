import { randomBytes } from 'node:crypto';
import { expect, test, type Browser, type Page } from '@playwright/test';
import { totpAt } from '../apps/server/src/domain/staff/totp';
import { createStaffMember } from '../apps/server/src/domain/staff/management';
import { systemClock } from '../apps/server/src/lib/clock';
import {
  axeViolations,
  clippedText,
  hiddenUnderBar,
  invisibleFocus,
  POINTER_TARGET_PX,
  settle,
  sidewaysOverflow,
  smallTapTargets,
  TAP_TARGET_PX,
} from './support/a11y';
import { fillPhone, newUser, type TestUser } from './support/auth';
import { BILL_PIN, billCustomer } from './support/bills';
import { budgetReport, screenWeigher, type BudgetRow } from './support/budget';
import { transferScreenshot } from './support/crypto';
import { e2eDatabase } from './support/database';
import { setBankDetails } from './support/giftcards';
import { freshTotp, sellGiftCardByApi } from './support/staff';
import { appRoutes, matchesRoute, routeTableProblems, type AppRoute } from './support/routes';

/**
 * Accessibility (docs/ACCESSIBILITY.md): every route of the app's own route table (support/routes.ts), logged
 * out, logged in and in the back office, is opened once and checked for
 * - axe-core WCAG 2.1 A/AA violations (contrast included): none of any impact;
 * - tap targets of at least 44 × 44 CSS px (the rule is written at `smallTapTargets`);
 * - a visible focus indicator on a sample of its controls;
 * - (phone screens, at 360 × 740) no sideways scrolling, no text cut off by its box (a deliberate
 *   ellipsis is named with its reason in `DELIBERATE_ELLIPSIS`, support/a11y.ts), and no control
 *   left under the bottom bar once scrolled as far up as the page scrolls.
 * Screens that need data get real data made through the API first. A route this file cannot fill
 * (a dynamic segment with no value below) fails the test instead of being skipped.
 *
 * On the way, each customer and public screen is weighed against the screen budgets
 * (docs/PERFORMANCE.md): what it downloads before it settles, from a cold cache, with service
 * workers blocked as a first visit has none yet. The tables print with each test.
 */

test.use({ reducedMotion: 'reduce', serviceWorkers: 'block' });

/** What a screen's address needs: ids made through the API before the scan. */
interface Data {
  user: TestUser & { id: string };
  /** Each scan makes only what its screens need. */
  giftCardSaleId?: string;
  cryptoQuoteId?: string;
  cryptoSaleId?: string;
  billOrders?: Record<'airtime' | 'data' | 'tv' | 'electricity', { pending: string; paid: string }>;
}

function made<T>(value: T | undefined, what: string): T {
  if (value === undefined) throw new Error(`no ${what} was made for this scan`);
  return value;
}
const cryptoStep = (d: Data, step: string, query: 'quote' | 'sale') =>
  `/sellcrypto/cryptocatalogue/btc${step}?${query}=${made(query === 'quote' ? d.cryptoQuoteId : d.cryptoSaleId, `crypto ${query}`)}`;
const bill = (d: Data, kind: 'airtime' | 'data' | 'tv' | 'electricity', step: 'enterPIN' | 'success') =>
  `/${kind}/${step}?order=${made(d.billOrders, 'bill order')[kind][step === 'enterPIN' ? 'pending' : 'paid']}`;

type Reach = (page: Page, data: Data) => Promise<void>;

/** Screens reached from the step before them (their state lives in memory), by the steps a person takes. */
const viaSteps: Record<string, Reach> = {
  '/login/password': async (page) => {
    await page.goto('/login');
    await page.getByLabel('Email address').fill(newUser().email);
    await page.getByRole('button', { name: 'Continue' }).click();
  },
  '/createaccount/otp': async (page) => {
    await page.goto('/createaccount/otp');
    await page.getByLabel('Email address').fill(newUser().email);
    await page.getByRole('button', { name: 'Continue' }).click();
  },
  '/homepage/confirmpinset': async (page) => {
    // The scan's customer has a PIN already (bills need one): changing it starts with the current one.
    await page.goto('/homepage/pinset');
    await page.getByLabel('Digit 1 of 4').click();
    await page.keyboard.type(BILL_PIN);
    await page.getByRole('button', { name: 'Verify' }).click();
    await expect(page.getByRole('group', { name: 'New PIN' })).toBeVisible();
    await page.getByLabel('Digit 1 of 4').click();
    await page.keyboard.type('1357');
    await page.getByRole('button', { name: 'Continue' }).click();
  },
  '/profile/modifyphonenumber/enternumber': async (page, { user }) => {
    await page.goto('/profile/modifyphonenumber');
    await page.getByPlaceholder('Password').fill(user.password);
    await page.getByRole('button', { name: 'Continue' }).click();
  },
  '/profile/modifyphonenumber/enterOTP': async (page, data) => {
    await viaSteps['/profile/modifyphonenumber/enternumber']!(page, data);
    await fillPhone(page, 'New phone number', newUser().phone);
    await page.getByRole('button', { name: 'Continue' }).click();
  },
  '/profile/modifyemail/enternewemail': async (page, { user }) => {
    await page.goto('/profile/modifyemail');
    await page.getByPlaceholder('Password').fill(user.password);
    await page.getByRole('button', { name: 'Continue' }).click();
  },
  '/profile/modifyemail/enterOTP': async (page, data) => {
    await viaSteps['/profile/modifyemail/enternewemail']!(page, data);
    await page.getByLabel('New email address').fill(newUser().email);
    await page.getByRole('button', { name: 'Continue' }).click();
  },
};

/** Addresses for routes with a dynamic segment or a required query, from the data made for the scan. */
const addresses: Record<string, (data: Data) => string> = {
  '/passwordreset/newpassword': () => '/passwordreset/newpassword?token=not-a-real-token',
  '/homepage/history/:id': (d) => `/homepage/history/${made(d.giftCardSaleId, 'gift-card sale')}`,
  '/sellgiftcards/giftcardscatalogue/:card': () => '/sellgiftcards/giftcardscatalogue/amazon',
  '/sellgiftcards/giftcardscatalogue/confirmaccount': () => '/sellgiftcards/giftcardscatalogue/confirmaccount?card=amazon',
  '/sellgiftcards/giftcardscatalogue/success': (d) =>
    `/sellgiftcards/giftcardscatalogue/success?sale=${made(d.giftCardSaleId, 'gift-card sale')}`,
  '/sellcrypto/cryptocatalogue/:coin': () => '/sellcrypto/cryptocatalogue/btc',
  '/sellcrypto/cryptocatalogue/:coin/confirmaccount': (d) => cryptoStep(d, '/confirmaccount', 'quote'),
  '/sellcrypto/cryptocatalogue/:coin/walletaddress': (d) => cryptoStep(d, '/walletaddress', 'quote'),
  '/sellcrypto/cryptocatalogue/:coin/walletaddress/confirm': (d) => cryptoStep(d, '/walletaddress/confirm', 'quote'),
  '/sellcrypto/cryptocatalogue/:coin/success': (d) => cryptoStep(d, '/success', 'sale'),
  '/data/:provider': () => '/data/mtn',
  '/airtime/enterPIN': (d) => bill(d, 'airtime', 'enterPIN'),
  '/airtime/success': (d) => bill(d, 'airtime', 'success'),
  '/data/enterPIN': (d) => bill(d, 'data', 'enterPIN'),
  '/data/success': (d) => bill(d, 'data', 'success'),
  '/tv/enterPIN': (d) => bill(d, 'tv', 'enterPIN'),
  '/tv/success': (d) => bill(d, 'tv', 'success'),
  '/electricity/enterPIN': (d) => bill(d, 'electricity', 'enterPIN'),
  '/electricity/success': (d) => bill(d, 'electricity', 'success'),
  '*': () => '/no-such-screen',
  '/admin/*': () => '/admin/no-such-screen',
  '/admin/sales/:id': (d) => `/admin/sales/${made(d.giftCardSaleId, 'gift-card sale')}`,
  '/admin/customers/:id': (d) => `/admin/customers/${d.user.id}`,
};

/**
 * Screens that show another screen by design when opened on their own (a success screen with
 * nothing just done): the scan checks the screen they lead to, and says so here.
 */
const leadsElsewhere: Record<string, RegExp> = {
  '/': /^\/home$/,
};

const isDynamic = (pattern: string) => /\/:|\*/.test(pattern);

async function reach(page: Page, route: AppRoute, data: Data | undefined): Promise<void> {
  const steps = viaSteps[route.pattern];
  if (steps) {
    if (!data && route.area !== 'public') throw new Error('no data for a logged-in screen');
    await steps(page, data as Data);
    // The last step's answer may still be on its way (a step submits a form): give the screen time
    // to arrive before judging where we are; the check below still reports a screen that never does.
    await page.waitForURL((url) => matchesRoute(route.pattern, url.pathname), { timeout: 30_000 }).catch(() => undefined);
    return;
  }
  const address = addresses[route.pattern];
  if (address) return void (await page.goto(address(data as Data)));
  if (isDynamic(route.pattern)) throw new Error(`no value for the dynamic segment of ${route.pattern}: add one to \`addresses\``);
  await page.goto(route.pattern);
}

type Weigher = Awaited<ReturnType<typeof screenWeigher>>;

/** Opens each route once and runs every check on it; returns the problems by route. */
async function scan(
  page: Page,
  routes: AppRoute[],
  data: Data | undefined,
  { narrow, weigher }: { narrow: boolean; weigher?: { scale: Weigher; rows: BudgetRow[] } },
) {
  const found: Record<string, string[]> = {};
  for (const route of routes) {
    const started = Date.now();
    const problems: string[] = [];
    try {
      weigher?.scale.start();
      await reach(page, route, data);
      await settle(page);
      if (weigher) {
        const row = await weigher.scale.weigh({
          url: route.pattern,
          landed: new URL(page.url()).pathname,
          loggedIn: route.area === 'customer',
          bySteps: route.pattern in viaSteps,
        });
        weigher.rows.push(row);
        if (row.over.length)
          problems.push(`over the screen budget: ${row.over.join(', ')}${row.admin.length ? ` (${row.admin.join(', ')})` : ''}`);
      }
      const here = new URL(page.url()).pathname;
      const elsewhere = leadsElsewhere[route.pattern];
      if (!matchesRoute(route.pattern, here) && !(elsewhere && elsewhere.test(here))) problems.push(`opened ${here} instead`);
      problems.push(...(await axeViolations(page)));
      problems.push(
        ...(await smallTapTargets(page, route.area === 'admin' ? POINTER_TARGET_PX : TAP_TARGET_PX)).map((p) => `tap target ${p}`),
      );
      problems.push(...(await invisibleFocus(page)).map((p) => `focus not visible on ${p}`));
      if (narrow) {
        const overflow = await sidewaysOverflow(page);
        if (overflow > 0) problems.push(`scrolls sideways by ${overflow} px at 360 px`);
        problems.push(...(await clippedText(page)).map((p) => `text cut off at 360 px: ${p}`));
        problems.push(...(await hiddenUnderBar(page)).map((p) => `at 360 × 740: ${p}`));
      }
    } catch (error) {
      problems.push(`could not be checked: ${(error as Error).message.split('\n')[0]}`);
    }
    if (problems.length) found[route.pattern] = problems;
    // A11Y_VERBOSE=1 prints each screen as it is done (time, problems), to follow a long run.
    if (process.env.A11Y_VERBOSE) console.log(`${route.pattern} ${Date.now() - started} ms`, problems);
  }
  return found;
}

/** Selling and paying screens (the data-heavy half) vs the rest of the logged-in app. */
const commerce = /^\/(sellgiftcards|sellcrypto|airtime|data|tv|electricity)(\/|$)|^\/homepage\/history\/:id/;
const publicRoutes = appRoutes.filter((r) => r.area === 'public');
const customerRoutes = appRoutes.filter((r) => r.area === 'customer');
const commerceRoutes = customerRoutes.filter((r) => commerce.test(r.pattern));
const accountRoutes = customerRoutes.filter((r) => !commerce.test(r.pattern));
const profileRoutes = accountRoutes.filter((r) => r.pattern.startsWith('/profile'));
const otherAccountRoutes = accountRoutes.filter((r) => !r.pattern.startsWith('/profile'));

/** Room for a loaded machine: a screen takes about 2 s on an idle CI runner, 30 s on a busy one. */
const allowFor = (routes: number) => test.setTimeout(120_000 + routes * 30_000);
const adminRoutes = appRoutes.filter((r) => r.area === 'admin');

/** A customer with a PIN, bank details, gems, a gift-card sale, a crypto quote and sale, and bill orders. */
async function makeData(page: Page): Promise<Data> {
  const user = await billCustomer(page, 20_000, '/home');
  await setBankDetails(page);
  const giftCardSale = await sellGiftCardByApi(page, '50');
  const quote = async () => {
    const response = await page.request.post('/api/crypto/quotes', { data: { coin: 'btc', amount: '0.01' } });
    expect(response.status(), await response.text()).toBe(201);
    return ((await response.json()) as { quote: { id: string } }).quote.id;
  };
  const cryptoQuoteId = await quote();
  const sale = await page.request.post('/api/crypto/sales', {
    headers: { 'idempotency-key': `e2e-${randomBytes(8).toString('hex')}` },
    multipart: { quote_id: await quote(), screenshot: { name: 'sent.png', mimeType: 'image/png', buffer: await transferScreenshot() } },
  });
  expect(sale.status(), await sale.text()).toBe(201);
  const cryptoSaleId = ((await sale.json()) as { sale: { id: string } }).sale.id;

  const plan = async (url: string) => {
    const response = await page.request.get(url);
    expect(response.ok(), await response.text()).toBeTruthy();
    const [first] = ((await response.json()) as { plans: { variation_code: string; amount: number }[] }).plans;
    if (!first) throw new Error(`no plans at ${url}`);
    return first;
  };
  const dataPlan = await plan('/api/bills/data/mtn/plans');
  const tvPlan = await plan('/api/bills/tv/gotv/plans');
  const inputs = {
    airtime: { kind: 'airtime', network: 'mtn', phone: '08031234567', amount: '100' },
    data: { kind: 'data', network: 'mtn', phone: '08031234567', variation_code: dataPlan.variation_code, expected_amount: dataPlan.amount },
    tv: {
      kind: 'tv',
      service: 'gotv',
      variation_code: tvPlan.variation_code,
      smart_card_number: '7027914329',
      phone: '08031234567',
      expected_amount: tvPlan.amount,
    },
    electricity: {
      kind: 'electricity',
      provider: 'ikeja',
      meter_number: '45012345678',
      meter_type: 'prepaid',
      phone: '08031234567',
      amount: '5000',
    },
  } as const;
  const order = async (input: (typeof inputs)[keyof typeof inputs], pay: boolean) => {
    const created = await page.request.post('/api/bills/orders', {
      headers: { 'idempotency-key': `e2e-${randomBytes(8).toString('hex')}` },
      data: input,
    });
    expect(created.status(), await created.text()).toBe(201);
    const id = ((await created.json()) as { order: { id: string } }).order.id;
    if (pay) {
      const paid = await page.request.post(`/api/bills/orders/${id}/authorise`, { data: { pin: BILL_PIN } });
      expect(paid.status(), await paid.text()).toBe(200);
    }
    return id;
  };
  const billOrders = {} as NonNullable<Data['billOrders']>;
  for (const kind of ['airtime', 'data', 'tv', 'electricity'] as const) {
    billOrders[kind] = { pending: await order(inputs[kind], false), paid: await order(inputs[kind], true) };
  }
  return { user, giftCardSaleId: giftCardSale.id, cryptoQuoteId, cryptoSaleId, billOrders };
}

/**
 * Signs a new admin in on a desktop screen, checking each sign-in step on the way: the login,
 * the authenticator enrolment, the forced password change, then (a second sign-in) the code step.
 */
async function signInStaffScanning(browser: Browser, found: Record<string, string[]>) {
  const email = `a11y.${randomBytes(4).toString('hex')}@wise.test`;
  const { password } = await createStaffMember(
    e2eDatabase().db,
    systemClock,
    { id: null, email: 'cli' },
    { email, name: 'Ada Admin', role: 'admin' },
  );
  const context = await browser.newContext({ viewport: { width: 1280, height: 800 }, reducedMotion: 'reduce' });
  const page = await context.newPage();
  const scanHere = async (pattern: string) => {
    await settle(page);
    const problems = [
      ...(await axeViolations(page)),
      ...(await smallTapTargets(page, POINTER_TARGET_PX)).map((p) => `tap target ${p}`),
      ...(await invisibleFocus(page)).map((p) => `focus not visible on ${p}`),
    ];
    if (problems.length) found[pattern] = problems;
  };
  const signIn = async (secret: string | undefined, currentPassword: string) => {
    await page.goto('/admin/login');
    await settle(page);
    if (!secret) await scanHere('/admin/login');
    await page.getByLabel('Work email').fill(email);
    await page.getByLabel('Password', { exact: true }).fill(currentPassword);
    await page.getByRole('button', { name: /sign in/i }).click();
  };
  await signIn(undefined, password);
  await expect(page).toHaveURL(/\/admin\/enrol$/);
  await scanHere('/admin/enrol');
  const secret = ((await page.getByLabel('Secret key').textContent()) ?? '').replace(/\s+/g, '');
  const enrolledAt = new Date();
  await page.getByLabel('Authenticator code').fill(totpAt(secret, enrolledAt));
  await page.getByRole('button', { name: /confirm|verify|continue/i }).click();
  await expect(page).toHaveURL(/\/admin\/password$/);
  await scanHere('/admin/password');
  const chosen = `my own staff password ${randomBytes(4).toString('hex')}`;
  await page.getByLabel('Current password').fill(password);
  await page.getByLabel('New password', { exact: true }).fill(chosen);
  await page.getByLabel('Repeat the new password').fill(chosen);
  await page.getByRole('button', { name: /change|save/i }).click();
  await expect(page).toHaveURL(/\/admin\/?$/);
  // A second sign-in asks for the authenticator's code: the verify step.
  await context.clearCookies();
  await signIn(secret, chosen);
  await expect(page).toHaveURL(/\/admin\/verify$/);
  await scanHere('/admin/verify');
  await page.getByLabel('Authenticator code').fill(freshTotp(secret, enrolledAt));
  await page.getByRole('button', { name: /confirm|verify|continue|sign in/i }).click();
  await expect(page).toHaveURL(/\/admin\/?$/);
  return page;
}

async function weighing(page: Page, baseURL: string | undefined) {
  if (!baseURL) throw new Error('the journeys run with a baseURL (playwright.config.ts)');
  return { scale: await screenWeigher(page, new URL(baseURL).origin), rows: [] as BudgetRow[] };
}

/** The smallest phone the walk judges the customer screens on (docs/look.md). */
const PHONE = { width: 360, height: 740 };

const signInSteps = new Set(['/admin/login', '/admin/enrol', '/admin/password', '/admin/verify']);

test('the cut-off text check finds an ellipsis, a clamped line and a cut select, and lets a named one through', async ({ page }) => {
  await page.setViewportSize({ width: 360, height: 780 });
  await page.setContent(`
    <p class="a" style="width:80px;overflow:hidden;text-overflow:ellipsis;white-space:nowrap">25 Nov 2026, 18:24 and more</p>
    <p class="b" style="width:80px;overflow:hidden;display:-webkit-box;-webkit-box-orient:vertical;-webkit-line-clamp:1">MTN data · +234 803 123 4567</p>
    <select style="width:100px;font:16px sans-serif"><option>UK physical · £25–£200 · ₦1,650/£</option></select>
    <p class="tx-row__comment" style="width:80px;overflow:hidden;text-overflow:ellipsis;white-space:nowrap">A long comment from the customer</p>
    <p style="width:80px;overflow:hidden">Fits</p>`);
  const found = await clippedText(page);
  expect(found).toHaveLength(3);
  expect(found.join('\n')).toMatch(/p\.a "25 Nov/);
  expect(found.join('\n')).toMatch(/p\.b "MTN data/);
  expect(found.join('\n')).toMatch(/select "UK physical/);
});

test('the bottom-bar check finds a control the bar covers at the end of the page, and lets one through that scrolls clear', async ({
  page,
}) => {
  await page.setViewportSize(PHONE);
  // The app's own viewport: a phone browser (the journeys' device) lays a page without it out 980 px wide.
  const head = '<!doctype html><meta name="viewport" content="width=device-width, initial-scale=1">';
  const bar =
    '<nav class="bottom-nav" style="position:fixed;bottom:0;left:0;right:0;height:64px;background:#fff"><a href="/home">Home</a></nav>';
  await page.setContent(`${head}<main style="min-height:100vh"><div style="height:1200px">Tall</div><button>Collect</button></main>${bar}`);
  expect((await hiddenUnderBar(page)).join('\n')).toMatch(/button "Collect" is under the bottom bar/);
  await page.setContent(
    `${head}<main style="min-height:100vh;padding-bottom:88px"><div style="height:1200px">Tall</div><button>Collect</button></main>${bar}`,
  );
  expect(await hiddenUnderBar(page)).toEqual([]);
});

test('the axe check reports low contrast and an unnamed control', async ({ page }) => {
  await page.setContent(`<!doctype html><html lang="en"><title>probe</title><main>
    <h1>Probe</h1>
    <p style="color:#b8b8b8;background:#ffffff">Too faint to read</p>
    <input type="text">
  </main></html>`);
  const found = await axeViolations(page);
  expect(found.join('\n')).toMatch(/color-contrast/);
  expect(found.join('\n')).toMatch(/\blabel\b/);
});

test.describe('accessibility of every route', () => {
  test('the route table is read whole: every mounted route is in it, every dynamic segment has a value', () => {
    expect(routeTableProblems()).toEqual([]);
    const unfilled = appRoutes.filter((r) => isDynamic(r.pattern) && !addresses[r.pattern] && !viaSteps[r.pattern]);
    expect(unfilled.map((r) => r.pattern)).toEqual([]);
    // Every route is in exactly one of the scans below.
    expect(adminRoutes.filter((r) => signInSteps.has(r.pattern))).toHaveLength(signInSteps.size);
    expect(publicRoutes.length + accountRoutes.length + commerceRoutes.length + adminRoutes.length).toBe(appRoutes.length);
  });

  test('logged out', async ({ page, baseURL }) => {
    allowFor(publicRoutes.length);
    await page.setViewportSize(PHONE);
    const weigher = await weighing(page, baseURL);
    const found = await scan(page, publicRoutes, undefined, { narrow: true, weigher });
    console.log(budgetReport(weigher.rows));
    expect(found).toEqual({});
  });

  test('the back office, signed in as an admin (every screen a reviewer sees, and the admin ones)', async ({ page, browser }) => {
    allowFor(adminRoutes.length + 4);
    const found: Record<string, string[]> = {};
    const staff = await signInStaffScanning(browser, found);
    // Data for the back office's detail screens: a customer and their gift-card sale.
    const user = await billCustomer(page, 0, '/home', { pin: false });
    await setBankDetails(page);
    const sale = await sellGiftCardByApi(page, '40');
    const data: Data = { user, giftCardSaleId: sale.id };
    Object.assign(
      found,
      await scan(
        staff,
        adminRoutes.filter((r) => !signInSteps.has(r.pattern)),
        data,
        { narrow: false },
      ),
    );
    expect(found).toEqual({});
  });

  test('logged in: dashboard, history, account, rewards, support and the rest', async ({ page, baseURL }) => {
    allowFor(otherAccountRoutes.length + 4);
    await page.setViewportSize(PHONE);
    const data = await makeData(page);
    const weigher = await weighing(page, baseURL);
    const found = await scan(page, otherAccountRoutes, data, { narrow: true, weigher });
    console.log(budgetReport(weigher.rows));
    expect(found).toEqual({});
  });

  test('logged in: the profile and its changes', async ({ page, baseURL }) => {
    allowFor(profileRoutes.length + 4);
    await page.setViewportSize(PHONE);
    const data: Data = { user: await billCustomer(page, 0, '/home') };
    const weigher = await weighing(page, baseURL);
    const found = await scan(page, profileRoutes, data, { narrow: true, weigher });
    console.log(budgetReport(weigher.rows));
    expect(found).toEqual({});
  });

  test('logged in: selling gift cards and crypto, paying bills', async ({ page, baseURL }) => {
    allowFor(commerceRoutes.length + 4);
    await page.setViewportSize(PHONE);
    const data = await makeData(page);
    const weigher = await weighing(page, baseURL);
    const found = await scan(page, commerceRoutes, data, { narrow: true, weigher });
    console.log(budgetReport(weigher.rows));
    expect(found).toEqual({});
  });
});
