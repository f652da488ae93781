/*
 * The gem statement's words and limits, without zod (a screen showing them does not download the
 * schemas). gems.ts re-exports all of it.
 */
import type { BillKind } from './bills';

/** Every kind of movement on the gem ledger (the reasons of gem_entries). */
export const GEM_MOVEMENT_KINDS = ['daily_collection', 'reward_accrual', 'reward_claim', 'reward_clawback', 'hold', 'hold_capture', 'hold_release', 'account_closure', 'referral'] as const;
export type GemMovementKind = (typeof GEM_MOVEMENT_KINDS)[number];

export const GEM_STATEMENT_PAGE_SIZE = 20;
export const GEM_STATEMENT_PAGE_MAX = 50;
/** The cursor carries its position, the running balance there and a signature. */
export const GEM_STATEMENT_CURSOR_MAX = 300;

const billKindWords: Record<BillKind, string> = { airtime: 'airtime', data: 'data', tv: 'TV', electricity: 'electricity' };

export const gemStatementTexts = {
  title: 'Gem statement',
  link: 'Gem statement',
  linkSub: 'Every gem in and out, with your balance',
  emptyTitle: 'No gem movements yet',
  emptyText: 'Collect your daily Wise Gems and every gem in and out will show here.',
  emptyAction: 'Collect Wise Gems',
  balanceAfter: 'Balance',
  /** Rows that move gems without changing the spendable balance say where the gems went. */
  notes: {
    hold_capture: 'Paid from held gems',
    reward_accrual: 'Added to Rewards, ready to collect',
    reward_clawback: 'Taken from rewards not yet collected',
    referral: 'Added to Rewards, ready to collect',
  } satisfies Partial<Record<GemMovementKind, string>>,
} as const;

/** What a movement was, as its row's title: "Daily collection", "Held for TV", "Released"… */
export function gemMovementTitle(kind: GemMovementKind, billKind: BillKind | null): string {
  const bill = billKind ? billKindWords[billKind] : null;
  switch (kind) {
    case 'daily_collection':
      return 'Daily collection';
    case 'reward_claim':
      return 'Reward claimed';
    case 'reward_accrual':
      return 'Reward earned';
    case 'reward_clawback':
      return 'Reward taken back';
    case 'hold':
      return bill ? `Held for ${bill}` : 'Held';
    case 'hold_capture':
      return bill ? `Spent on ${bill}` : 'Spent';
    case 'hold_release':
      return 'Released';
    case 'account_closure':
      return 'Forfeited: account deleted';
    case 'referral':
      return 'Invite reward';
  }
}
