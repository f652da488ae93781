import { describe, expect, it } from 'vitest';
import { billReceipt, saleReceipt, type BillTransactionDetail } from '@wise/shared';
import { saleDetail } from '#web/testing/sales';
import { layoutReceipt, RECEIPT_WIDTH, wrapText, type DrawOp } from './receipt-layout';

/**
 * The receipt image's composition, without a canvas: a stand-in measure makes every character as
 * wide as a fixed share of its font size, so wrapping and fitting are checked exactly.
 */
const measure = (text: string, font: string) => text.length * Number(/(\d+)px/.exec(font)?.[1] ?? 0) * 0.6;
const texts = (ops: DrawOp[]) => ops.flatMap((op) => (op.kind === 'text' ? [op] : []));
const issued = new Date('2026-11-21T15:00:00Z');

/** The left and right edges of a text op as painted (`x` is its anchor by alignment). */
function edges(op: Extract<DrawOp, { kind: 'text' }>): [number, number] {
  const width = measure(op.text, op.font);
  if (op.align === 'left') return [op.x, op.x + width];
  if (op.align === 'right') return [op.x - width, op.x];
  return [op.x - width / 2, op.x + width / 2];
}

describe('the receipt image', () => {
  const paidLess = saleDetail({
    id: '5b87ec72-e39e-41cf-90d1-16fbdba1afd9',
    status: 'successful',
    amount_kobo: 3_625_050,
    paid_amount_kobo: 3_500_000,
    amount_reason: 'The card balance was lower than stated',
    payout_reference: 'TRF_sandbox_262c852358340314',
    timeline: [
      { status: 'submitted', at: '2026-11-21T13:05:00.000Z' },
      { status: 'under_review', at: '2026-11-21T13:20:00.000Z' },
      { status: 'paid', at: '2026-11-21T13:41:00.000Z' },
    ],
    decided_at: '2026-11-21T13:40:00.000Z',
  });

  it('holds the amounts to the kobo, the difference and its reason, the masked account and every time in Lagos', () => {
    const layout = layoutReceipt(saleReceipt(paidLess, 'Africa/Lagos', issued), measure);
    const words = texts(layout.ops).map((op) => op.text);
    // A long value wraps: at spaces (read with a space) or inside a word (read with none).
    const all = words.join(' ');
    expect(words).toContain('₦35,000.00');
    expect(words).toContain('₦36,250.50');
    expect(words).toContain('-₦1,250.50');
    expect(all).toContain('The card balance was lower');
    expect(words).toContain('******6789');
    expect(all).not.toContain('0123456789');
    expect(words.join('')).toContain('TRF_sandbox_262c852358340314');
    // 13:05 UTC is 14:05 in Lagos.
    expect(words).toContain('21 Nov 2026, 14:05');
    expect(words).toContain('21 Nov 2026, 14:40');
    expect(words).toContain('21 Nov 2026, 14:41');
    expect(words).toContain('Successful');
  });

  it('keeps every word inside the white card and grows taller, not wider, for long values', () => {
    const long = saleDetail({
      rejection_reason: 'The card is not the type or country you selected',
      rejection_message: 'This looks like a UK card. Sell it again under UK physical and attach a photo of the back. '.repeat(3),
      status: 'rejected',
      transaction_id: '0x8f3a9c2b7d1e4f6a8b9c0d1e2f3a4b5c6d7e8f9a0b1c2d3e4f5a6b7c8d9e0f1a2b',
    });
    const short = layoutReceipt(saleReceipt(saleDetail(), 'Africa/Lagos', issued), measure);
    const layout = layoutReceipt(saleReceipt(long, 'Africa/Lagos', issued), measure);
    expect(layout.width).toBe(RECEIPT_WIDTH);
    expect(layout.height).toBeGreaterThan(short.height);
    for (const op of texts(layout.ops)) {
      const [left, right] = edges(op);
      expect(left, op.text).toBeGreaterThanOrEqual(12);
      expect(right, op.text).toBeLessThanOrEqual(RECEIPT_WIDTH - 12);
      expect(op.y, op.text).toBeLessThan(layout.height);
    }
    // The hash is cut into pieces that together are the whole of it.
    const hash = long.transaction_id!;
    expect(
      texts(layout.ops)
        .map((op) => op.text)
        .filter((text) => hash.includes(text) && text.length > 4)
        .join(''),
    ).toBe(hash);
  });

  it('shrinks a very large amount to stay on one line', () => {
    const layout = layoutReceipt(saleReceipt(saleDetail({ amount_kobo: 999_999_999_999_99 }), 'Africa/Lagos', issued), measure);
    const amount = texts(layout.ops).find((op) => op.text === '₦999,999,999,999.99');
    expect(amount).toBeDefined();
    const [left, right] = edges(amount!);
    expect(right - left).toBeLessThanOrEqual(RECEIPT_WIDTH - 64);
  });

  it("carries an electricity purchase's token and the naira its gems paid", () => {
    const bill: BillTransactionDetail = {
      id: '9a1b2c3d-0000-4000-8000-000000000001',
      transaction_date: '2026-11-21T13:05:00.000Z',
      transaction_type: 'electricity',
      title: 'Ikeja Electric · 45012345678',
      amount_kobo: 250_000,
      status: 'successful',
      image_path_url: null,
      crypto_logo_url: null,
      comment: null,
      kind: 'electricity',
      reference: 'req_0f9e8d7c',
      authorised_at: '2026-11-21T13:05:30.000Z',
      order: {
        id: '9a1b2c3d-0000-4000-8000-000000000001',
        kind: 'electricity',
        status: 'successful',
        service: 'ikeja',
        amount: 2500,
        phone: '08031234567',
        plan_name: null,
        customer_id: '45012345678',
        token: '1234-5678-9012-3456-7890',
        units: '32.5',
        message: null,
        created_at: '2026-11-21T13:05:00.000Z',
        settled_at: '2026-11-21T13:06:00.000Z',
      },
    };
    const words = texts(layoutReceipt(billReceipt(bill, 'Africa/Lagos', issued), measure).ops).map((op) => op.text);
    // The token is longer than the value column: cut into consecutive pieces.
    expect(words.join('')).toContain('1234-5678-9012-3456-7890');
    expect(words).toContain('₦2,500.00');
    expect(words).toContain('2,500 Wise Gems');
    expect(words).toContain('req_0f9e8d7c');
    expect(words).toContain('21 Nov 2026, 14:06');
  });

  it('wraps at spaces and cuts only a word too wide for the column', () => {
    const font = '400 10px sans-serif';
    expect(wrapText('aa bb cc', font, 29, measure)).toEqual(['aa', 'bb', 'cc']);
    expect(wrapText('aa bb', font, 30 + 6 * 3, measure)).toEqual(['aa bb']);
    expect(wrapText('abcdefghij', font, 24, measure)).toEqual(['abcd', 'efgh', 'ij']);
  });
});
