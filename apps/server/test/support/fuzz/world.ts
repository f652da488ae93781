import { randomBytes, randomInt, randomUUID } from 'node:crypto';
import type { FastifyInstance, InjectOptions, LightMyRequestResponse } from 'fastify';
import sharp from 'sharp';
import type { Database } from '#server/db/client';
import { accrueReward, claimRewards } from '#server/domain/rewards/rewards';
import { createStaffMember } from '#server/domain/staff/management';
import { totpAt } from '#server/domain/staff/totp';
import type { Clock } from '#server/lib/clock';
import type { Outbox } from '#server/providers/messaging/index';
import type { KnownValues } from './schema-arbitrary';

/**
 * The people and things the fuzz suite and the access matrix act on, made through the real API
 * (and the domain where no route exists: crediting gems). Nothing here imports vitest, so the
 * long `npm run fuzz` script shares it with the tests.
 */

/** What the suites need of an app under test (support/app.ts's TestApp has it). */
export interface Target {
  app: FastifyInstance;
  database: Database;
  outbox: Outbox;
  clock: Clock;
}

export interface Customer {
  id: string;
  email: string;
  phone: string;
  username: string;
  full_name: string;
  password: string;
  cookie: string;
}

export interface Staff {
  id: string;
  email: string;
  role: 'reviewer' | 'admin';
  cookie: string;
  secret: string;
}

/** A customer's own things, by kind: what another customer must never reach. */
export interface Holdings {
  customer: Customer;
  giftCardSaleId: string;
  /** The sub-category sold and the rate it was sold at (a new sale at that rate is a valid one). */
  subcategory: { id: string; exchange_rate: string };
  /** The stored names of the gift-card sale's images (`<32 hex>.webp`). */
  saleImageNames: string[];
  cryptoSaleId: string;
  billOrderId: string;
  /** The stored name of the profile photo, and its URL. */
  photoName: string;
  photoUrl: string;
  notificationIds: string[];
  bankAccount: string;
  address: string;
  PIN: string;
}

const inject = (app: FastifyInstance, options: InjectOptions) => app.inject(options);

function expectStatus(response: LightMyRequestResponse, status: number, what: string): void {
  if (response.statusCode !== status) throw new Error(`${what}: ${response.statusCode} ${response.body}`);
}

function cookieOf(response: LightMyRequestResponse, name: string): string {
  const cookie = response.cookies.find((c) => c.name === name);
  if (!cookie) throw new Error(`no ${name} cookie: ${response.statusCode} ${response.body}`);
  return `${name}=${cookie.value}`;
}

const letters = (n: number) => Array.from(randomBytes(n), (b) => 'abcdefghijklmnopqrstuvwxyz'[b % 26]).join('');

/** Signs up, verifies with the e-mailed code and logs in. */
export async function signUp(target: Target, fullName = 'Ada Obi-Okafor'): Promise<Customer> {
  const form = {
    full_name: fullName,
    username: `fz${letters(10)}`,
    email: `fz${letters(10)}@wisetest.com`,
    phone: `+23480${String(randomInt(0, 1e8)).padStart(8, '0')}`,
    password: `fuzz pass ${letters(6)}`,
  };
  expectStatus(await inject(target.app, { method: 'POST', url: '/api/auth/signup', payload: form }), 201, 'signup');
  const code = target.outbox
    .list()
    .find((m) => m.to === form.email)
    ?.text.match(/\b(\d{4})\b/)?.[1];
  if (!code) throw new Error(`no code sent to ${form.email}`);
  expectStatus(
    await inject(target.app, { method: 'POST', url: '/api/auth/otp/verify', payload: { email: form.email, otp: code } }),
    200,
    'verify',
  );
  const login = await inject(target.app, {
    method: 'POST',
    url: '/api/auth/login',
    payload: { email_or_phone: form.email, password: form.password },
  });
  expectStatus(login, 200, 'login');
  return { ...form, id: login.json<{ user: { id: string } }>().user.id, cookie: cookieOf(login, 'wise_session') };
}

