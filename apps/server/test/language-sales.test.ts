import {
  cryptoRejectedNextStep,
  customerEmailTexts,
  formatCardAmount,
  formatKobo,
  formatRate,
  registerCatalogue,
  saleMessages,
  saleNoticeTexts,
  saleRejectionReasons,
  textsIn,
  type Language,
} from '@wise/shared';
import { pidginCatalogue } from '@wise/shared/i18n/pcm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { claimSale, rejectSale } from '../src/domain/admin/review/decisions';
import { SEND_EMAIL_JOB } from '../src/domain/notifications/email';
import { settlePayoutSuccess } from '../src/domain/payouts/settle';
import type { StaffPrincipal } from '../src/domain/staff/principal';
import type { PayoutProvider } from '../src/providers/payouts/index';
import { createTestApp, type TestApp } from './support/app';
import { postCryptoSale, quoteFor } from './support/crypto-sales';
import { approveSale, payoutTestDeps, reportedCode } from './support/payouts';
import { insertStaff } from './support/review';
import { addBankDetails, cardDetail, cardPhoto, postSale, saleFields, sellGiftCard } from './support/sales';
import { createCustomer, type TestUser } from './support/users';

/**
 * docs/i18n.md: what the server writes about a customer's sale (rejected, paid) and the API errors
 * with figures in them follow users.language; an English customer's words are what they were.
 */
let t: TestApp;
let reviewer: StaffPrincipal;
const APP_URL = 'https://wise.example';

beforeAll(async () => {
  t = await createTestApp();
  // Only for reading the expected texts here: the app registered its own at start.
  registerCatalogue('pcm', pidginCatalogue);
  reviewer = await insertStaff(t, 'reviewer', 'Ada Lovelace');
});
afterAll(async () => {
  await t.close();
});

let accounts = 0;
async function customer(language: Language): Promise<TestUser> {
  const c = await createCustomer(t, { full_name: 'Chika Obi' });
  accounts += 1;
  await addBankDetails(t, c, `01234500${String(accounts).padStart(2, '0')}`);
  if (language !== 'en') {
    const changed = await t.app.inject({
      method: 'PUT',
      url: '/api/profile/language',
      payload: { language },
      headers: { cookie: c.cookie },
    });
    expect(changed.statusCode).toBe(200);
  }
  return c;
}

const notificationsOf = async (userId: string) =>
  (
    await t.database.query<{ message: string }>('SELECT message FROM notifications WHERE user_id = $1 ORDER BY created_at DESC', [userId])
  ).map((n) => n.message);
const emailsTo = async (to: string) =>
  (
    await t.database.query<{ payload: { subject: string; text: string } }>(
      "SELECT payload FROM jobs WHERE name = $1 AND payload->>'to' = $2 ORDER BY id",
      [SEND_EMAIL_JOB, to],
    )
  ).map((job) => job.payload);

async function reject(saleId: string, input: Parameters<typeof rejectSale>[3]) {
  await claimSale({ db: t.database.db, clock: t.clock }, reviewer, saleId);
  await rejectSale({ db: t.database.db, clock: t.clock, appUrl: APP_URL }, reviewer, saleId, input);
}

async function pay(saleId: string, amountKobo?: number) {
  const { payoutId } = await approveSale(t.database, t.clock, saleId, reviewer.id, amountKobo);
  expect(
    await settlePayoutSuccess(
      t.database.db,
      payoutTestDeps({} as PayoutProvider, t.clock),
      payoutId,
      reportedCode(`TRF_${saleId.slice(0, 8)}`),
    ),
  ).toBe('settled');
}

const saleFacts = async (saleId: string) =>
  (
    await t.database.query<{ title: string; value_kobo: string; bank_name: string; account_number: string }>(
      'SELECT title, value_kobo::text, bank_name, account_number FROM sales WHERE id = $1',
      [saleId],
    )
  )[0]!;

