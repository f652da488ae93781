import { and, eq, lt } from 'drizzle-orm';
import { gemErrorCodes, gemMessages, IDEMPOTENCY_KEY_PATTERN, type ErrorBody } from '@wise/shared';
import type { Db } from '#server/db/client';
import { gemRequestKeys } from '#server/db/schema/gems';
import type { Clock } from '#server/lib/clock';
import { DomainError } from '../errors';

/**
 * Idempotency-Key for the customer's gem writes (POST /api/gems/collect, /api/rewards/claim).
 *
 * A phone that loses the answer to "collect" and retries would otherwise see "already collected"
 * (409) for gems it did receive. With a key, the first answer — success or refusal — is stored
 * with the movement, in the same transaction, and any retry with that key gets it back unchanged.
 * Keys belong to one customer; the same key for another operation is a 422. Concurrent retries
 * queue on the key's primary key: the second waits for the first to commit, then replays it.
 */

export type GemWriteOperation = 'gems.collect' | 'rewards.claim';

/** How long an answer is kept for retries (then `purgeGemRequestKeys` drops it). */
export const IDEMPOTENCY_KEY_RETENTION_MS = 24 * 60 * 60 * 1000;

export interface KeyedRequest {
  userId: string;
  key: string;
  operation: GemWriteOperation;
}

export interface KeyedAnswer<T> {
  status: number;
  body: T;
  /** True when this is a stored answer to an earlier request with the same key. */
  replayed: boolean;
}

/** The body the error handler sends for a DomainError (plugins/errors.ts), kept to send again. */
interface StoredError {
  error: string;
  code: string;
  fields?: Record<string, string>;
  meta?: ErrorBody['meta'];
}

const keyReused = () => new DomainError(gemErrorCodes.idempotencyMismatch, gemMessages.idempotencyKeyReused, 422);

/** Refusals worth replaying: the customer's own 4xx, not a rate limit that will lift. */
const isStorable = (error: unknown): error is DomainError =>
  error instanceof DomainError && error.status >= 400 && error.status < 500 && error.status !== 429;

function replay<T>(status: number, body: unknown): KeyedAnswer<T> {
  if (status >= 400) {
    const stored = body as StoredError;
    throw new DomainError(stored.code, stored.error, status, { fields: stored.fields, meta: stored.meta });
  }
  return { status, body: body as T, replayed: true };
}

type Outcome<T> = { kind: 'answer'; answer: KeyedAnswer<T> } | { kind: 'refused'; error: DomainError };

/**
 * Runs `work` (which builds the response body, inside the given transaction) once per key, or
 * returns the answer stored by the first request with this key. A refusal the first time is
 * thrown again, identically, on every retry.
 */
export async function answerOnce<T>(db: Db, clock: Clock, request: KeyedRequest, work: (tx: Db) => Promise<T>): Promise<KeyedAnswer<T>> {
  if (!IDEMPOTENCY_KEY_PATTERN.test(request.key)) throw new RangeError('idempotency key must match IDEMPOTENCY_KEY_PATTERN');
  const outcome = await db.transaction(async (tx): Promise<Outcome<T>> => {
    const claimed = await tx
      .insert(gemRequestKeys)
      .values({ userId: request.userId, key: request.key, operation: request.operation, createdAt: clock.now() })
      .onConflictDoNothing()
      .returning({ key: gemRequestKeys.key });
    const ours = and(eq(gemRequestKeys.userId, request.userId), eq(gemRequestKeys.key, request.key));

    if (claimed.length === 0) {
      // Read after the conflict: the first request has committed (or we would still be waiting).
      const [first] = await tx.select().from(gemRequestKeys).where(ours);
      if (!first || first.responseStatus === null) throw new Error(`idempotency key ${request.key} conflicted but holds no answer`);
      if (first.operation !== request.operation) throw keyReused();
      return { kind: 'answer', answer: replay<T>(first.responseStatus, first.responseBody) };
    }

    let status: number;
    let body: unknown;
    let refusal: DomainError | undefined;
    try {
      // Its own savepoint: a refusal undoes the work but keeps the key row to record it on.
      body = await tx.transaction((inner) => work(inner));
      status = 200;
    } catch (error) {
      if (!isStorable(error)) throw error;
      refusal = error;
      status = error.status;
      const stored: StoredError = { error: error.message, code: String(error.code) };
      if (error.extra.fields) stored.fields = error.extra.fields;
      if (error.extra.meta) stored.meta = error.extra.meta;
      body = stored;
    }
    await tx.update(gemRequestKeys).set({ responseStatus: status, responseBody: body }).where(ours);
    return refusal ? { kind: 'refused', error: refusal } : { kind: 'answer', answer: { status, body: body as T, replayed: false } };
  });
  // Thrown only after the commit, so the refusal stays recorded for the retries.
  if (outcome.kind === 'refused') throw outcome.error;
  return outcome.answer;
}

/** Drops answers older than the retention (run by the `gems.purge_request_keys` job). */
export async function purgeGemRequestKeys(db: Db, now: Date, retentionMs = IDEMPOTENCY_KEY_RETENTION_MS): Promise<number> {
  const deleted = await db
    .delete(gemRequestKeys)
    .where(lt(gemRequestKeys.createdAt, new Date(now.getTime() - retentionMs)))
    .returning({ key: gemRequestKeys.key });
  return deleted.length;
}
