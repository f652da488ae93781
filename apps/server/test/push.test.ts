import webpush from 'web-push';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { pushMessages, pushTitles, PUSH_SUBSCRIPTIONS_PER_CUSTOMER } from '@wise/shared';
import { rejectSale } from '../src/domain/admin/review/decisions';
import { settlePayoutSuccess } from '../src/domain/payouts/settle';
import { pushJobs } from '../src/domain/push/jobs';
import { guardedLookup, isAllowedPushEndpoint, isPublicAddress } from '../src/domain/push/endpoint-policy';
import { SEND_PUSH_JOB } from '../src/domain/push/notify';
import { loadConfig } from '../src/config';
import { enqueue } from '../src/jobs/queue';
import type { StaffPrincipal } from '../src/domain/staff/principal';
import { JobWorker } from '../src/jobs/worker';
import { ManualClock } from '../src/lib/clock';
import { SandboxPayouts } from '../src/providers/payouts/index';
import { createTestApp, get, post, type TestApp } from './support/app';
import { airtimeBody, authorise, customerWithGems, newOrder, startBillsHarness, type BillsHarness } from './support/bill-orders';
import { startFakePushService, type FakeBrowser, type FakePushService } from './support/fake-push-service';
import { approveSale, insertStaff, payoutTestDeps, reportedCode } from './support/payouts';
import { addBankDetails, sellGiftCard } from './support/sales';
import { createCustomer, type TestUser } from './support/users';

/**
 * Web Push end to end against a local push service that decrypts what it receives: a paid sale,
 * a rejected sale and a settled bill order each reach the customer's browser once, with the
 * in-app notification's words; a gone browser is forgotten; a failing service is retried; and a
 * server without VAPID keys queues nothing while every flow still works.
 */

const clock = new ManualClock('2026-09-01T09:00:00Z');
const vapid = webpush.generateVAPIDKeys();
const VAPID_ENV = { VAPID_PUBLIC_KEY: vapid.publicKey, VAPID_PRIVATE_KEY: vapid.privateKey, VAPID_SUBJECT: 'mailto:push-test@wise.ng' };

let h: BillsHarness;
let t: TestApp;
let service: FakePushService;
let worker: JobWorker;
let staff: StaffPrincipal;
let seed = 500;

beforeAll(async () => {
  service = await startFakePushService();
  h = await startBillsHarness(clock, { env: { ...VAPID_ENV, PUSH_ENDPOINT_TEST_HOSTS: service.host } });
  t = h.t;
  worker = new JobWorker(t.database.db, { clock, pollIntervalMs: 10 });
  for (const job of pushJobs(
    { publicKey: vapid.publicKey, privateKey: vapid.privateKey, subject: 'mailto:push-test@wise.ng' },
    { ca: service.ca, testHosts: [service.host] },
  ).jobs)
    worker.register(job);
  staff = await insertStaff(t.database);
});
afterAll(async () => {
  await h?.close();
  await service?.close();
});

const del = (app: TestApp['app'], url: string, payload: unknown, cookie?: string) =>
  app.inject({ method: 'DELETE', url, payload: payload as string, headers: cookie ? { cookie } : {} });

async function subscribed(user: TestUser, app: TestApp['app'] = t.app): Promise<FakeBrowser> {
  const browser = service.newBrowser();
  const response = await post(app, '/api/push/subscriptions', browser.subscription, user.cookie);
  expect(response.statusCode, response.body).toBe(200);
  return browser;
}

const receivedBy = (browser: FakeBrowser) => service.received.filter((push) => push.browserId === browser.id).map((push) => push.payload);
const pushJobRows = (userFilter?: string) =>
  t.database.query<{ status: string; payload: { subscriptionId: string }; attempts: number }>(
    `SELECT status, payload, attempts FROM jobs WHERE name = $1 ${userFilter ? "AND payload->>'subscriptionId' = $2" : ''} ORDER BY id`,
    userFilter ? [SEND_PUSH_JOB, userFilter] : [SEND_PUSH_JOB],
  );
