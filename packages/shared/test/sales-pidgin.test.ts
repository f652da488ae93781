import { describe, expect, it } from 'vitest';
import {
  payoutLimitMessage,
  payoutLimitMessageIn,
  payoutLimitTexts,
  registerCatalogue,
  saleReceipt,
  saleRejectionReasons,
  textsIn,
  tierTexts,
  translateText,
  type SaleDetail,
} from '../src/index';
import { pidginCatalogue } from '../src/i18n/pcm/index';
import { salesPairs } from '../src/i18n/pcm/sales';

/** The sales group's Pidgin: its pairs register, and the receipt the phone draws reads in Pidgin. */

registerCatalogue('pcm', pidginCatalogue);

const sale: SaleDetail = {
  id: '00000000-0000-4000-8000-000000000001',
  transaction_date: '2026-11-21T13:05:00.000Z',
  transaction_type: 'giftcard',
  title: 'Amazon · USA physical',
  amount_kobo: 3_625_050,
  status: 'rejected',
  image_path_url: null,
  crypto_logo_url: null,
  comment: null,
  kind: 'giftcard',
  card: { name: 'Amazon', slug: 'amazon', image_url: '/api/giftcards/art/amazon.svg' },
  subcategory: 'USA physical',
  currency_amount: '25.00',
  currency: 'USD',
  exchange_rate: '1450.00',
  value_kobo: 3_625_050,
  images: [],
  card_code: null,
  bank: { bank_name: 'Guaranty Trust Bank', account_number: '0123456789', account_name: 'ADA OBI' },
  timeline: [
    { status: 'submitted', at: '2026-11-21T13:05:00.000Z' },
    { status: 'rejected', at: '2026-11-21T14:05:00.000Z' },
  ],
  rejection_reason: saleRejectionReasons.used_card,
  payout_reference: null,
};
const issued = new Date('2026-11-21T15:00:00Z');

describe('the sales texts in Pidgin', () => {
  it('every pair translates every text: no Pidgin string is left empty', () => {
    const strings = (value: unknown): string[] =>
      typeof value === 'string' ? [value] : value && typeof value === 'object' ? Object.values(value).flatMap(strings) : [];
    for (const [english, pidgin] of salesPairs) {
      expect(strings(pidgin).length).toBe(strings(english).length);
      for (const text of strings(pidgin)) expect(text.trim()).not.toBe('');
    }
  });

  it('a rejected sale’s receipt: labels, status and the reason in Pidgin, names and figures as they are', () => {
    const receipt = saleReceipt(sale, 'Africa/Lagos', issued, 'pcm');
    expect(receipt.notes[0]).toEqual({ heading: 'Why we reject am', lines: ['Person don use the card before'] });
    expect(receipt.status).toEqual({ label: 'We reject am', tone: 'rejected' });
    const rows = Object.fromEntries(receipt.sections.flatMap((section) => section.rows.map((row) => [row.label, row.value])));
    expect(rows).toMatchObject({
      'Which kind': 'Gift card wey you sell',
      'How much for the card': '$25.00',
      'You don send am': '21 Nov 2026, 14:05',
    });
    // A rejected sale is never paid: no account "we go pay am enter".
    expect(rows).not.toHaveProperty('Di bank');
    expect(receipt.sections.map((section) => section.heading)).not.toContain('We go pay am enter');
    expect(receipt.footer[0]).toBe('All the times na Africa/Lagos time.');
  });

  it('English stays the default: the same receipt without a language is the English one', () => {
    const receipt = saleReceipt(sale, 'Africa/Lagos', issued);
    expect(receipt.notes[0]?.heading).toBe('Why it was rejected');
    expect(receipt.footer[0]).toBe('Times are in Africa/Lagos.');
    expect(textsIn(saleRejectionReasons, 'en').used_card).toBe('The card has already been used');
    expect(translateText(saleRejectionReasons.used_card, 'en')).toBe('The card has already been used');
  });

  it('a payout limit refusal: the server’s English sentence, or the same figures in Pidgin with the way up', () => {
    expect(payoutLimitMessage('daily', 10_000_000, 4_100_000, 0)).toBe(
      'Your daily selling limit is ₦100,000.00, and you have ₦41,000.00 left today. Verify your identity to raise it.',
    );
    const pidgin = payoutLimitMessage('daily', 10_000_000, 4_100_000, 0, textsIn(payoutLimitTexts, 'pcm'), textsIn(tierTexts, 'pcm'));
    expect(pidgin).toBe('Your daily selling limit na ₦100,000.00, and ₦41,000.00 remain for you today. Confam who you be make e go up.');
    const meta = { limit: 'daily', limit_kobo: 10_000_000, remaining_kobo: 4_100_000, tier: 0 };
    expect(payoutLimitMessageIn(meta, 'pcm')).toBe(pidgin);
    expect(payoutLimitMessageIn(meta, 'en')).toBeUndefined();
    // The notice links the way up by its opening words, which Pidgin keeps.
    expect(textsIn(tierTexts, 'pcm').verifyToRaise.startsWith(textsIn(tierTexts, 'pcm').verify)).toBe(true);
  });
});
