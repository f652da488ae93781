import { bigint, boolean, index, pgTable, primaryKey, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { staff, staffSessions } from './admin';
import { users } from './auth';

/** WebAuthn credentials a customer signs in with (0037_passkeys.sql). */
export const passkeys = pgTable(
  'passkeys',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** base64url, as the browser sends it; unique across every account. */
    credentialId: text('credential_id').notNull(),
    /** The COSE public key, base64url. */
    publicKey: text('public_key').notNull(),
    counter: bigint('counter', { mode: 'number' }).notNull().default(0),
    transports: text('transports').array().notNull().default([]),
    deviceName: text('device_name').notNull(),
    backedUp: boolean('backed_up').notNull().default(false),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    lastUsedAt: timestamp('last_used_at', { withTimezone: true }),
  },
  (t) => [uniqueIndex('passkeys_credential_key').on(t.credentialId), index('passkeys_user_idx').on(t.userId, t.createdAt)],
);

export const passkeyPurposes = ['register', 'login'] as const;
export type PasskeyPurpose = (typeof passkeyPurposes)[number];

/** One live challenge per flow (0037_passkeys.sql): taken, i.e. deleted, by the answer it asked for. */
export const passkeyChallenges = pgTable(
  'passkey_challenges',
  {
    purpose: text('purpose', { enum: passkeyPurposes }).notNull(),
    /** The session's hash (register) or the sha256 of the flow cookie (login). */
    bindingHash: text('binding_hash').notNull(),
    userId: uuid('user_id').references(() => users.id, { onDelete: 'cascade' }),
    challenge: text('challenge').notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.purpose, t.bindingHash] }), index('passkey_challenges_expiry_idx').on(t.expiresAt)],
);

/** A staff member's WebAuthn credentials, their second factor instead of the code (0039_staff_passkeys.sql). */
export const staffPasskeys = pgTable(
  'staff_passkeys',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    staffId: uuid('staff_id')
      .notNull()
      .references(() => staff.id, { onDelete: 'cascade' }),
    credentialId: text('credential_id').notNull(),
    publicKey: text('public_key').notNull(),
    counter: bigint('counter', { mode: 'number' }).notNull().default(0),
    transports: text('transports').array().notNull().default([]),
    deviceName: text('device_name').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    lastUsedAt: timestamp('last_used_at', { withTimezone: true }),
  },
  (t) => [uniqueIndex('staff_passkeys_credential_key').on(t.credentialId), index('staff_passkeys_staff_idx').on(t.staffId, t.createdAt)],
);

/** One live challenge per staff session and purpose (0039_staff_passkeys.sql), taken by its answer. */
export const staffPasskeyChallenges = pgTable(
  'staff_passkey_challenges',
  {
    purpose: text('purpose', { enum: passkeyPurposes }).notNull(),
    sessionHash: text('session_hash')
      .notNull()
      .references(() => staffSessions.idHash, { onDelete: 'cascade' }),
    staffId: uuid('staff_id')
      .notNull()
      .references(() => staff.id, { onDelete: 'cascade' }),
    challenge: text('challenge').notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.purpose, t.sessionHash] }), index('staff_passkey_challenges_expiry_idx').on(t.expiresAt)],
);

/** Challenges for confirming a sensitive action with a passkey (0041_staff_confirm_challenges.sql): used once. */
export const staffConfirmChallenges = pgTable(
  'staff_confirm_challenges',
  {
    challenge: text('challenge').primaryKey(),
    sessionHash: text('session_hash')
      .notNull()
      .references(() => staffSessions.idHash, { onDelete: 'cascade' }),
    staffId: uuid('staff_id')
      .notNull()
      .references(() => staff.id, { onDelete: 'cascade' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
  },
  (t) => [index('staff_confirm_challenges_session_idx').on(t.sessionHash, t.expiresAt)],
);