const subscriptionIdOf = async (browser: FakeBrowser) =>
  (await t.database.query<{ id: string }>('SELECT id FROM push_subscriptions WHERE endpoint = $1', [browser.subscription.endpoint]))[0]?.id;
/** The customer's newest in-app notification, capitalised as the list shows it. */
const latestNotice = async (user: TestUser) => {
  const [row] = await t.database.query<{ message: string }>(
    'SELECT message FROM notifications WHERE user_id = $1 ORDER BY created_at DESC, id DESC LIMIT 1',
    [user.id],
  );
  const text = row?.message ?? '';
  return text.charAt(0).toUpperCase() + text.slice(1);
};

async function approvedSale(customer: TestUser) {
  await addBankDetails(t, customer);
  seed += 1;
  const sale = await sellGiftCard(t, customer, { seed });
  return { sale, ...(await approveSale(t.database, clock, sale.id, staff.id)) };
}

describe('GET /api/push/public-key', () => {
  it('gives the configured VAPID public key to a signed-in customer', async () => {
    const customer = await createCustomer(t);
    const response = await get(t.app, '/api/push/public-key', customer.cookie);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ public_key: vapid.publicKey });
  });
});

describe('delivery', () => {
  it('a paid sale: exactly one push per browser, the notification words, opening the transaction', async () => {
    const customer = await createCustomer(t);
    const phone = await subscribed(customer);
    const laptop = await subscribed(customer);
    const { sale, payoutId } = await approvedSale(customer);
    await settlePayoutSuccess(
      t.database.db,
      payoutTestDeps(new SandboxPayouts(t.database.db, 0, clock), clock),
      payoutId,
      reportedCode('TRF_push_1'),
    );
    const notice = await latestNotice(customer);
    expect(notice).toMatch(/has been paid/);
    await worker.runDue();
    for (const browser of [phone, laptop]) {
      expect(receivedBy(browser)).toEqual([
        { title: pushTitles.salePaid, body: notice, url: `/homepage/history/${sale.id}`, tag: `sale:${sale.id}` },
      ]);
    }
    const sent = service.received.find((push) => push.browserId === phone.id);
    expect(sent?.authorization).toMatch(/^vapid t=.+, k=/);
    expect(sent?.urgency).toBe('high');
    // Delivered: recorded, and nothing is sent again.
    const [row] = await t.database.query<{ last_success_at: Date | null }>(
      'SELECT last_success_at FROM push_subscriptions WHERE endpoint = $1',
      [phone.subscription.endpoint],
    );
    expect(row?.last_success_at).not.toBeNull();
    await worker.runDue();
    expect(receivedBy(phone)).toHaveLength(1);
  });

  it('a rejected sale: one push with the reason and the reviewer message', async () => {
    const customer = await createCustomer(t);
    const phone = await subscribed(customer);
    await addBankDetails(t, customer);
    seed += 1;
    const sale = await sellGiftCard(t, customer, { seed });
    await rejectSale({ db: t.database.db, clock }, staff, sale.id, { reason: 'used_card', message: 'The code was redeemed on 1 June.' });
    const notice = await latestNotice(customer);
    expect(notice).toMatch(/The card has already been used/);
    expect(notice).toMatch(/redeemed on 1 June/);
    await worker.runDue();
    expect(receivedBy(phone)).toEqual([
      { title: pushTitles.saleRejected, body: notice, url: `/homepage/history/${sale.id}`, tag: `sale:${sale.id}` },
    ]);
  });

  it('a bill order that settles, successful or failed: one push each', async () => {
    const customer = await customerWithGems(h, 5000);
    const phone = await subscribed(customer);
    const good = await newOrder(h, customer, airtimeBody({ amount: 500 }));
    expect((await authorise(h, customer, good.id)).json<{ order: { status: string } }>().order.status).toBe('successful');
    const goodNotice = await latestNotice(customer);
    h.airtime.script.push('decline');
    const bad = await newOrder(h, customer, airtimeBody({ amount: 700 }));
    const badAnswer = await authorise(h, customer, bad.id);
    // A declined purchase answers with the provider's words and the order's final status.
    expect(badAnswer.json<{ meta?: { status?: string } }>().meta?.status, badAnswer.body).toBe('failed');
    const badNotice = await latestNotice(customer);
    expect(badNotice).toMatch(/failed/);
    await worker.runDue();
    // Two jobs run side by side (each resolves and checks the push service's address first): they
    // may arrive in either order, as pushes do on a phone.
    const tagOf = (push: unknown) => String((push as { tag?: string }).tag);
    const byTag = (pushes: unknown[]) => [...pushes].sort((a, b) => tagOf(a).localeCompare(tagOf(b)));
    expect(byTag(receivedBy(phone))).toEqual(
      byTag([
        { title: pushTitles.billSuccessful, body: goodNotice, url: `/homepage/history/${good.id}`, tag: `bill:${good.id}` },
        { title: pushTitles.billFailed, body: badNotice, url: `/homepage/history/${bad.id}`, tag: `bill:${bad.id}` },
      ]),
    );
  });

  it('only the customer the event is about: other customers and their browsers get nothing', async () => {
    const customer = await createCustomer(t);
    const other = await createCustomer(t);
    const othersPhone = await subscribed(other);
    const { payoutId } = await approvedSale(customer);
    await settlePayoutSuccess(
      t.database.db,
      payoutTestDeps(new SandboxPayouts(t.database.db, 0, clock), clock),
      payoutId,
      reportedCode('TRF_push_2'),
    );
    await worker.runDue();
    expect(receivedBy(othersPhone)).toEqual([]);
  });

  it('a browser the push service says is gone (410) is deleted; 404 too', async () => {
    for (const status of [410, 404]) {
      const customer = await createCustomer(t);
      const gone = await subscribed(customer);
      const id = await subscriptionIdOf(gone);
      service.answers.set(gone.id, [status]);
      const { payoutId } = await approvedSale(customer);
      await settlePayoutSuccess(
        t.database.db,
        payoutTestDeps(new SandboxPayouts(t.database.db, 0, clock), clock),
        payoutId,
        reportedCode(`TRF_gone_${status}`),
      );
      await worker.runDue();
      expect(await subscriptionIdOf(gone)).toBeUndefined();
      expect((await pushJobRows(id)).map((job) => job.status)).toEqual(['done']);
      expect(receivedBy(gone)).toEqual([]);
    }
  });

  it('a push service error (503) is retried with the back-off and then delivered once', async () => {
    const customer = await createCustomer(t);
    const phone = await subscribed(customer);
    const id = await subscriptionIdOf(phone);
    service.answers.set(phone.id, [503, 500]);
    const { payoutId } = await approvedSale(customer);
    await settlePayoutSuccess(
      t.database.db,
      payoutTestDeps(new SandboxPayouts(t.database.db, 0, clock), clock),
      payoutId,
      reportedCode('TRF_retry'),
    );
    await worker.runDue();
    expect(await pushJobRows(id)).toMatchObject([{ status: 'queued', attempts: 1 }]);
    expect(receivedBy(phone)).toEqual([]);
    clock.advance(10_000);
    await worker.runDue();
    expect(await pushJobRows(id)).toMatchObject([{ status: 'queued', attempts: 2 }]);
    clock.advance(20_000);
    await worker.runDue();
    expect(await pushJobRows(id)).toMatchObject([{ status: 'done', attempts: 3 }]);
    expect(receivedBy(phone)).toHaveLength(1);
  });

  it('no job for a customer without a subscription', async () => {
    const customer = await createCustomer(t);
    const before = (await pushJobRows()).length;
    const { payoutId } = await approvedSale(customer);
    await settlePayoutSuccess(
      t.database.db,
      payoutTestDeps(new SandboxPayouts(t.database.db, 0, clock), clock),
      payoutId,
      reportedCode('TRF_nobody'),
    );
    expect((await pushJobRows()).length).toBe(before);
  });
});