describe('a rejected sale', () => {
  it("tells a Pidgin customer in Pidgin, with the reviewer's message as written", async () => {
    const c = await customer('pcm');
    const sale = await sellGiftCard(t, c, { amount: '40', seed: 31 });
    await reject(sale.id, { reason: 'used_card', message: 'The card was redeemed on 30 June.' });
    const pcm = textsIn(saleNoticeTexts, 'pcm');
    const headline = pcm.rejected(sale.title, formatKobo(sale.value_kobo), textsIn(saleRejectionReasons, 'pcm').used_card);
    expect(headline).not.toContain('was rejected');
    expect((await notificationsOf(c.id))[0]).toBe(`${headline} The card was redeemed on 30 June.`);
    const [mail] = await emailsTo(c.email);
    expect(mail?.subject).toBe(pcm.rejectedSubject(sale.title));
    const frame = textsIn(customerEmailTexts, 'pcm');
    expect(mail?.text).toBe(
      [
        frame.hello('Chika Obi'),
        '',
        headline,
        '',
        pcm.teamMessage('The card was redeemed on 30 June.'),
        '',
        frame.seeTransaction(`${APP_URL}/homepage/history/${sale.id}`),
        '',
        pcm.rejectedMistake,
        '',
        frame.signature,
      ].join('\n'),
    );
  });

  it('tells an English customer in the same words as before', async () => {
    const c = await customer('en');
    const sale = await sellGiftCard(t, c, { amount: '45', seed: 32 });
    await reject(sale.id, { reason: 'other', otherReason: 'The card is from a region we do not buy.' });
    const headline = `Your ${sale.title} sale of ${formatKobo(sale.value_kobo)} was rejected. Reason: The card is from a region we do not buy.`;
    expect((await notificationsOf(c.id))[0]).toBe(headline);
    const [mail] = await emailsTo(c.email);
    expect(mail?.subject).toBe(`Your ${sale.title} sale was rejected`);
    expect(mail?.text).toBe(
      [
        'Hello Chika Obi,',
        '',
        headline,
        '',
        `See the transaction: ${APP_URL}/homepage/history/${sale.id}`,
        '',
        'If you think this is a mistake, reply to this e-mail or contact support in the app.',
        '',
        'Wise',
      ].join('\n'),
    );
  });

  it("keeps a Pidgin customer's own reason words from the reviewer, and says what to do with the coins in Pidgin", async () => {
    const c = await customer('pcm');
    const quote = await quoteFor(t, c, 'usdt', '100');
    const posted = await postCryptoSale(t, {
      fields: { quote_id: quote.id, network: 'tron' },
      files: [{ data: await cardPhoto('png', 33, 240, 420) }],
      cookie: c.cookie,
    });
    expect(posted.statusCode, posted.body).toBe(201);
    const saleId = posted.json<{ sale: { id: string } }>().sale.id;
    await reject(saleId, { reason: 'wrong_network' });
    const [mail] = await emailsTo(c.email);
    expect(mail?.text).toContain(textsIn(saleRejectionReasons, 'pcm').wrong_network);
    expect(mail?.text).toContain(cryptoRejectedNextStep('wrong_network', 'pcm'));
    expect(cryptoRejectedNextStep('wrong_network', 'pcm')).not.toBe(cryptoRejectedNextStep('wrong_network'));
  });
});

describe('a paid sale', () => {
  it('tells a Pidgin customer in Pidgin, the quote and its reason included', async () => {
    const c = await customer('pcm');
    const sale = await sellGiftCard(t, c, { amount: '50', seed: 34 });
    const paid = sale.value_kobo - 100_00;
    await pay(sale.id, paid);
    const facts = await saleFacts(sale.id);
    const pcm = textsIn(saleNoticeTexts, 'pcm');
    const headline = `${pcm.paid(facts.title, formatKobo(paid), facts.bank_name, facts.account_number.slice(-4))} ${pcm.quotedValueReason(formatKobo(sale.value_kobo), 'Adjusted in a test')}`;
    const [notice] = await notificationsOf(c.id);
    expect(notice?.startsWith(headline), notice).toBe(true);
    expect(notice).not.toContain('has been paid');
    const mail = (await emailsTo(c.email)).at(-1);
    expect(mail?.subject).toBe(textsIn(customerEmailTexts, 'pcm').salePaid.subject(facts.title));
    expect(mail?.text).toContain(`\n${headline}\n`);
  });

  it('tells an English customer in the same words as before', async () => {
    const c = await customer('en');
    const sale = await sellGiftCard(t, c, { amount: '55', seed: 35 });
    await pay(sale.id);
    const facts = await saleFacts(sale.id);
    const headline = `Your ${facts.title} sale of ${formatKobo(sale.value_kobo)} has been paid to ${facts.bank_name} ••${facts.account_number.slice(-4)}.`;
    const [notice] = await notificationsOf(c.id);
    expect(notice?.startsWith(headline), notice).toBe(true);
    expect(notice?.slice(headline.length)).toMatch(/^( You earned \d+ gems?: collect (it|them) on Rewards\.)?$/);
    const mail = (await emailsTo(c.email)).at(-1);
    expect(mail?.subject).toBe(`Your ${facts.title} sale has been paid`);
    expect(mail?.text).toContain(`\n${headline}\n`);
  });
});

describe('an error with figures', () => {
  it("is worded in a signed-in Pidgin customer's language, and in English for an English one", async () => {
    const naija = await customer('pcm');
    const english = await customer('en');
    const sub = (await cardDetail(t, english, 'amazon')).subcategories[0]!;
    const min = formatCardAmount(sub.min_amount, sub.currency);
    const max = formatCardAmount(sub.max_amount, sub.currency);
    const outOfBand = async (c: TestUser) =>
      (await postSale(t, { fields: saleFields(sub, '0.5'), files: [{ data: await cardPhoto('jpeg', 36) }], cookie: c.cookie })).json<{
        error: string;
        fields: { amount: string };
      }>();
    const inPidgin = textsIn(saleMessages, 'pcm').amountOutOfBand(min, max);
    expect(inPidgin).not.toBe(saleMessages.amountOutOfBand(min, max));
    expect(await outOfBand(naija)).toMatchObject({ error: inPidgin, fields: { amount: inPidgin } });
    expect(await outOfBand(english)).toMatchObject({
      error: saleMessages.amountOutOfBand(min, max),
      fields: { amount: saleMessages.amountOutOfBand(min, max) },
    });

    const rateChanged = await postSale(t, {
      fields: saleFields(sub, '50', { expected_rate: '1' }),
      files: [{ data: await cardPhoto('jpeg', 37) }],
      cookie: naija.cookie,
    });
    expect(rateChanged.statusCode).toBe(409);
    expect(rateChanged.json()).toMatchObject({
      code: 'RATE_CHANGED',
      error: textsIn(saleMessages, 'pcm').rateChanged(formatRate(sub.exchange_rate, sub.currency)),
    });
  });
});
