import { expect, type APIRequestContext, type Page } from '@playwright/test';

/** One message in the dev outbox (GET /api/dev/outbox, newest first). */
export interface OutboxMessage {
  channel: 'email' | 'sms';
  to: string;
  subject: string;
  text: string;
}

export interface TestUser {
  fullName: string;
  username: string;
  /** Letters and digits @ wisetest.com: valid under the original rule as well as ours. */
  email: string;
  /** '+23480' and 8 digits. */
  phone: string;
  password: string;
}

const letters = 'abcdefghijklmnopqrstuvwxyz';
const randomLetters = (n: number) => Array.from({ length: n }, () => letters[Math.floor(Math.random() * letters.length)]).join('');
const randomDigits = (n: number) => Array.from({ length: n }, () => Math.floor(Math.random() * 10)).join('');

/** A fresh customer, unique per call (e-mail, username and phone are unique on the server). */
export function newUser(overrides: Partial<TestUser> = {}): TestUser {
  const tag = `${Date.now().toString(36)}${randomLetters(4)}`.slice(-12);
  return {
    fullName: 'Ada Obi',
    username: `u${tag}`,
    email: `u${tag}@wisetest.com`,
    phone: `+23480${randomDigits(8)}`,
    password: `pass${randomDigits(6)}`,
    ...overrides,
  };
}

/** The phone as typed into the NG phone field (the +234 is already there). */
export const nationalDigits = (phone: string) => phone.replace(/^\+234/, '');

export async function readOutbox(request: APIRequestContext): Promise<OutboxMessage[]> {
  const response = await request.get('/api/dev/outbox');
  expect(response.ok()).toBeTruthy();
  return (await response.json()) as OutboxMessage[];
}

/** Waits for the newest message to `to` whose text matches `pattern`, and returns the match. */
export async function waitForMessage(
  request: APIRequestContext,
  to: string,
  pattern: RegExp,
  { after }: { after?: string } = {},
): Promise<RegExpMatchArray> {
  let found: RegExpMatchArray | null = null;
  await expect
    .poll(
      async () => {
        const messages = await readOutbox(request);
        for (const message of messages) {
          if (message.to.toLowerCase() !== to.toLowerCase()) continue;
          const match = message.text.match(pattern);
          if (match && match[0] !== after) {
            found = match;
            return true;
          }
          // Newest first: the newest matching message decides.
          if (match) return false;
        }
        return false;
      },
      { message: `a message to ${to} matching ${pattern}`, timeout: 10_000 },
    )
    .toBe(true);
  return found as unknown as RegExpMatchArray;
}

/** The 4-digit code in the newest e-mail to `email` (pass `after` to wait for a newer code). */
export async function readOtp(request: APIRequestContext, email: string, after?: string): Promise<string> {
  const match = await waitForMessage(request, email, /\b\d{4}\b/, { after });
  return match[0];
}

/** Path and query of the newest reset link e-mailed to `email`, to open against baseURL. */
export async function readResetLink(request: APIRequestContext, email: string): Promise<string> {
  const match = await waitForMessage(request, email, /https?:\/\/\S+\/passwordreset\/newpassword\?token=\S+/);
  const url = new URL(match[0]);
  return `${url.pathname}${url.search}`;
}

/** Types a code into the OTP boxes one digit at a time. */
export async function typeOtp(page: Page, code: string): Promise<void> {
  await page.getByLabel('Digit 1 of 4').click();
  await page.keyboard.type(code);
}

/** Waits until the lazily loaded phone input (with its country picker) has replaced the plain one. */
export async function fillPhone(page: Page, label: string, phone: string): Promise<void> {
  // A Nigerian number as most customers write it (080…, the national form); any other as given.
  await page.getByLabel(label, { exact: true }).fill(phone.startsWith('+234') ? `0${nationalDigits(phone)}` : phone);
}

/** Fills and submits the sign-up form; ends on the OTP screen. */
export async function signUp(page: Page, user: TestUser): Promise<void> {
  await page.goto('/createaccount');
  await page.getByLabel('Full name').fill(user.fullName);
  await page.getByLabel('Username').fill(user.username);
  await page.getByLabel('Email address').fill(user.email);
  await fillPhone(page, 'Phone number', user.phone);
  await page.getByLabel('Password', { exact: true }).fill(user.password);
  await page.getByRole('button', { name: 'Create' }).click();
  await expect(page).toHaveURL(/\/createaccount\/otp$/);
}

/** Signs a new customer up and verifies the e-mailed code; ends on /createaccount/success. */
export async function signUpAndVerify(page: Page, user: TestUser = newUser()): Promise<TestUser> {
  await signUp(page, user);
  const otp = await readOtp(page.request, user.email);
  await typeOtp(page, otp);
  await page.getByRole('button', { name: 'Verify' }).click();
  await expect(page).toHaveURL(/\/createaccount\/success$/);
  await expect(page.getByRole('heading', { name: 'Verified successfully' })).toBeVisible();
  return user;
}

/** Logs in through both steps by e-mail (or phone with `by: 'phone'`); ends on /homepage. */
export async function logIn(page: Page, user: TestUser, { by = 'email' }: { by?: 'email' | 'phone' } = {}): Promise<void> {
  await page.goto('/login');
  if (by === 'phone') {
    await page.getByRole('button', { name: 'Use phone number' }).click();
    await fillPhone(page, 'Phone number', user.phone);
  } else {
    await page.getByLabel('Email address').fill(user.email);
  }
  await page.getByRole('button', { name: 'Continue' }).click();
  await expect(page).toHaveURL(/\/login\/password$/);
  await page.getByPlaceholder('Password').fill(user.password);
  await page.getByRole('button', { name: 'Login' }).click();
  await expect(page).toHaveURL(/\/homepage$/);
}

/** A customer who has signed up, verified and logged in; ends on /homepage. */
export async function signUpAndLogIn(page: Page, user: TestUser = newUser()): Promise<TestUser> {
  await signUpAndVerify(page, user);
  await logIn(page, user);
  return user;
}