describe('POST /api/push/subscriptions', () => {
  it('refuses a bad endpoint or keys with 400 naming the field', async () => {
    const customer = await createCustomer(t);
    const good = service.newBrowser().subscription;
    const cases: [unknown, string, string][] = [
      [{ ...good, endpoint: 'http://push.example.com/x' }, 'endpoint', pushMessages.endpointInvalid],
      [{ ...good, endpoint: 'javascript:alert(1)' }, 'endpoint', pushMessages.endpointInvalid],
      [{ ...good, endpoint: `https://push.example.com/${'a'.repeat(1000)}` }, 'endpoint', pushMessages.endpointInvalid],
      [{ ...good, endpoint: 'https://push.example.com/a b' }, 'endpoint', pushMessages.endpointInvalid],
      [{ ...good, keys: { ...good.keys, p256dh: 'short' } }, 'keys.p256dh', pushMessages.p256dhInvalid],
      [{ ...good, keys: { ...good.keys, p256dh: `A${good.keys.p256dh.slice(1)}` } }, 'keys.p256dh', pushMessages.p256dhInvalid],
      [{ ...good, keys: { ...good.keys, auth: `${good.keys.auth}==` } }, 'keys.auth', pushMessages.authInvalid],
    ];
    for (const [body, field, message] of cases) {
      const response = await post(t.app, '/api/push/subscriptions', body, customer.cookie);
      expect(response.statusCode, JSON.stringify(body).slice(0, 80)).toBe(400);
      expect(response.json<{ fields: Record<string, string> }>().fields[field]).toBe(message);
    }
    expect(await t.database.query('SELECT 1 FROM push_subscriptions WHERE user_id = $1', [customer.id])).toEqual([]);
  });

  it(`keeps the newest ${PUSH_SUBSCRIPTIONS_PER_CUSTOMER} per customer, dropping the oldest`, async () => {
    const customer = await createCustomer(t);
    const browsers: FakeBrowser[] = [];
    for (let i = 0; i < PUSH_SUBSCRIPTIONS_PER_CUSTOMER + 2; i += 1) {
      browsers.push(await subscribed(customer));
      clock.advance(1000);
    }
    const rows = await t.database.query<{ endpoint: string }>(
      'SELECT endpoint FROM push_subscriptions WHERE user_id = $1 ORDER BY created_at',
      [customer.id],
    );
    expect(rows.map((r) => r.endpoint)).toEqual(browsers.slice(2).map((b) => b.subscription.endpoint));
  });

  it('the database refuses what validation would: a plain-http endpoint, malformed keys', async () => {
    const customer = await createCustomer(t);
    const good = service.newBrowser().subscription;
    const insert = (endpoint: string, p256dh: string, auth: string) =>
      t.database.query('INSERT INTO push_subscriptions (user_id, endpoint, p256dh, auth, created_at) VALUES ($1, $2, $3, $4, now())', [
        customer.id,
        endpoint,
        p256dh,
        auth,
      ]);
    await expect(insert('http://push.example.com/x', good.keys.p256dh, good.keys.auth)).rejects.toThrow(/check/i);
    await expect(insert(good.endpoint, 'x', good.keys.auth)).rejects.toThrow(/check/i);
    await expect(insert(good.endpoint, good.keys.p256dh, 'x')).rejects.toThrow(/check/i);
  });
});

