import { randomBytes } from 'node:crypto';
import type { LightMyRequestResponse } from 'fastify';
import type { StaffRole } from '@wise/shared/admin';
import type { StaffConfirmationRequest } from '#server/domain/staff/confirm';
import { eq } from 'drizzle-orm';
import { staff } from '#server/db/schema/admin';
import { createStaffMember } from '#server/domain/staff/management';
import { totpAt } from '#server/domain/staff/totp';
import { get, post, type TestApp } from './app';

export interface TestStaff {
  id: string;
  email: string;
  name: string;
  role: StaffRole;
  password: string;
  /** `wise_staff=…` of a verified session (password and authenticator code given). */
  cookie: string;
  /** The code the staff member's authenticator app shows now (by the test app's clock). */
  code(): string;
  /** The authenticator secret (base32), for codes at other times. */
  secret: string;
}

let counter = 0;

/** The staff cookie a response set, as a browser would send it back. */
export function staffCookie(response: LightMyRequestResponse): string {
  const cookie = response.cookies.find((c) => c.name === 'wise_staff');
  if (!cookie) throw new Error(`no staff cookie in response ${response.statusCode}: ${response.body}`);
  return `wise_staff=${cookie.value}`;
}

/** The authenticator code for a secret at the test app's current time (or another). */
export const staffCode = (t: TestApp, secret: string, at: Date = t.clock.now()): string => totpAt(secret, at);

/**
 * A staff member who has chosen their own password, signed in and set up the authenticator app
 * through the real endpoints: `cookie` is a verified session, `code()` the app's current code.
 * The enrolment used the current time step, so a sign-in code (POST /auth/verify) needs the clock
 * moved 30 s on; confirmation codes (`confirm_code`) may repeat within a step.
 */
export async function createStaff(
  t: TestApp,
  options: { role: StaffRole; email?: string; name?: string; fresh?: boolean },
): Promise<TestStaff> {
  counter += 1;
  const email = options.email ?? `staff${randomBytes(4).toString('hex')}${counter}@wise.test`;
  const name = options.name ?? `Staff ${counter}`;
  const password = `staff password ${randomBytes(6).toString('hex')}`;
  const { row } = await createStaffMember(
    t.database.db,
    t.clock,
    { id: null, email: 'cli' },
    { email, name, role: options.role, password },
  );
  // A long-standing member unless told otherwise: one whose sign-in is under a day old gives no
  // second approval and raises no limit (docs/separation-of-duties.md), which `fresh` tests.
  if (!options.fresh) await backdateCredentials(t, row.id);
  const login = await post(t.app, '/api/admin/auth/login', { email, password });
  if (login.statusCode !== 200) throw new Error(`staff login failed: ${login.body}`);
  const passwordStage = staffCookie(login);
  const enrolment = await get(t.app, '/api/admin/auth/enrolment', passwordStage);
  if (enrolment.statusCode !== 200) throw new Error(`staff enrolment failed: ${enrolment.body}`);
  const { secret } = enrolment.json<{ secret: string }>();
  const enrolled = await post(t.app, '/api/admin/auth/enrolment', { code: totpAt(secret, t.clock.now()) }, passwordStage);
  if (enrolled.statusCode !== 200) throw new Error(`staff enrolment code refused: ${enrolled.body}`);
  return {
    id: row.id,
    email: row.email,
    name: row.name,
    role: row.role,
    password,
    cookie: staffCookie(enrolled),
    code: () => totpAt(secret, t.clock.now()),
    secret,
  };
}

/** A confirmation by authenticator code, as a route hands it to the domain (the session is not read for a code). */
export const byCode = (code: string): StaffConfirmationRequest => ({ sessionHash: 'test-session', confirm_code: code });

/** Makes the member's sign-in look issued long ago (their credentials_at 30 days before the test clock). */
export async function backdateCredentials(t: TestApp, staffId: string): Promise<void> {
  await t.database.db
    .update(staff)
    .set({ credentialsAt: new Date(t.clock.now().getTime() - 30 * 86_400_000) })
    .where(eq(staff.id, staffId));
}
