/*
 * The gem statement's words and limits, without zod (a screen showing them does not download the
 * schemas). gems.ts re-exports all of it.
 */
import type { BillKind } from './bills';

/** Every kind of movement on the gem ledger (the reasons of gem_entries). */
export const GEM_MOVEMENT_KINDS = [
  'daily_collection',
  'reward_accrual',
  'reward_claim',
  'reward_clawback',
  'hold',
  'hold_capture',
  'hold_release',
  'account_closure',
  'referral',
] as const;
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
  /**
   * Earned but not yet collected (a reward, an invite reward, or one taken back before it was
   * collected): the spendable balance did not move, so such a row shows its signed gems "to collect"
   * instead of a balance that reads like gems lost.
   */
  toCollect: 'to collect',
  /** Rows that move gems without changing the spendable balance say where the gems went. */
  notes: {
    hold_capture: 'Paid from held gems',
    reward_accrual: 'Added to Rewards, ready to collect',
    reward_clawback: 'Taken from rewards not yet collected',
    referral: 'Added to Rewards, ready to collect',
  } satisfies Partial<Record<GemMovementKind, string>>,
} as const;

/** The rows' titles: the server writes them, the app translates them back (translateText). */
export const gemMovementTitles = {
  daily_collection: 'Daily collection',
  reward_claim: 'Reward claimed',
  reward_accrual: 'Reward earned',
  reward_clawback: 'Reward taken back',
  hold: (bill: string) => `Held for ${bill}`,
  held: 'Held',
  hold_capture: (bill: string) => `Spent on ${bill}`,
  spent: 'Spent',
  hold_release: 'Released',
  account_closure: 'Forfeited: account deleted',
  referral: 'Invite reward',
} as const;

/** What a movement was, as its row's title: "Daily collection", "Held for TV", "Released"… */
export function gemMovementTitle(kind: GemMovementKind, billKind: BillKind | null): string {
  const bill = billKind ? billKindWords[billKind] : null;
  const t = gemMovementTitles;
  switch (kind) {
    case 'hold':
      return bill ? t.hold(bill) : t.held;
    case 'hold_capture':
      return bill ? t.hold_capture(bill) : t.spent;
    default:
      return t[kind];
  }
}