/** A staff member with a verified session (own password, authenticator enrolled). */
export async function staffMember(target: Target, role: 'reviewer' | 'admin'): Promise<Staff> {
  const email = `fuzz-${role}-${letters(8)}@wise.test`;
  const password = `staff password ${letters(8)}`;
  const { row } = await createStaffMember(
    target.database.db,
    target.clock,
    { id: null, email: 'cli' },
    { email, name: `Fuzz ${role}`, role, password },
  );
  const login = await inject(target.app, { method: 'POST', url: '/api/admin/auth/login', payload: { email, password } });
  expectStatus(login, 200, 'staff login');
  const passwordStage = cookieOf(login, 'wise_staff');
  const enrolment = await inject(target.app, { method: 'GET', url: '/api/admin/auth/enrolment', headers: { cookie: passwordStage } });
  expectStatus(enrolment, 200, 'enrolment');
  const { secret } = enrolment.json<{ secret: string }>();
  const enrolled = await inject(target.app, {
    method: 'POST',
    url: '/api/admin/auth/enrolment',
    payload: { code: totpAt(secret, target.clock.now()) },
    headers: { cookie: passwordStage },
  });
  expectStatus(enrolled, 200, 'enrolment code');
  return { id: row.id, email, role, cookie: cookieOf(enrolled, 'wise_staff'), secret };
}

/** A small real picture; `shade` makes two of them different files. */
export const picture = (format: 'jpeg' | 'png', shade = 0): Promise<Buffer> =>
  sharp({ create: { width: 64, height: 48, channels: 3, background: { r: (shade * 53) % 256, g: 120, b: 200 } } })
    .toFormat(format)
    .toBuffer();

export interface FilePart {
  field: string;
  filename: string;
  contentType: string;
  data: Buffer;
}

/** A multipart/form-data body as a browser's FormData sends it. */
export function multipart(fields: [string, string][], files: FilePart[], boundary = `----wisefuzz${randomBytes(8).toString('hex')}`) {
  const chunks: Buffer[] = [];
  for (const [name, value] of fields)
    chunks.push(Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`, 'utf8'));
  for (const file of files) {
    chunks.push(
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="${file.field}"; filename="${file.filename}"\r\nContent-Type: ${file.contentType}\r\n\r\n`,
        'utf8',
      ),
      file.data,
      Buffer.from('\r\n'),
    );
  }
  chunks.push(Buffer.from(`--${boundary}--\r\n`));
  return { payload: Buffer.concat(chunks), contentType: `multipart/form-data; boundary=${boundary}` };
}

const json = <T>(response: LightMyRequestResponse) => response.json<T>();

/**
 * A customer with one of everything: PIN, bank details, an address, a profile photo, an approved
 * gift-card sale with images (so notifications and a reward), a pending crypto sale and a bill order.
 */
