import { randomBytes, randomInt } from 'node:crypto';
import type { TestApp } from './app';
import { post, sessionCookie } from './app';

let counter = 0;
const letters = () =>
  randomBytes(6)
    .toString('hex')
    .replace(/\d/g, (d) => 'abcdefghij'[Number(d)] ?? 'a');

export interface TestUser {
  id: string;
  full_name: string;
  username: string;
  email: string;
  phone: string;
  password: string;
  cookie: string;
}

/** A unique, valid sign-up form (docs/product.md §5). */
export function newSignup() {
  counter += 1;
  const tag = `${letters()}${counter}`;
  return {
    full_name: 'Ada Obi-Okafor',
    username: `user${tag}`.slice(0, 20),
    email: `u${tag}@wisetest.com`,
    phone: `+23480${String(randomInt(0, 1e8)).padStart(8, '0')}`,
    password: 'correct horse 1',
  };
}

/** The code in the newest message to an address. */
export function latestCode(t: TestApp, to: string): string {
  const message = t.outbox.list().find((m) => m.to === to);
  const code = message?.text.match(/\b(\d{4})\b/)?.[1];
  if (!code) throw new Error(`no code sent to ${to}`);
  return code;
}

/** Signs up, verifies with the e-mailed OTP and logs in: a ready customer with a session. */
export async function createCustomer(t: TestApp, overrides: Partial<ReturnType<typeof newSignup>> = {}): Promise<TestUser> {
  const form = { ...newSignup(), ...overrides };
  const signup = await post(t.app, '/api/auth/signup', form);
  if (signup.statusCode !== 201) throw new Error(`signup failed: ${signup.body}`);
  const verify = await post(t.app, '/api/auth/otp/verify', { email: form.email, otp: latestCode(t, form.email) });
  if (verify.statusCode !== 200) throw new Error(`verify failed: ${verify.body}`);
  const login = await post(t.app, '/api/auth/login', { email_or_phone: form.email, password: form.password });
  if (login.statusCode !== 200) throw new Error(`login failed: ${login.body}`);
  const { user } = login.json<{ user: { id: string } }>();
  return { ...form, id: user.id, cookie: sessionCookie(login) };
}
