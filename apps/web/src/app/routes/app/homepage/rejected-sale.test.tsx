import { screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { saleRejectionReasons, saleSupportTexts, transactionDetailTexts, type SaleDetail } from '@wise/shared';
import { paths, transactionHref } from '#web/config/paths';
import { applyLanguage } from '#web/lib/i18n';
import { renderRoutes, routeFetch } from '#web/testing/render';
import { saleDetail } from '#web/testing/sales';
import { TransactionDetailRoute } from './transaction-detail';

/**
 * A sale that will not be paid (rejected, gift card or crypto): the reason comes first, no account
 * is named "to be paid to", and support opens on WhatsApp or e-mail with the sale's reference written.
 */

const routes = [
  { path: paths.transaction, Component: TransactionDetailRoute },
  { path: paths.support, Component: () => <p>support screen</p> },
];
const contacts = {
  whatsapp_url: 'https://wa.me/2348012345678',
  whatsapp_number: '+2348012345678',
  email: 'help@wise.test',
  email_url: 'mailto:help@wise.test',
};

const rejectedCard = (overrides: Partial<SaleDetail> = {}) =>
  saleDetail({
    status: 'rejected',
    title: 'Amazon · $50',
    rejection_code: 'used_card',
    rejection_reason: saleRejectionReasons.used_card,
    timeline: [
      { status: 'submitted', at: '2026-11-21T13:05:00.000Z' },
      { status: 'rejected', at: '2026-11-21T15:00:00.000Z' },
    ],
    ...overrides,
  });

const rejectedCoin = () =>
  rejectedCard({
    kind: 'crypto',
    title: 'USDT · 100',
    card: null,
    subcategory: null,
    coin: 'usdt',
    coin_amount: '100',
    currency_amount: '100',
    crypto: { symbol: 'USDT', price_usd: '1', usdt_rate_ngn: '1600', coin_adjustment_ngn: '0', rate_ngn_per_usd: '1600' },
    rejection_code: 'wrong_network',
    rejection_reason: saleRejectionReasons.wrong_network,
    crypto_return: null,
  });

function show(sale: SaleDetail, support: () => { status: number; body: unknown } = () => ({ status: 200, body: contacts })) {
  routeFetch({ [`GET /api/transactions/${sale.id}`]: () => ({ status: 200, body: { transaction: sale } }), 'GET /api/support': support });
  return renderRoutes(routes, { path: transactionHref(sale.id) });
}

/** The text a link carries in its query parameter, decoded. */
const param = (href: string | null, name: string) => new URL(href ?? '').searchParams.get(name);

afterEach(async () => {
  await applyLanguage('en');
});

describe('a rejected gift-card sale', () => {
  it('names no account to be paid to, shows the reason first, and prefills support with the reference', async () => {
    const sale = rejectedCard();
    show(sale);
    const why = await screen.findByTestId('rejection-reason');
    expect(why.textContent).toContain(saleRejectionReasons.used_card);
    expect(screen.queryByText(transactionDetailTexts.toBePaidTo)).toBeNull();
    expect(screen.queryByText(transactionDetailTexts.paidTo)).toBeNull();
    expect(screen.queryByTestId('transaction-bank')).toBeNull();

    const support = await screen.findByTestId('sale-support');
    expect(within(support).getByRole('heading', { name: saleSupportTexts.action })).toBeTruthy();
    expect(support.textContent).toContain(saleSupportTexts.reference(sale.id));
    // Right under the reason, before the details.
    expect(why.compareDocumentPosition(support) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
    const message = saleSupportTexts.message(sale.title, sale.id);
    const whatsapp = await within(support).findByRole('link', { name: saleSupportTexts.whatsappLabel });
    expect(whatsapp.getAttribute('href')?.startsWith(`${contacts.whatsapp_url}?text=`)).toBe(true);
    expect(param(whatsapp.getAttribute('href'), 'text')).toBe(message);
    expect(whatsapp.getAttribute('target')).toBe('_blank');
    const email = within(support).getByRole('link', { name: saleSupportTexts.emailLabel });
    expect(email.getAttribute('href')?.startsWith(`${contacts.email_url}?subject=`)).toBe(true);
    // mailto: is no special scheme to URL: its query parses all the same.
    expect(param(email.getAttribute('href'), 'subject')).toBe(saleSupportTexts.subject(sale.id));
    expect(param(email.getAttribute('href'), 'body')).toBe(message);
    expect(message).toContain(sale.id);
  });

  it('leads to the support screen when the contacts do not load', async () => {
    show(rejectedCard(), () => ({ status: 503, body: { error: 'Service unavailable', code: 'UNAVAILABLE' } }));
    const fallback = await screen.findByTestId('sale-support-fallback', undefined, { timeout: 5000 });
    expect(fallback.getAttribute('href')).toBe(paths.support);
  });

  it('writes the message in Pidgin for a Pidgin reader', async () => {
    await applyLanguage('pcm');
    const sale = rejectedCard();
    show(sale);
    const whatsapp = await screen.findByTestId('sale-support-whatsapp');
    const text = param(whatsapp.getAttribute('href'), 'text') ?? '';
    expect(text).toContain('abeg');
    expect(text).toContain(sale.id);
  });
});

describe('a rejected crypto sale', () => {
  it('offers support with the reference and names no account to be paid to', async () => {
    const sale = rejectedCoin();
    show(sale);
    await screen.findByTestId('crypto-return');
    expect(screen.queryByText(transactionDetailTexts.toBePaidTo)).toBeNull();
    const whatsapp = await screen.findByTestId('sale-support-whatsapp');
    expect(param(whatsapp.getAttribute('href'), 'text')).toBe(saleSupportTexts.message(sale.title, sale.id));
  });
});

describe('sales that will be or were paid', () => {
  it('a pending sale names the account to be paid to and offers no sale support', async () => {
    show(saleDetail({}));
    const bank = await screen.findByTestId('transaction-bank');
    expect(bank.textContent).toContain('0123456789');
    expect(screen.getByText(transactionDetailTexts.toBePaidTo)).toBeTruthy();
    expect(screen.queryByTestId('sale-support')).toBeNull();
  });

  it('a paid sale names the account it was paid to', async () => {
    show(saleDetail({ status: 'successful', payout_reference: 'PSK-1' }));
    await screen.findByTestId('transaction-bank');
    expect(screen.getByText(transactionDetailTexts.paidTo)).toBeTruthy();
    expect(screen.queryByText(transactionDetailTexts.toBePaidTo)).toBeNull();
  });
});
