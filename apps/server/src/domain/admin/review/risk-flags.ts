import { and, asc, eq, ne, or, sql, type SQL } from 'drizzle-orm';
import {
  RISK_AMOUNT_HISTORY,
  RISK_AMOUNT_MIN_HISTORY,
  RISK_AMOUNT_MULTIPLIER,
  RISK_FLAG_CODES,
  RISK_NEW_ACCOUNT_HOURS,
  RISK_PHOTO_MAX_DISTANCE,
  RISK_VELOCITY_COUNT,
  RISK_VELOCITY_WINDOW_MINUTES,
  type RiskFlag,
  type RiskFlagCode,
  type RiskFlagRelatedSale,
} from '@wise/shared/admin';
import type { Db } from '#server/db/client';
import { sales, users } from '#server/db/schema/index';

/**
 * Risk flags (README.md "Risk flags"): each flag is ONE SQL predicate over the row `sales` of the
 * statement it is used in, so the queue (filter, sort, the flags of each row) and a sale's page
 * read the very same rule. Each predicate reads indexes only: the customer's sales by time
 * (sales_user_list_idx), the normalised transaction ID, the card code's hash, the four bands of
 * the images' perceptual hashes (0017).
 *
 * Adding a flag: its code and texts in @wise/shared/admin risk-flags.ts, and its predicate here
 * (as `name_mismatch` below); the Record makes the compiler ask for it.
 */

const PHASH_BANDS = [48, 32, 16, 0] as const;

/**
 * The band's 16 bits, written exactly as its index (0017) is: `phash & 65535` for the lowest one,
 * since the planner matches an expression index by its text and `(phash >> 0) & 65535` is not
 * `phash & 65535` to it; that band read every image of every customer for each row of a page.
 */
const band = (column: string, shift: number) => sql.raw(shift === 0 ? `(${column} & 65535)` : `((${column} >> ${shift}) & 65535)`);

/**
 * A gift card's photo is near (≤ RISK_PHOTO_MAX_DISTANCE bits) a photo of another customer's gift-card
 * sale. Crypto screenshots take no part: an exchange's confirmation screens look alike to a
 * perceptual hash, so they matched each other (0051).
 */
const nearPhotoExists = (shift: number) => sql`EXISTS (
  SELECT 1 FROM sale_images mine
  JOIN sale_images other
    ON ${band('other.phash', shift)} = ${band('mine.phash', shift)} AND other.phash IS NOT NULL
  JOIN sales other_sale ON other_sale.id = other.sale_id AND other_sale.kind = 'giftcard'
  WHERE mine.sale_id = ${sales.id} AND mine.phash IS NOT NULL AND other.user_id <> ${sales.userId}
    AND bit_count((mine.phash # other.phash)::bit(64)) <= ${sql.raw(String(RISK_PHOTO_MAX_DISTANCE))}
)`;

/** A crypto screenshot is the very same stored image (its SHA-256) as one of another customer's sale. */
const sameScreenshotExists = sql`EXISTS (
  SELECT 1 FROM sale_images mine
  JOIN sale_images other ON other.digest = mine.digest
  WHERE mine.sale_id = ${sales.id} AND mine.digest IS NOT NULL AND other.user_id <> ${sales.userId}
)`;

export const riskFlagPredicates: Record<RiskFlagCode, SQL> = {
  duplicate_transaction_id: sql`(${sales.transactionIdNormalized} IS NOT NULL AND EXISTS (
    SELECT 1 FROM sales other
    WHERE other.transaction_id_normalized = ${sales.transactionIdNormalized} AND other.coin = ${sales.coin} AND other.id <> ${sales.id}
  ))`,
  // 0044 could not read one ID out of what an older sale's customer typed (docs/identifiers.md).
  transaction_id_unreadable: sql`(${sales.transactionIdAsTyped} IS NOT NULL AND ${sales.transactionId} IS NULL)`,
  duplicate_card_code: sql`(${sales.cardCodeHash} IS NOT NULL AND EXISTS (
    SELECT 1 FROM sales other WHERE other.card_code_hash = ${sales.cardCodeHash} AND other.id <> ${sales.id}
  ))`,
  duplicate_photo: sql`(CASE ${sales.kind} WHEN 'giftcard' THEN (${sql.join(
    PHASH_BANDS.map((shift) => nearPhotoExists(shift)),
    sql` OR `,
  )}) ELSE ${sameScreenshotExists} END)`,
  new_account: sql`((SELECT u.created_at FROM users u WHERE u.id = ${sales.userId}) > ${sales.createdAt} - make_interval(hours => ${sql.raw(String(RISK_NEW_ACCOUNT_HOURS))}))`,
  velocity: sql`((
    SELECT count(*) FROM sales other
    WHERE other.user_id = ${sales.userId}
      AND other.created_at BETWEEN ${sales.createdAt} - make_interval(mins => ${sql.raw(String(RISK_VELOCITY_WINDOW_MINUTES))})
                               AND ${sales.createdAt} + make_interval(mins => ${sql.raw(String(RISK_VELOCITY_WINDOW_MINUTES))})
  ) >= ${sql.raw(String(RISK_VELOCITY_COUNT))})`,
  first_sale: sql`(NOT EXISTS (
    SELECT 1 FROM sales other WHERE other.user_id = ${sales.userId} AND (other.created_at, other.id) < (${sales.createdAt}, ${sales.id})
  ))`,
  // The account name only partly fitted the profile name when the sale was made (0018; a clear
  // mismatch is never saved). Details saved before the check (NULL) are not flagged.
  name_mismatch: sql`(${sales.accountNameMatch} = 'partial')`,
  // The customer's last paid sales before this one. Paid is asked as list_status = 'successful',
  // which 0007 generates from status = 'paid' and nothing else, so that they are read in order from
  // sales_user_status_list_idx and stop at the tenth: no index has `status` after the customer, so
  // `status = 'paid'` read the customer's earlier sales of every status (on a small table the
  // planner even took them all and sorted them).
  amount_above_usual: sql`(COALESCE(${sales.valueKobo} > ${sql.raw(String(RISK_AMOUNT_MULTIPLIER))} * (
    SELECT avg(recent.value_kobo) FROM (
      SELECT other.value_kobo FROM sales other
      WHERE other.user_id = ${sales.userId} AND other.list_status = 'successful' AND (other.created_at, other.id) < (${sales.createdAt}, ${sales.id})
      ORDER BY other.created_at DESC, other.id DESC
      LIMIT ${sql.raw(String(RISK_AMOUNT_HISTORY))}
    ) recent
    HAVING count(*) >= ${sql.raw(String(RISK_AMOUNT_MIN_HISTORY))}
  ), false))`,
};

