import { describe, expect, it } from 'vitest';
import { afterSaleTexts, formatKoboDifference, formatReviewDuration, saleReceipt, type SaleDetail } from '../src/index';

/** The receipt model both the phone's image and the server's PDF draw, and the after-sale wording. */

const sale = (overrides: Partial<SaleDetail> = {}): SaleDetail => ({
  id: '00000000-0000-4000-8000-000000000001',
  transaction_date: '2026-11-21T13:05:00.000Z',
  transaction_type: 'giftcard',
  title: 'Amazon · USA physical',
  amount_kobo: 3_625_050,
  status: 'pending',
  image_path_url: null,
  crypto_logo_url: null,
  comment: null,
  kind: 'giftcard',
  card: { name: 'Amazon', slug: 'amazon', image_url: '/api/giftcards/art/amazon.svg' },
  subcategory: 'USA physical',
  currency_amount: '25.00',
  currency: 'USD',
  exchange_rate: '1450.002',
  value_kobo: 3_625_050,
  images: [],
  card_code: 'SECRET-CODE',
  bank: { bank_name: 'Guaranty Trust Bank', account_number: '0123456789', account_name: 'ADA OBI' },
  timeline: [{ status: 'submitted', at: '2026-11-21T13:05:00.000Z' }],
  rejection_reason: null,
  payout_reference: null,
  ...overrides,
});
const issued = new Date('2026-11-21T15:00:00Z');
const rowsOf = (receipt: ReturnType<typeof saleReceipt>) =>
  Object.fromEntries(receipt.sections.flatMap((section) => section.rows.map((row) => [row.label, row.value])));

describe('saleReceipt', () => {
  it('a pending sale: its value to the kobo, the rate as recorded, the account masked, no card code', () => {
    const receipt = saleReceipt(sale(), 'Africa/Lagos', issued);
    expect(receipt).toMatchObject({
      amountLabel: 'Value',
      amount: '₦36,250.50',
      status: { label: 'Pending', tone: 'pending' },
      fileStem: 'wise-receipt-00000000',
    });
    const rows = rowsOf(receipt);
    expect(rows).toMatchObject({
      'Card amount': '$25.00',
      Rate: '₦1,450.00/$',
      'Quoted value': '₦36,250.50',
      'Account number': '******6789',
      Submitted: '21 Nov 2026, 14:05',
    });
    expect(JSON.stringify(receipt)).not.toContain('SECRET-CODE');
    expect(JSON.stringify(receipt)).not.toContain('0123456789');
  });

  it('a rejected sale keeps its reason and reference but names no account to be paid to', () => {
    const receipt = saleReceipt(
      sale({
        status: 'rejected',
        rejection_reason: 'The card has already been used',
        timeline: [
          { status: 'submitted', at: '2026-11-21T13:05:00.000Z' },
          { status: 'rejected', at: '2026-11-21T14:00:00.000Z' },
        ],
      }),
      'Africa/Lagos',
      issued,
    );
    const headings = receipt.sections.map((section) => section.heading);
    expect(headings).not.toContain('To be paid to');
    expect(headings).not.toContain('Paid to');
    expect(rowsOf(receipt)).not.toHaveProperty('Account number');
    expect(rowsOf(receipt)).toMatchObject({ 'Transaction reference': '00000000-0000-4000-8000-000000000001' });
    expect(receipt.notes[0]).toMatchObject({ heading: 'Why it was rejected', lines: ['The card has already been used'] });
  });

  it('a payout that failed reads "Payout failed" with its reason, whatever the reason is', () => {
    const receipt = saleReceipt(
      sale({
        paid_amount_kobo: 3_625_050,
        payout_failure: { code: 'other', reason: 'A reason written later.' },
        decided_at: '2026-11-21T14:00:00.000Z',
      }),
      'Africa/Lagos',
      issued,
    );
    expect(receipt.status).toEqual({ label: 'Payout failed', tone: 'rejected' });
    expect(receipt.notes).toEqual([{ heading: 'Payout failed', lines: ['A reason written later.'] }]);
    expect(rowsOf(receipt)['Reviewed (approved)']).toBe('21 Nov 2026, 15:00');
  });

  it('a paid crypto sale to a changed account: the new account, the coin, the difference signed', () => {
    const receipt = saleReceipt(
      sale({
        status: 'successful',
        kind: 'crypto',
        card: null,
        subcategory: null,
        coin: 'btc',
        coin_amount: '0.015',
        currency_amount: '1425.00',
        exchange_rate: '1600',
        crypto: { symbol: 'BTC', price_usd: '95000', usdt_rate_ngn: '1600', coin_adjustment_ngn: '0', rate_ngn_per_usd: '1600' },
        paid_amount_kobo: 3_625_100,
        amount_reason: 'Staff words',
        payout_account: { bank_name: 'Access Bank', account_number: '4556667778', account_name: 'ADA OBI' },
      }),
      'Africa/Lagos',
      issued,
    );
    expect(receipt.sections.map((section) => section.heading)).toContain('Paid to');
    expect(rowsOf(receipt)).toMatchObject({
      Type: 'Crypto sale',
      Amount: '0.015 BTC',
      'Worth in US dollars': '$1,425.00',
      Bank: 'Access Bank',
      'Account number': '******7778',
      'Difference from the quote': '+₦0.50',
      Reason: 'Staff words',
    });
  });
});

describe('amounts and durations', () => {
  it('signs a kobo difference exactly', () => {
    expect(formatKoboDifference(5_000_000, 4_987_655)).toBe('-₦123.45');
    expect(formatKoboDifference(100, 101)).toBe('+₦0.01');
  });

  it('says a review time as a person would', () => {
    expect(formatReviewDuration(20)).toBe('less than a minute');
    expect(formatReviewDuration(60)).toBe('about 1 minute');
    expect(formatReviewDuration(12 * 60 + 20)).toBe('about 12 minutes');
    expect(formatReviewDuration(3600)).toBe('about 1 hour');
    expect(formatReviewDuration(85 * 60)).toBe('about 1 hour 25 minutes');
    expect(formatReviewDuration(5.6 * 3600)).toBe('about 6 hours');
    expect(afterSaleTexts.reviewTime(1200)).toBe('Reviews are taking about 20 minutes right now.');
  });
});
