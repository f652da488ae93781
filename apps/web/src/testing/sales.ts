import type { GiftCardDetailResponse, SaleDetail, TransactionItem } from '@wise/shared';

/** Test data for the gift-card and transactions screens, shaped like the API's answers. */

export const amazon: GiftCardDetailResponse = {
  card: {
    id: '0e7c1b7e-2a43-4f38-9d5e-7a1f7a0c9e21',
    name: 'Amazon',
    slug: 'amazon',
    image_url: '/api/giftcards/art/amazon.svg',
    currency: 'USD',
    brand_color: '#ff9900',
  },
  subcategories: [
    {
      id: '6f1c1c9e-3f7e-4c43-9a39-0c7f3c1b2a10',
      subcategory: 'USA physical · $25–$100',
      exchange_rate: '1450.00',
      kind: 'physical',
      country: 'USA',
      min_amount: '25.00',
      max_amount: '100.00',
      currency: 'USD',
    },
    {
      id: '9a8b7c6d-5e4f-4a3b-8c2d-1e0f9a8b7c6d',
      subcategory: 'USA e-code · $25–$500',
      exchange_rate: '1100.00',
      kind: 'ecode',
      country: 'USA',
      min_amount: '25.00',
      max_amount: '500.00',
      currency: 'USD',
    },
  ],
};

export const bankDetails = { bank_name: 'Guaranty Trust Bank', bank_code: '058', bank_account: '0123456789', account_name: 'ADA OBI' };
export const noBankDetails = { bank_name: null, bank_code: null, bank_account: null, account_name: null };

let counter = 0;
const uuid = () => {
  counter += 1;
  return `00000000-0000-4000-8000-${String(counter).padStart(12, '0')}`;
};

export function transactionItem(overrides: Partial<TransactionItem> = {}): TransactionItem {
  return {
    id: uuid(),
    transaction_date: '2026-11-21T13:05:00.000Z',
    transaction_type: 'giftcard',
    title: 'Amazon · USA physical',
    amount_kobo: 3_625_000,
    status: 'pending',
    image_path_url: '/api/giftcards/art/amazon.svg',
    crypto_logo_url: null,
    comment: null,
    ...overrides,
  };
}

export function saleDetail(overrides: Partial<SaleDetail> = {}): SaleDetail {
  const item = transactionItem(overrides);
  return {
    ...item,
    kind: 'giftcard',
    card: { name: 'Amazon', slug: 'amazon', image_url: '/api/giftcards/art/amazon.svg' },
    subcategory: 'USA physical · $25–$100',
    currency_amount: '25.00',
    currency: 'USD',
    exchange_rate: '1450.00',
    value_kobo: item.amount_kobo,
    images: [`/api/sales/${item.id}/images/a1.webp`, `/api/sales/${item.id}/images/b2.webp`],
    card_code: null,
    bank: { bank_name: 'Guaranty Trust Bank', account_number: '0123456789', account_name: 'ADA OBI' },
    timeline: [{ status: 'submitted', at: item.transaction_date }],
    rejection_reason: null,
    payout_reference: null,
    ...overrides,
  };
}
