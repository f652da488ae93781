import type { Page } from '@playwright/test';

/**
 * The password of the customer signed in on a page, kept by the helpers that made them, for the
 * calls that ask for it again (a first payout account with no PIN; docs/identity.md).
 */
const passwords = new WeakMap<Page, string>();

export const rememberPassword = (page: Page, password: string): void => {
  passwords.set(page, password);
};

export function passwordOf(page: Page): string {
  const password = passwords.get(page);
  if (!password) throw new Error('no customer was made on this page: pass the password');
  return password;
}
