import { eq, isNotNull, sql } from 'drizzle-orm';
import type { BroadcastAudience } from '@wise/shared/admin';
import { adminCustomerMessages } from '@wise/shared/admin';
import type { Db } from '#server/db/client';
import { notifications, users } from '#server/db/schema/index';
import type { Clock } from '#server/lib/clock';
import { notFound } from '../errors';
import { recordStaffAction } from './audit';
import type { StaffRequest } from './customers';

export interface BroadcastInput {
  audience: BroadcastAudience;
  userId?: string;
  message: string;
}

/**
 * Writes one in-app notification for every customer who can sign in (e-mail verified), or for
 * one customer, and the audit line, in one transaction. "All" is a single INSERT … SELECT: the
 * rows never pass through this process, however many customers there are.
 */
export async function broadcast(db: Db, clock: Clock, by: StaffRequest, input: BroadcastInput): Promise<{ recipients: number }> {
  const message = input.message.trim();
  if (!message) throw new RangeError('broadcast: empty message');
  if (input.audience === 'one' && !input.userId) throw new RangeError('broadcast: audience one needs a customer');
  return db.transaction(async (tx) => {
    const audience = input.audience === 'one' && input.userId ? eq(users.id, input.userId) : isNotNull(users.emailVerifiedAt);
    const sent = tx.$with('sent').as(
      tx
        .insert(notifications)
        .select(
          tx
            .select({
              // Column order must match the insert's: id and read_at take their defaults.
              id: sql`gen_random_uuid()`.as('id'),
              userId: users.id,
              message: sql`${message}`.as('message'),
              readAt: sql`NULL::timestamptz`.as('read_at'),
              // clock_timestamp like notify(): the database's time, the same as every other notice.
              createdAt: sql`clock_timestamp()`.as('created_at'),
              // A broadcast is about no transaction.
              saleId: sql`NULL::uuid`.as('sale_id'),
              billOrderId: sql`NULL::uuid`.as('bill_order_id'),
              // Nor about a screen: staff's own words, read where they are.
              topic: sql`NULL::text`.as('topic'),
            })
            .from(users)
            .where(audience),
        )
        .returning({ id: notifications.id }),
    );
    const [row] = await tx
      .with(sent)
      .select({ n: sql<number>`count(*)::int` })
      .from(sent);
    const recipients = row?.n ?? 0;
    if (input.audience === 'one' && recipients === 0) throw notFound(adminCustomerMessages.notFound);
    await recordStaffAction(tx, clock, by.staff, {
      action: 'broadcast.send',
      targetType: input.audience === 'one' ? 'customer' : 'customers',
      targetId: input.audience === 'one' ? (input.userId ?? null) : 'all',
      after: { audience: input.audience, message, recipients },
      ip: by.ip,
    });
    return { recipients };
  });
}