describe("only the browsers' push services, at public addresses", () => {
  const keys = () => service.newBrowser().subscription.keys;

  it('subscribing refuses any other host, port, IP literal or user name with a clear 400', async () => {
    const customer = await createCustomer(t);
    const port = service.host.split(':')[1];
    const refused = [
      `https://127.0.0.1:${port}/push/x`, // the server's own machine (the test push service, by address)
      'https://localhost/push/x',
      'https://10.0.0.5/push/x',
      'https://192.168.1.1/x',
      'https://169.254.169.254/latest/meta-data',
      'https://2130706433/x', // 127.0.0.1 written as a number
      'https://0x7f000001/x',
      'https://metadata.google.internal/computeMetadata/v1',
      'https://internal-service/x',
      'https://fcm.googleapis.com:8443/fcm/send/x',
      'https://fcm.googleapis.com.evil.example/fcm/send/x',
      'https://evil.example/fcm.googleapis.com/x',
      'https://push.apple.com/x', // the suffix's own name is not one of Apple's push hosts
      'https://notapush.apple.com.evil.example/x',
    ];
    for (const endpoint of refused) {
      const response = await post(t.app, '/api/push/subscriptions', { endpoint, keys: keys() }, customer.cookie);
      expect(response.statusCode, endpoint).toBe(400);
      expect(response.json<{ fields: Record<string, string> }>().fields.endpoint, endpoint).toMatch(/push/);
    }
    expect(await t.database.query('SELECT 1 FROM push_subscriptions WHERE user_id = $1', [customer.id])).toEqual([]);

    const accepted = [
      'https://fcm.googleapis.com/fcm/send/abc:def',
      'https://updates.push.services.mozilla.com/wpush/v2/gAAAA',
      'https://web.push.apple.com/QGf3v',
      'https://wns2-by3p.notify.windows.com/w/?token=BQYAAA',
    ];
    for (const endpoint of accepted) {
      const response = await post(t.app, '/api/push/subscriptions', { endpoint, keys: keys() }, customer.cookie);
      expect(response.statusCode, endpoint).toBe(200);
    }
  });

  it('the rules as a function: names, ports, literals, user info', () => {
    expect(isAllowedPushEndpoint('https://fcm.googleapis.com/fcm/send/x')).toBe(true);
    expect(isAllowedPushEndpoint('https://fcm.googleapis.com:443/fcm/send/x')).toBe(true);
    expect(isAllowedPushEndpoint('https://FCM.googleapis.com/fcm/send/x')).toBe(true);
    expect(isAllowedPushEndpoint('https://a.b.push.services.mozilla.com/x')).toBe(true);
    expect(isAllowedPushEndpoint('https://user:pw@fcm.googleapis.com/x')).toBe(false);
    expect(isAllowedPushEndpoint('https://user@fcm.googleapis.com/x')).toBe(false);
    expect(isAllowedPushEndpoint('http://fcm.googleapis.com/x')).toBe(false);
    expect(isAllowedPushEndpoint('https://[::1]/x')).toBe(false);
    expect(isAllowedPushEndpoint('https://[fd00::1]/x')).toBe(false);
    expect(isAllowedPushEndpoint('not a url')).toBe(false);
    // A test host is only what the list names, port included.
    expect(isAllowedPushEndpoint('https://localhost:4443/x', ['localhost:4443'])).toBe(true);
    expect(isAllowedPushEndpoint('https://localhost:4444/x', ['localhost:4443'])).toBe(false);
  });

  it('refuses private, loopback, link-local, CGNAT, multicast and special addresses', () => {
    for (const address of [
      '127.0.0.1',
      '10.1.2.3',
      '172.16.0.1',
      '172.31.255.255',
      '192.168.0.10',
      '169.254.169.254',
      '100.64.0.1',
      '100.127.255.254',
      '0.0.0.0',
      '224.0.0.251',
      '239.255.255.250',
      '255.255.255.255',
      '198.18.0.1',
      '::',
      '::1',
      '::ffff:127.0.0.1',
      '::ffff:10.0.0.1',
      '::ffff:8.8.8.8',
      '64:ff9b::a00:1',
      'fc00::1',
      'fd12:3456::1',
      'fe80::1',
      'ff02::1',
      '2002:7f00:1::1',
    ]) {
      expect(isPublicAddress(address), address).toBe(false);
    }
    for (const address of ['8.8.8.8', '142.250.200.10', '17.57.144.10', '2607:f8b0:4004:c1b::5f', '2a00:1450:4009:81a::200a']) {
      expect(isPublicAddress(address), address).toBe(true);
    }
    expect(isPublicAddress('not-an-address')).toBe(false);
  });

  it('the lookup hands the socket only checked addresses, and refuses a name with any private one', async () => {
    const resolveWith = (addresses: { address: string; family: number }[]) => guardedLookup([], async () => addresses);
    const lookupAll = (lookup: ReturnType<typeof guardedLookup>, all: boolean) =>
      new Promise<{ error: Error | null; address: unknown }>((resolve) =>
        lookup('fcm.googleapis.com', { all }, (error, address) => resolve({ error, address })),
      );
    const good = await lookupAll(resolveWith([{ address: '142.250.200.10', family: 4 }]), false);
    expect(good).toEqual({ error: null, address: '142.250.200.10' });
    const goodAll = await lookupAll(
      resolveWith([
        { address: '142.250.200.10', family: 4 },
        { address: '2a00:1450:4009:81a::200a', family: 6 },
      ]),
      true,
    );
    expect(goodAll.address).toHaveLength(2);
    const rebound = await lookupAll(
      resolveWith([
        { address: '142.250.200.10', family: 4 },
        { address: '127.0.0.1', family: 4 },
      ]),
      true,
    );
    expect(rebound.error?.message).toMatch(/not a public address/);
    const metadata = await lookupAll(resolveWith([{ address: '169.254.169.254', family: 4 }]), false);
    expect(metadata.error?.message).toMatch(/not a public address/);
  });

  it('a push host whose name resolves to a private address at send time gets nothing, and is not retried', async () => {
    const customer = await createCustomer(t);
    const keysOf = keys();
    const endpoint = 'https://fcm.googleapis.com/fcm/send/rebound';
    const [row] = await t.database.query<{ id: string }>(
      'INSERT INTO push_subscriptions (user_id, endpoint, p256dh, auth, created_at) VALUES ($1, $2, $3, $4, now()) RETURNING id',
      [customer.id, endpoint, keysOf.p256dh, keysOf.auth],
    );
    // The name now points at this machine (DNS rebinding, or a hostile resolver).
    const rebinding = new JobWorker(t.database.db, { clock, pollIntervalMs: 10 });
    const jobs = pushJobs(
      { publicKey: vapid.publicKey, privateKey: vapid.privateKey, subject: 'mailto:push-test@wise.ng' },
      { ca: service.ca, resolver: async () => [{ address: '127.0.0.1', family: 4 }] },
    ).jobs;
    for (const job of jobs) rebinding.register(job);
    const received = service.received.length;
    const jobId = await enqueue(
      t.database.db,
      SEND_PUSH_JOB,
      { subscriptionId: row!.id, title: 'Sale paid', body: 'x', url: '/homepage' },
      { clock },
    );
    await rebinding.runDue();
    expect(service.received.length).toBe(received);
    const [job] = await t.database.query<{ status: string; attempts: number }>('SELECT status, attempts FROM jobs WHERE id = $1', [jobId]);
    expect(job).toMatchObject({ status: 'failed', attempts: 1 });
  });

  it('a subscription stored before the rules is deleted unsent', async () => {
    const customer = await createCustomer(t);
    const browser = service.newBrowser();
    const endpoint = browser.subscription.endpoint.replace('localhost', '127.0.0.1');
    const [row] = await t.database.query<{ id: string }>(
      'INSERT INTO push_subscriptions (user_id, endpoint, p256dh, auth, created_at) VALUES ($1, $2, $3, $4, now()) RETURNING id',
      [customer.id, endpoint, browser.subscription.keys.p256dh, browser.subscription.keys.auth],
    );
    const received = service.received.length;
    await enqueue(t.database.db, SEND_PUSH_JOB, { subscriptionId: row!.id, title: 'Sale paid', body: 'x', url: '/homepage' }, { clock });
    await worker.runDue();
    expect(service.received.length).toBe(received);
    expect(await t.database.query('SELECT 1 FROM push_subscriptions WHERE id = $1', [row!.id])).toEqual([]);
  });

  it('the test hosts are refused outside NODE_ENV=test', () => {
    expect(() => loadConfig({ NODE_ENV: 'development', PUSH_ENDPOINT_TEST_HOSTS: 'localhost:4443' })).toThrow(/PUSH_ENDPOINT_TEST_HOSTS/);
    expect(() => loadConfig({ NODE_ENV: 'production', PUSH_ENDPOINT_TEST_HOSTS: 'localhost:4443' })).toThrow(/PUSH_ENDPOINT_TEST_HOSTS/);
    expect(loadConfig({ NODE_ENV: 'test', PUSH_ENDPOINT_TEST_HOSTS: 'localhost:4443' }).pushTestHosts).toEqual(['localhost:4443']);
    expect(loadConfig({ NODE_ENV: 'test' }).pushTestHosts).toEqual([]);
  });
});

