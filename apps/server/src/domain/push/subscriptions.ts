import { and, desc, eq, notInArray } from 'drizzle-orm';
import { PUSH_SUBSCRIPTIONS_PER_CUSTOMER, pushErrorCodes, pushMessages, type PushSubscribeRequest } from '@wise/shared';
import type { VapidConfig } from '#server/config';
import type { Db } from '#server/db/client';
import { pushSubscriptions } from '#server/db/schema/index';
import type { Clock } from '#server/lib/clock';
import { DomainError } from '../errors';
import { isAllowedPushEndpoint } from './endpoint-policy';

/**
 * The browsers a customer allowed to show notifications. The push service's URL is the
 * subscription's identity (a capability only that browser knows): subscribing it again — the
 * same browser after a key rotation, or another customer signing in on that browser — moves it to
 * the current customer with the new keys. Each customer keeps the newest few; the oldest go.
 */

const pushDisabled = () => new DomainError(pushErrorCodes.disabled, pushMessages.disabled, 404);

const endpointNotAllowed = () =>
  new DomainError(pushErrorCodes.endpointNotAllowed, pushMessages.endpointNotAllowed, 400, {
    fields: { endpoint: pushMessages.endpointNotAllowed },
  });

export async function subscribe(
  db: Db,
  clock: Clock,
  vapid: VapidConfig | undefined,
  userId: string,
  input: PushSubscribeRequest,
  /** PUSH_ENDPOINT_TEST_HOSTS (tests only). */
  testHosts: readonly string[] = [],
): Promise<void> {
  // Without keys nothing could be sent, so nothing is kept (and nothing will be queued).
  if (!vapid) throw pushDisabled();
  // Only the browsers' push services: the server POSTs to this URL at every notification.
  if (!isAllowedPushEndpoint(input.endpoint, testHosts)) throw endpointNotAllowed();
  await db.transaction(async (tx) => {
    const now = clock.now();
    await tx
      .insert(pushSubscriptions)
      .values({ userId, endpoint: input.endpoint, p256dh: input.keys.p256dh, auth: input.keys.auth, createdAt: now })
      .onConflictDoUpdate({
        target: pushSubscriptions.endpoint,
        set: { userId, p256dh: input.keys.p256dh, auth: input.keys.auth, createdAt: now, lastSuccessAt: null },
      });
    const newest = await tx
      .select({ id: pushSubscriptions.id })
      .from(pushSubscriptions)
      .where(eq(pushSubscriptions.userId, userId))
      .orderBy(desc(pushSubscriptions.createdAt), desc(pushSubscriptions.id))
      .limit(PUSH_SUBSCRIPTIONS_PER_CUSTOMER);
    await tx.delete(pushSubscriptions).where(
      and(
        eq(pushSubscriptions.userId, userId),
        notInArray(
          pushSubscriptions.id,
          newest.map((row) => row.id),
        ),
      ),
    );
  });
}

/** Forgets one of the customer's own subscriptions; another customer's endpoint is not found. */
export async function unsubscribe(db: Db, userId: string, endpoint: string): Promise<void> {
  const deleted = await db
    .delete(pushSubscriptions)
    .where(and(eq(pushSubscriptions.userId, userId), eq(pushSubscriptions.endpoint, endpoint)))
    .returning({ id: pushSubscriptions.id });
  if (deleted.length === 0) throw new DomainError(pushErrorCodes.notFound, pushMessages.subscriptionNotFound, 404);
}