export async function customerWithHoldings(target: Target, reviewer: Staff, fullName = 'Victoria Holder'): Promise<Holdings> {
  const { app } = target;
  const customer = await signUp(target, fullName);
  const as = { cookie: customer.cookie };
  const PIN = '4321';
  expectStatus(await inject(app, { method: 'POST', url: '/api/pin', payload: { pin: PIN, confirm_pin: PIN }, headers: as }), 200, 'pin');
  const bankAccount = `2${String(randomInt(0, 1e9)).padStart(9, '0')}`;
  expectStatus(
    await inject(app, { method: 'PUT', url: '/api/bank', payload: { bank_code: '058', bank_account: bankAccount }, headers: as }),
    200,
    'bank',
  );
  const address = `${letters(6)} Holder Street 7`;
  expectStatus(await inject(app, { method: 'PUT', url: '/api/profile/address', payload: { address }, headers: as }), 200, 'address');

  const photoBody = multipart([], [{ field: 'photo', filename: 'me.png', contentType: 'image/png', data: await picture('png', 1) }]);
  const photo = await inject(app, {
    method: 'POST',
    url: '/api/profile/photo',
    payload: photoBody.payload,
    headers: { ...as, 'content-type': photoBody.contentType },
  });
  expectStatus(photo, 200, 'photo');
  const photoUrl = json<{ photo: string }>(photo).photo;
  const photoName = photoUrl.split('/').pop() ?? '';

  const card = await inject(app, { method: 'GET', url: '/api/giftcards/amazon', headers: as });
  expectStatus(card, 200, 'card');
  const sub = json<{ subcategories: { id: string; exchange_rate: string }[] }>(card).subcategories[0];
  if (!sub) throw new Error('amazon has no sub-category');
  const images = await Promise.all([2, 3].map((shade) => picture('jpeg', shade)));
  const saleForm = multipart(
    [
      ['subcategory_id', sub.id],
      ['amount', '50'],
      ['expected_rate', sub.exchange_rate],
      ['comment', `holder comment ${letters(6)}`],
    ],
    images.map((data, i) => ({ field: 'images', filename: `card-${i}.jpg`, contentType: 'image/jpeg', data })),
  );
  const sale = await inject(app, {
    method: 'POST',
    url: '/api/giftcards/sales',
    payload: saleForm.payload,
    headers: { ...as, 'content-type': saleForm.contentType, 'idempotency-key': `fz-${randomUUID()}` },
  });
  expectStatus(sale, 201, 'gift-card sale');
  const giftCardSaleId = json<{ sale: { id: string } }>(sale).sale.id;
  const saleImageNames = [...sale.body.matchAll(/\/images\/([a-f0-9]{32}\.webp)/g)].map((match) => match[1] ?? '');
  if (saleImageNames.length !== 2) throw new Error(`the sale's answer names ${saleImageNames.length} images: ${sale.body}`);

  // The reviewer approves it: a notification, a reward, a payout queued.
  const staffAs = { cookie: reviewer.cookie };
  expectStatus(await inject(app, { method: 'POST', url: `/api/admin/sales/${giftCardSaleId}/claim`, headers: staffAs }), 200, 'claim');
  const approve = await inject(app, {
    method: 'POST',
    url: `/api/admin/sales/${giftCardSaleId}/approve`,
    payload: { confirm_code: totpAt(reviewer.secret, target.clock.now()) },
    headers: staffAs,
  });
  expectStatus(approve, 200, 'approve');

  const quote = await inject(app, { method: 'POST', url: '/api/crypto/quotes', payload: { coin: 'btc', amount: '0.0002' }, headers: as });
  expectStatus(quote, 201, 'quote');
  const quoteId = json<{ quote: { id: string } }>(quote).quote.id;
  const cryptoForm = multipart(
    [['quote_id', quoteId]],
    [{ field: 'screenshot', filename: 'proof.png', contentType: 'image/png', data: await picture('png', 4) }],
  );
  const crypto = await inject(app, {
    method: 'POST',
    url: '/api/crypto/sales',
    payload: cryptoForm.payload,
    headers: { ...as, 'content-type': cryptoForm.contentType, 'idempotency-key': `fz-${randomUUID()}` },
  });
  expectStatus(crypto, 201, 'crypto sale');
  const cryptoSaleId = json<{ sale: { id: string } }>(crypto).sale.id;

  await accrueReward(target.database.db, target.clock, {
    userId: customer.id,
    source: `fuzz:${randomUUID()}`,
    amount: 5_000,
    description: 'Fuzz seed',
  });
  await claimRewards(target.database.db, target.clock, customer.id);
  const order = await inject(app, {
    method: 'POST',
    url: '/api/bills/orders',
    payload: { kind: 'airtime', network: 'mtn', phone: '08031234567', amount: 500 },
    headers: { ...as, 'idempotency-key': randomUUID() },
  });
  expectStatus(order, 201, 'bill order');
  const billOrderId = json<{ order: { id: string } }>(order).order.id;

  const notes = await inject(app, { method: 'GET', url: '/api/notifications', headers: as });
  const notificationIds = (
    await target.database.query<{ id: string }>('SELECT id::text AS id FROM notifications WHERE user_id = $1', [customer.id])
  ).map((row) => row.id);
  if (notes.statusCode !== 200 || notificationIds.length === 0) throw new Error(`the holder has no notification: ${notes.body}`);

  return {
    customer,
    giftCardSaleId,
    subcategory: sub,
    saleImageNames,
    cryptoSaleId,
    billOrderId,
    photoName,
    photoUrl,
    notificationIds,
    bankAccount,
    address,
    PIN,
  };
}

/** What the generator aims at: the holder's ids, names and contacts, and the staff's ids. */
export function knownValues(holdings: Holdings, staff: Staff[]): KnownValues {
  const { customer } = holdings;
  const uuids = [
    customer.id,
    holdings.giftCardSaleId,
    holdings.cryptoSaleId,
    holdings.billOrderId,
    ...staff.map((s) => s.id),
    '00000000-0000-0000-0000-000000000000',
  ];
  return {
    uuids,
    byName: {
      name: [...holdings.saleImageNames, holdings.photoName],
      email: [customer.email],
      email_or_phone: [customer.email, customer.phone],
      new_email: [customer.email],
      phone: [customer.phone],
      new_phone: [customer.phone],
      username: [customer.username],
      slug: ['amazon', 'steam', 'itunes'],
      bank_account: [holdings.bankAccount],
      q: [customer.email, customer.username],
      user_id: [customer.id],
      subcategory_id: [holdings.subcategory.id],
      expected_rate: [holdings.subcategory.exchange_rate],
      amount: ['50', '100'],
    },
  };
}