/** The row's flags as a text[] in RISK_FLAG_CODES order (a select column of the queue). */
export const riskFlagsColumn = sql<RiskFlagCode[]>`array_remove(ARRAY[${sql.join(
  RISK_FLAG_CODES.map((code) => sql`CASE WHEN ${riskFlagPredicates[code]} THEN ${sql.raw(`'${code}'`)} END`),
  sql`, `,
)}]::text[], NULL)`;

/** How many flags the row carries (the queue's sort by flags). */
export const riskFlagCountColumn = sql<number>`(${sql.join(
  RISK_FLAG_CODES.map((code) => sql`CASE WHEN ${riskFlagPredicates[code]} THEN 1 ELSE 0 END`),
  sql` + `,
)})`;

/** Arrays from the driver may arrive as text ("{a,b}") on some paths: both read the same. */
export function parseFlagArray(value: unknown): RiskFlagCode[] {
  const items = Array.isArray(value)
    ? value
    : typeof value === 'string'
      ? value
          .replace(/^\{|\}$/g, '')
          .split(',')
          .filter((item) => item !== '')
      : [];
  return RISK_FLAG_CODES.filter((code) => items.includes(code));
}

/** One sale's flags for its page, with the other sales behind each duplicate. */
export async function getRiskFlags(db: Db, saleId: string): Promise<RiskFlag[]> {
  const [row] = await db
    .select({
      flags: riskFlagsColumn,
      kind: sales.kind,
      coin: sales.coin,
      normalized: sales.transactionIdNormalized,
      hash: sales.cardCodeHash,
      userId: sales.userId,
    })
    .from(sales)
    .where(eq(sales.id, saleId))
    .limit(1);
  if (!row) return [];
  const codes = parseFlagArray(row.flags);
  return Promise.all(
    codes.map(async (code): Promise<RiskFlag> => {
      switch (code) {
        case 'duplicate_transaction_id':
          return {
            code,
            related_sales:
              row.normalized && row.coin
                ? await relatedSales(db, saleId, and(eq(sales.coin, row.coin), eq(sales.transactionIdNormalized, row.normalized)))
                : [],
          };
        case 'duplicate_card_code':
          return { code, related_sales: row.hash ? await relatedSales(db, saleId, eq(sales.cardCodeHash, row.hash)) : [] };
        case 'duplicate_photo':
          return {
            code,
            related_sales: await relatedSales(
              db,
              saleId,
              row.kind === 'giftcard' ? nearPhotoOf(saleId, row.userId) : sameScreenshotOf(saleId, row.userId),
            ),
          };
        default:
          return { code, related_sales: [] };
      }
    }),
  );
}

/** The other customers' sales whose stored image is the very same as one of `saleId`'s. */
const sameScreenshotOf = (saleId: string, userId: string) =>
  and(
    ne(sales.userId, userId),
    sql`EXISTS (
      SELECT 1 FROM sale_images mine JOIN sale_images other ON other.sale_id = ${sales.id} AND other.digest = mine.digest
      WHERE mine.sale_id = ${saleId}::uuid AND mine.digest IS NOT NULL
    )`,
  );

/** The other customers' gift-card sales with a photo near one of `saleId`'s. */
const nearPhotoOf = (saleId: string, userId: string) =>
  and(
    ne(sales.userId, userId),
    eq(sales.kind, 'giftcard'),
    sql`EXISTS (
      SELECT 1 FROM sale_images mine JOIN sale_images other ON other.sale_id = ${sales.id} AND other.phash IS NOT NULL
      WHERE mine.sale_id = ${saleId}::uuid AND mine.phash IS NOT NULL
        AND (${or(...PHASH_BANDS.map((shift) => sql`${band('other.phash', shift)} = ${band('mine.phash', shift)}`))})
        AND bit_count((mine.phash # other.phash)::bit(64)) <= ${sql.raw(String(RISK_PHOTO_MAX_DISTANCE))}
    )`,
  );

const RELATED_MAX = 10;

async function relatedSales(db: Db, saleId: string, condition: SQL | undefined): Promise<RiskFlagRelatedSale[]> {
  const rows = await db
    .select({
      id: sales.id,
      kind: sales.kind,
      title: sales.title,
      status: sales.status,
      createdAt: sales.createdAt,
      customerId: users.id,
      fullName: users.fullName,
      username: users.username,
    })
    .from(sales)
    .innerJoin(users, eq(users.id, sales.userId))
    .where(and(ne(sales.id, saleId), condition))
    .orderBy(asc(sales.createdAt), asc(sales.id))
    .limit(RELATED_MAX);
  return rows.map((other) => ({
    id: other.id,
    kind: other.kind,
    title: other.title,
    status: other.status,
    created_at: other.createdAt.toISOString(),
    customer: { id: other.customerId, full_name: other.fullName, username: other.username },
  }));
}
