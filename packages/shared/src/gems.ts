import { z } from 'zod';
import { fieldMessages } from './messages';
import { gemMessages, GEMS_MAX, REWARDS_HISTORY_PAGE_MAX, IDEMPOTENCY_KEY_PATTERN } from './plain/gems';
import { GEM_MOVEMENT_KINDS, GEM_STATEMENT_CURSOR_MAX, GEM_STATEMENT_PAGE_MAX } from './plain/gem-statement';
import { cursorQueryField, pageLimitQueryField } from './lists';

export {
  gemMessages,
  rewardMessages,
  gemErrorCodes,
  GEMS_MAX,
  WEEK_DAYS,
  gemsForDay,
  zonedParts,
  addDays,
  weekDayOf,
  localDateAt,
  startOfLocalDate,
  gemDayAt,
  formatCountdown,
  comeBackLabel,
  REWARDS_HISTORY_PAGE_SIZE,
  REWARDS_HISTORY_PAGE_MAX,
  IDEMPOTENCY_KEY_PATTERN,
} from './plain/gems';
export type { GemDay } from './plain/gems';
export {
  GEM_MOVEMENT_KINDS,
  GEM_STATEMENT_PAGE_SIZE,
  GEM_STATEMENT_PAGE_MAX,
  GEM_STATEMENT_CURSOR_MAX,
  gemStatementTexts,
  gemMovementTitle,
  gemMovementTitles,
} from './plain/gem-statement';
export type { GemMovementKind } from './plain/gem-statement';

export const gemAmountSchema = z.number().int().min(0).max(GEMS_MAX);

// ---------------------------------------------------------------------------------------------
// API schemas
// ---------------------------------------------------------------------------------------------

/** docs/product.md §7 get_user_points.php. */
export const gemBalanceResponseSchema = z.object({ total_points: gemAmountSchema });
export type GemBalanceResponse = z.infer<typeof gemBalanceResponseSchema>;

const dayKeySchema = z.enum(['1', '2', '3', '4', '5', '6', '7']);

/** docs/product.md §7 api_coin.php GET, plus what the screen needs to draw the week and the countdown. */
export const gemCollectionResponseSchema = z.object({
  /** docs/product.md §3: keyed by day 1-7, `collected` when done this week. */
  collection_status: z.partialRecord(dayKeySchema, z.literal('collected')),
  days: z.array(z.object({ day: z.number().int().min(1).max(7), amount: gemAmountSchema, collected: z.boolean() })).length(7),
  today: z.number().int().min(1).max(7),
  collected_today: z.boolean(),
  /** Local midnight in APP_TIMEZONE, ISO 8601. */
  next_reset_at: z.iso.datetime({ offset: true }),
  /** The server's clock when it answered, so the countdown can ignore a skewed phone clock. */
  server_time: z.iso.datetime({ offset: true }),
  time_zone: z.string(),
});
export type GemCollectionResponse = z.infer<typeof gemCollectionResponseSchema>;

/** docs/product.md §7 api_coin.php POST. */
export const gemCollectResponseSchema = z.object({
  status: z.literal('success'),
  message: z.string(),
  day: z.number().int().min(1).max(7),
  points: gemAmountSchema,
  total_points: gemAmountSchema,
});
export type GemCollectResponse = z.infer<typeof gemCollectResponseSchema>;

/** docs/product.md §7 total_rewards.php: all gems ever claimed from rewards. */
export const rewardsTotalResponseSchema = z.object({
  total_rewards: gemAmountSchema,
  /** Accrued by approved sales and not yet claimed. */
  claimable: gemAmountSchema,
});
export type RewardsTotalResponse = z.infer<typeof rewardsTotalResponseSchema>;

/** docs/product.md §3 "Reward history entry". */
export const rewardHistoryEntrySchema = z.object({
  id: z.string(),
  created_at: z.iso.datetime({ offset: true }),
  points: gemAmountSchema,
  reward: z.string(),
});
export type RewardHistoryEntry = z.infer<typeof rewardHistoryEntrySchema>;

/** docs/product.md §7 rewards_history.php: newest first, one page; `next_cursor` fetches older claims (null on the last page). */
export const rewardsHistoryResponseSchema = z.object({ rewards: z.array(rewardHistoryEntrySchema), next_cursor: z.string().nullable() });
export type RewardsHistoryResponse = z.infer<typeof rewardsHistoryResponseSchema>;

/** GET /api/rewards/history?cursor=&limit= */
export const rewardsHistoryQuerySchema = z.object({
  cursor: z
    .string()
    .max(200, fieldMessages.invalidEntry)
    .regex(/^[A-Za-z0-9_-]+$/, fieldMessages.invalidEntry)
    .optional(),
  limit: z
    .string()
    .regex(/^\d{1,3}$/, fieldMessages.invalidEntry)
    .transform(Number)
    .pipe(z.number().int().min(1, fieldMessages.invalidEntry).max(REWARDS_HISTORY_PAGE_MAX, fieldMessages.invalidEntry))
    .optional(),
});
export type RewardsHistoryQuery = z.infer<typeof rewardsHistoryQuerySchema>;

/** docs/product.md §7 claim_reward.php. */
export const rewardClaimResponseSchema = z.object({
  status: z.literal('success'),
  message: z.string(),
  claim: rewardHistoryEntrySchema,
  total_points: gemAmountSchema,
});
export type RewardClaimResponse = z.infer<typeof rewardClaimResponseSchema>;
export const idempotencyKeySchema = z.string().regex(IDEMPOTENCY_KEY_PATTERN, gemMessages.idempotencyKeyInvalid);

/** Request headers of the gem writes; every other header passes through untouched. */
export const gemWriteHeadersSchema = z.looseObject({ 'idempotency-key': idempotencyKeySchema.optional() });

// ---------------------------------------------------------------------------------------------
// The gem statement: every movement of the customer's gems, newest first
// ---------------------------------------------------------------------------------------------

export const gemMovementSchema = z.object({
  /** The ledger entry. */
  id: z.string(),
  kind: z.enum(GEM_MOVEMENT_KINDS),
  /** What happened, e.g. "Daily collection", "Held for TV", "Released". */
  title: z.string(),
  /** What it was about, e.g. the bill ("MTN airtime · +234 803 123 4567") or the reward; null when the title says it all. */
  detail: z.string().nullable(),
  /** The size of the movement, whole gems. */
  gems: gemAmountSchema,
  /** The signed change to the spendable balance: 0 for gems that move elsewhere (a capture of held gems, rewards to collect). */
  amount: z.number().int(),
  /** The spendable balance just after this movement. */
  balance: z.number().int(),
  created_at: z.iso.datetime({ offset: true }),
  /** The sale or bill order it is about, for its detail screen; null otherwise. */
  transaction_id: z.string().nullable(),
});
export type GemMovement = z.infer<typeof gemMovementSchema>;

/** Newest first, one page; `next_cursor` fetches older movements and is null on the last page. */
export const gemStatementResponseSchema = z.object({ movements: z.array(gemMovementSchema), next_cursor: z.string().nullable() });
export type GemStatementResponse = z.infer<typeof gemStatementResponseSchema>;

/** GET /api/gems/statement?cursor=&limit= */
export const gemStatementQuerySchema = z.object({
  cursor: cursorQueryField(GEM_STATEMENT_CURSOR_MAX),
  limit: pageLimitQueryField(GEM_STATEMENT_PAGE_MAX),
});
export type GemStatementQuery = z.infer<typeof gemStatementQuerySchema>;
