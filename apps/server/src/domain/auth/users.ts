import { eq, or, sql } from 'drizzle-orm';
import { authMessages, errorCodes, type SignupInput } from '@wise/shared';
import type { Db } from '#server/db/client';
import { prepared } from '#server/db/prepared';
import { users } from '#server/db/schema/index';
import { uniqueViolation } from '#server/lib/db-errors';
import { hashSecret } from '#server/lib/passwords';
import { DomainError } from '../errors';

export type UserRow = typeof users.$inferSelect;

export const normalizeEmail = (email: string) => email.trim().toLowerCase();

const takenMessages = {
  email: authMessages.emailTaken,
  username: authMessages.usernameTaken,
  phone: authMessages.phoneTaken,
} as const;
type UniqueField = keyof typeof takenMessages;

const fieldOfConstraint: Record<string, UniqueField> = {
  users_email_key: 'email',
  users_username_key: 'username',
  users_phone_key: 'phone',
};

const conflict = (fields: UniqueField[]) =>
  new DomainError(errorCodes.conflict, takenMessages[fields[0] ?? 'email'], 409, {
    fields: Object.fromEntries(fields.map((f) => [f, takenMessages[f]])),
  });

/**
 * Creates an unverified account. Taken fields are reported together up front; the unique
 * indexes still decide when two sign-ups race, and that loser gets the same answer.
 */
export async function createUser(db: Db, input: SignupInput): Promise<UserRow> {
  const email = normalizeEmail(input.email);
  const clashes = await db
    .select({ email: users.email, username: users.username, phone: users.phone })
    .from(users)
    .where(or(eq(users.email, email), eq(sql`lower(${users.username})`, input.username.toLowerCase()), eq(users.phone, input.phone)));
  const taken = new Set<UniqueField>();
  for (const row of clashes) {
    if (row.email === email) taken.add('email');
    if (row.username.toLowerCase() === input.username.toLowerCase()) taken.add('username');
    if (row.phone === input.phone) taken.add('phone');
  }
  if (taken.size) throw conflict([...taken]);

  const passwordHash = await hashSecret(input.password);
  try {
    const [user] = await db
      .insert(users)
      .values({
        fullName: input.full_name,
        username: input.username,
        email,
        phone: input.phone,
        passwordHash,
        ...(input.language ? { language: input.language } : {}),
      })
      .returning();
    if (!user) throw new Error('insert returned no row');
    return user;
  } catch (error) {
    const constraint = uniqueViolation(error);
    if (constraint === undefined) throw error;
    throw conflict([fieldOfConstraint[constraint] ?? 'email']);
  }
}

export async function findUserByEmail(db: Db, email: string): Promise<UserRow | undefined> {
  const [user] = await db
    .select()
    .from(users)
    .where(eq(users.email, normalizeEmail(email)))
    .limit(1);
  return user;
}

// Prepared (db/prepared.ts): a login builds none of its statements, so the main thread it shares
// with argon2's completions does less per login (docs/PERFORMANCE.md, "Login").
const userByEmail = (db: Db) =>
  prepared(db, 'user_by_email', (d) =>
    d
      .select()
      .from(users)
      .where(eq(users.email, sql.placeholder('email')))
      .limit(1)
      .prepare('user_by_email'),
  );
const userByPhone = (db: Db) =>
  prepared(db, 'user_by_phone', (d) =>
    d
      .select()
      .from(users)
      .where(eq(users.phone, sql.placeholder('phone')))
      .limit(1)
      .prepare('user_by_phone'),
  );

export async function findUserByLogin(db: Db, emailOrPhone: string): Promise<UserRow | undefined> {
  const value = emailOrPhone.trim();
  const [user] = value.includes('@')
    ? await userByEmail(db).execute({ email: normalizeEmail(value) })
    : await userByPhone(db).execute({ phone: value });
  return user;
}
