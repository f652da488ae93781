import { and, eq, gt, isNull, ne, sql } from 'drizzle-orm';
import type { Language } from '@wise/shared';
import type { Db } from '#server/db/client';
import { prepared } from '#server/db/prepared';
import { sessions, users } from '#server/db/schema/index';
import type { Clock } from '#server/lib/clock';
import { randomToken, sha256 } from '#server/lib/secrets';
import { cachedSession, cacheSession, forgetSession, forgetUserSessions, updateCachedExpiry } from './session-cache';

export const SESSION_TTL_MS = 30 * 24 * 60 * 60 * 1000;
/** Past half its life a used session is pushed forward, so active customers stay signed in. */
const SESSION_REFRESH_AFTER_MS = SESSION_TTL_MS / 2;

export interface SessionPrincipal {
  sessionHash: string;
  user: { id: string; fullName: string; email: string; language: Language };
}

// Prepared (db/prepared.ts), like the rest of a login's statements (domain/auth/users.ts).
const insertedSession = (db: Db) =>
  prepared(db, 'session_insert', (d) =>
    d
      .insert(sessions)
      .values({
        idHash: sql.placeholder('idHash'),
        userId: sql.placeholder('userId'),
        createdAt: sql.placeholder('createdAt'),
        expiresAt: sql.placeholder('expiresAt'),
      })
      .prepare('session_insert'),
  );

/** Creates a session and returns the cookie value; only its hash is stored. */
export async function createSession(db: Db, clock: Clock, userId: string): Promise<string> {
  const token = randomToken();
  const now = clock.now();
  await insertedSession(db).execute({ idHash: sha256(token), userId, createdAt: now, expiresAt: new Date(now.getTime() + SESSION_TTL_MS) });
  return token;
}

export interface FoundSession {
  principal: SessionPrincipal;
  /** The expiry was pushed forward by this call: the cookie should be re-sent with a fresh lifetime. */
  refreshed: boolean;
}

// Read on every request whose session is not in the cache: prepared, as the login's statements are.
const sessionRow = (db: Db) =>
  prepared(db, 'session_by_hash', (d) =>
    d
      .select({ expiresAt: sessions.expiresAt, id: users.id, fullName: users.fullName, email: users.email, language: users.language })
      .from(sessions)
      .innerJoin(users, eq(users.id, sessions.userId))
      // A locked customer's sessions are deleted with the lock; this also refuses one a login racing
      // the lock may have created.
      .where(
        and(
          eq(sessions.idHash, sql.placeholder('idHash')),
          gt(sessions.expiresAt, sql.placeholder('now')),
          isNull(users.lockedAt),
          isNull(users.closedAt),
        ),
      )
      .limit(1)
      .prepare('session_by_hash'),
  );

/**
 * The session behind a cookie, from the few-seconds cache (session-cache.ts) or the database.
 * Its expiry is checked against the app clock either way; past half its life it slides forward.
 */
export async function findSession(db: Db, clock: Clock, token: string): Promise<FoundSession | undefined> {
  const now = clock.now();
  const idHash = sha256(token);
  let session = cachedSession(idHash);
  if (!session) {
    const [row] = await sessionRow(db).execute({ idHash, now });
    if (!row) return undefined;
    session = {
      principal: { sessionHash: idHash, user: { id: row.id, fullName: row.fullName, email: row.email, language: row.language } },
      expiresAt: row.expiresAt,
    };
    cacheSession(idHash, session);
  } else if (session.expiresAt.getTime() <= now.getTime()) {
    return undefined;
  }
  const refreshed = session.expiresAt.getTime() - now.getTime() < SESSION_TTL_MS - SESSION_REFRESH_AFTER_MS;
  if (refreshed) {
    const expiresAt = new Date(now.getTime() + SESSION_TTL_MS);
    // Only a session still there is pushed forward: one deleted meanwhile stays deleted.
    const updated = await db.update(sessions).set({ expiresAt }).where(eq(sessions.idHash, idHash)).returning({ idHash: sessions.idHash });
    if (updated.length === 0) {
      await forgetSession(idHash);
      return undefined;
    }
    updateCachedExpiry(idHash, expiresAt);
  }
  return { principal: session.principal, refreshed };
}

export async function deleteSession(db: Db, token: string): Promise<void> {
  const idHash = sha256(token);
  await db.delete(sessions).where(eq(sessions.idHash, idHash));
  await forgetSession(idHash);
}

/** Ends every session of a user, optionally keeping the one making the request. */
export async function deleteUserSessions(db: Db, userId: string, keepHash?: string): Promise<void> {
  await db.delete(sessions).where(keepHash ? and(eq(sessions.userId, userId), ne(sessions.idHash, keepHash)) : eq(sessions.userId, userId));
  // The kept session is forgotten too (re-read at its next use): its user's e-mail may just have changed.
  await forgetUserSessions(userId);
}