describe('DELETE /api/push/subscriptions', () => {
  it("unsubscribes the customer's own browser; another customer's is not found and stays", async () => {
    const alice = await createCustomer(t);
    const bob = await createCustomer(t);
    const alicePhone = await subscribed(alice);
    const refused = await del(t.app, '/api/push/subscriptions', { endpoint: alicePhone.subscription.endpoint }, bob.cookie);
    expect(refused.statusCode).toBe(404);
    expect(await subscriptionIdOf(alicePhone)).toBeDefined();
    const done = await del(t.app, '/api/push/subscriptions', { endpoint: alicePhone.subscription.endpoint }, alice.cookie);
    expect(done.statusCode).toBe(200);
    expect(await subscriptionIdOf(alicePhone)).toBeUndefined();
  });

  it('needs a session', async () => {
    const response = await del(t.app, '/api/push/subscriptions', { endpoint: 'https://push.example.com/x' });
    expect(response.statusCode).toBe(401);
  });
});

describe('without VAPID keys', () => {
  let bare: TestApp;
  beforeAll(async () => {
    bare = await createTestApp({ clock });
  });
  afterAll(async () => {
    await bare?.close();
  });

  it('offers no key, refuses subscriptions, and a paid and a rejected sale queue no push while they still work', async () => {
    const customer = await createCustomer(bare);
    expect((await get(bare.app, '/api/push/public-key', customer.cookie)).json()).toEqual({ public_key: null });
    const refused = await post(bare.app, '/api/push/subscriptions', service.newBrowser().subscription, customer.cookie);
    expect(refused.statusCode).toBe(404);
    expect(refused.json()).toMatchObject({ code: 'PUSH_DISABLED' });

    const bareStaff = await insertStaff(bare.database);
    await addBankDetails(bare, customer);
    const paid = await sellGiftCard(bare, customer, { seed: 901 });
    const { payoutId } = await approveSale(bare.database, clock, paid.id, bareStaff.id);
    expect(
      await settlePayoutSuccess(
        bare.database.db,
        payoutTestDeps(new SandboxPayouts(bare.database.db, 0, clock), clock),
        payoutId,
        reportedCode('TRF_bare'),
      ),
    ).toBe('settled');
    const rejected = await sellGiftCard(bare, customer, { seed: 902 });
    await rejectSale({ db: bare.database.db, clock }, bareStaff, rejected.id, { reason: 'invalid_code' });
    const statuses = await bare.database.query<{ id: string; status: string }>('SELECT id, status FROM sales WHERE user_id = $1', [
      customer.id,
    ]);
    expect(Object.fromEntries(statuses.map((s) => [s.id, s.status]))).toEqual({ [paid.id]: 'paid', [rejected.id]: 'rejected' });
    expect(await bare.database.query('SELECT id FROM jobs WHERE name = $1', [SEND_PUSH_JOB])).toEqual([]);
  });
});
