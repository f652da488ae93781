import { customerEmailTexts, fieldMessages, languageTexts, registerCatalogue, textsIn } from '@wise/shared';
import { pidginCatalogue } from '@wise/shared/i18n/pcm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, get, post, type TestApp } from './support/app';
import { createCustomer, newSignup, type TestUser } from './support/users';

/** docs/i18n.md: the account's language decides the server's words to that customer. */
let t: TestApp;

beforeAll(async () => {
  t = await createTestApp();
  // Only for reading the expected texts here: the app registered its own at start.
  registerCatalogue('pcm', pidginCatalogue);
});
afterAll(async () => {
  await t.close();
});

const put = (url: string, payload: Record<string, unknown>, cookie: string) =>
  t.app.inject({ method: 'PUT', url, payload, headers: { cookie } });
const pidgin = textsIn(fieldMessages, 'pcm');
const emailChange = (language: 'en' | 'pcm') => textsIn(customerEmailTexts, language).emailChange;

async function requestEmailChange(c: TestUser): Promise<{ subject: string; text: string }> {
  expect((await post(t.app, '/api/profile/password/confirm', { password: c.password }, c.cookie)).statusCode).toBe(200);
  const to = newSignup().email;
  expect((await post(t.app, '/api/profile/email', { new_email: to }, c.cookie)).statusCode).toBe(200);
  const mail = t.outbox.list().find((m) => m.to === to);
  if (!mail) throw new Error(`no e-mail to ${to}`);
  return mail;
}

describe('the customer language', () => {
  it('is English until the customer changes it, and refuses a language we do not have', async () => {
    const c = await createCustomer(t);
    expect((await get(t.app, '/api/profile', c.cookie)).json()).toMatchObject({ language: 'en' });
    const refused = await put('/api/profile/language', { language: 'yo' }, c.cookie);
    expect(refused.statusCode).toBe(400);
    expect(refused.json()).toMatchObject({ fields: { language: languageTexts.invalid } });
    const changed = await put('/api/profile/language', { language: 'pcm' }, c.cookie);
    expect(changed.statusCode).toBe(200);
    expect(changed.json()).toEqual({ message: textsIn(languageTexts, 'pcm').updated });
    expect((await get(t.app, '/api/profile', c.cookie)).json()).toMatchObject({ language: 'pcm' });
    // The next login hands the device the account's language.
    const login = await post(t.app, '/api/auth/login', { email_or_phone: c.email, password: c.password });
    expect(login.json()).toMatchObject({ user: { language: 'pcm' } });
  });

  it('answers a Pidgin customer in Pidgin and an English one in English', async () => {
    const english = await createCustomer(t);
    const naija = await createCustomer(t);
    await put('/api/profile/language', { language: 'pcm' }, naija.cookie);
    const blank = { first_name: '', surname: 'Obi' };
    const inEnglish = await put('/api/profile/full-name', blank, english.cookie);
    const inPidgin = await put('/api/profile/full-name', blank, naija.cookie);
    expect(inEnglish.json()).toMatchObject({
      error: fieldMessages.firstNameRequired,
      fields: { first_name: fieldMessages.firstNameRequired },
    });
    expect(pidgin.firstNameRequired).not.toBe(fieldMessages.firstNameRequired);
    expect(inPidgin.json()).toMatchObject({ error: pidgin.firstNameRequired, fields: { first_name: pidgin.firstNameRequired } });
    // The code stays what it was: clients branch on it, not on the words.
    expect(inPidgin.json()).toMatchObject({ code: inEnglish.json<{ code: string }>().code });
  });

  it('e-mails a Pidgin customer in Pidgin and an English one in English', async () => {
    const english = await createCustomer(t);
    const naija = await createCustomer(t);
    await put('/api/profile/language', { language: 'pcm' }, naija.cookie);
    const toEnglish = await requestEmailChange(english);
    const toNaija = await requestEmailChange(naija);
    expect(toEnglish.subject).toBe(emailChange('en').subject);
    expect(toNaija.subject).toBe(emailChange('pcm').subject);
    expect(toNaija.subject).not.toBe(toEnglish.subject);
    const code = toNaija.text.match(/\b(\d{4})\b/)?.[1] ?? '';
    expect(toNaija.text).toBe(emailChange('pcm').text(code, 10));
  });

  it('writes the first code e-mail in the language the device signed up in', async () => {
    const form = { ...newSignup(), language: 'pcm' };
    expect((await post(t.app, '/api/auth/signup', form)).statusCode).toBe(201);
    const mail = t.outbox.list().find((m) => m.to === form.email);
    const code = mail?.text.match(/\b(\d{4})\b/)?.[1] ?? '';
    expect(mail?.subject).toBe(textsIn(customerEmailTexts, 'pcm').signupOtp.subject(code));
  });
});
