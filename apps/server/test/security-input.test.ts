import { errorCodes, fieldMessages } from '@wise/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, get, post, type TestApp } from './support/app';
import { createStaff, staffCookie, type TestStaff } from './support/staff';
import { createCustomer, type TestUser } from './support/users';

/**
 * PostgreSQL cannot store NUL in text: a value carrying one used to reach the database and come
 * back as a 500. Every string the API accepts now refuses control characters up front, with a
 * field message; nothing hostile in a body, query, path or cookie ever gives a 500.
 */
let t: TestApp;
let c: TestUser;
// The back office's routes answer only staff sessions: an admin's, or (second-factor routes) one
// between the password and the code.
let admin: TestStaff;
let staffHalfway: string;

beforeAll(async () => {
  t = await createTestApp();
  c = await createCustomer(t);
  admin = await createStaff(t, { role: 'admin' });
  staffHalfway = staffCookie(await post(t.app, '/api/admin/auth/login', { email: admin.email, password: admin.password }));
});

const cookieFor = (path: string) => {
  if (!path.startsWith('/api/admin/')) return c.cookie;
  return path === '/api/admin/auth/enrolment' || path === '/api/admin/auth/verify' ? staffHalfway : admin.cookie;
};
afterAll(async () => {
  await t.close();
});

const send = (method: string, url: string, payload: unknown, cookie = c.cookie) =>
  t.app.inject({ method: method as 'POST', url, payload: payload as Record<string, unknown>, headers: { cookie } });

const NUL = '\u0000';
/** A NUL in the middle of a value that is otherwise valid: only the NUL can be what is refused. */
const withNul = (value: string) => `${value.slice(0, Math.ceil(value.length / 2))}${NUL}${value.slice(Math.ceil(value.length / 2))}`;

// Valid bodies for every JSON endpoint that takes text today.
const validBodies: [string, string, Record<string, string>][] = [
  [
    'POST',
    '/api/auth/signup',
    { full_name: 'Ada Obi', username: 'adaobi', email: 'adaobi@gmail.com', phone: '+2348031234567', password: 'correct horse 1' },
  ],
  ['POST', '/api/auth/login', { email_or_phone: 'adaobi@gmail.com', password: 'correct horse 1' }],
  ['POST', '/api/auth/otp/verify', { email: 'adaobi@gmail.com', otp: '1234' }],
  ['POST', '/api/auth/otp/resend', { email: 'adaobi@gmail.com' }],
  ['POST', '/api/auth/password-reset', { email: 'adaobi@gmail.com' }],
  [
    'POST',
    '/api/auth/password-reset/confirm',
    { token: 'a-reset-token', new_password: 'brand new pass', confirm_password: 'brand new pass' },
  ],
  ['PUT', '/api/profile/full-name', { first_name: 'Ada', middle_name: 'Ngozi', surname: 'Obi-Okafor', password: 'correct horse 1' }],
  ['PUT', '/api/profile/address', { address: '12 Admiralty Way, Lekki, Lagos' }],
  ['PUT', '/api/profile/date-of-birth', { date_of_birth: '1994-07-21' }],
  ['POST', '/api/profile/password/confirm', { password: 'correct horse 1' }],
  ['POST', '/api/profile/phone', { new_phone: '+2348099999999' }],
  ['POST', '/api/profile/phone/verify', { new_phone: '+2348099999999', otp_code: '1234' }],
  ['POST', '/api/profile/email', { new_email: 'adanew@gmail.com' }],
  ['POST', '/api/profile/email/verify', { new_email: 'adanew@gmail.com', otp_code: '1234' }],
  ['POST', '/api/profile/verification/number', { number: '22222222222' }],
];

describe('a NUL in any text field is a 400 with that field named, never a 500', () => {
  it.each(
    validBodies.flatMap(([method, url, body]) =>
      Object.keys(body).map((field) => [`${method} ${url} ${field}`, method, url, body, field] as const),
    ),
  )('%s', async (_name, method, url, body, field) => {
    const value = body[field] ?? '';
    const response = await send(method, url, { ...body, [field]: withNul(value) });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ code: errorCodes.validation, fields: { [field]: fieldMessages.invalidCharacters } });
  });

  it('the address, the free text that reaches the database, is refused and not stored', async () => {
    const response = await send('PUT', '/api/profile/address', { address: `12 Admiralty Way${NUL}` });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({
      error: fieldMessages.invalidCharacters,
      code: errorCodes.validation,
      fields: { address: fieldMessages.invalidCharacters },
    });
    for (const control of ['\u0001', '\u001b', '\u007f', '\u0085', '\n']) {
      const other = await send('PUT', '/api/profile/address', { address: `12 Admiralty${control}Way` });
      expect(other.json(), JSON.stringify(control)).toMatchObject({ fields: { address: fieldMessages.invalidCharacters } });
    }
    expect((await get(t.app, '/api/profile', c.cookie)).json()).toMatchObject({ address: null });
  });

  /** Path parameters that are not ids, given a value their route accepts. */
  const wellFormedParams: Record<string, string> = { coin: 'btc', code: '058', position: '0' };

  it('every string field of every JSON body in the API document refuses a NUL (endpoints added later included)', async () => {
    const doc = (await get(t.app, '/api/docs/json')).json<{ paths: Record<string, Record<string, OpenApiOperation>> }>();
    let checked = 0;
    for (const [path, operations] of Object.entries(doc.paths)) {
      for (const [method, operation] of Object.entries(operations)) {
        const schema = operation.requestBody?.content?.['application/json']?.schema;
        for (const [field, property] of Object.entries(schema?.properties ?? {})) {
          if (property.type !== 'string' || property.enum) continue;
          // A well-formed path, so that the body is what gets judged (ids are UUIDs, or integers where the document says so).
          const integerParams = new Set(
            (operation.parameters ?? []).filter((p) => p.in === 'path' && p.schema?.type === 'integer').map((p) => p.name),
          );
          const url = path.replace(/\{(\w+)\}/g, (_m, name: string) =>
            integerParams.has(name) ? '1' : /id$/i.test(name) ? '00000000-0000-4000-8000-000000000000' : (wellFormedParams[name] ?? 'x'),
          );
          const response = await send(method.toUpperCase(), url, { [field]: `abc${NUL}def` }, cookieFor(path));
          expect(response.statusCode, `${method} ${path} ${field}`).toBe(400);
          expect(response.json().fields?.[field], `${method} ${path} ${field}`).toBeDefined();
          checked += 1;
        }
      }
    }
    expect(checked).toBeGreaterThanOrEqual(validBodies.length);
  });
});

interface OpenApiOperation {
  parameters?: { in: string; name: string; schema?: { type?: string } }[];
  requestBody?: { content?: Record<string, { schema?: { properties?: Record<string, { type?: string; enum?: unknown[] }> } }> };
}

describe('NUL anywhere else in a request', () => {
  it('in a login identifier: 400 with the field named', async () => {
    const response = await send('POST', '/api/auth/login', { email_or_phone: `${NUL}`, password: 'correct horse 1' }, '');
    expect(response.statusCode).toBe(400);
    expect(response.json().fields).toMatchObject({ email_or_phone: fieldMessages.invalidCharacters });
  });

  it('in query strings, path parameters and the session cookie: a 4xx, never a 500', async () => {
    const probes: [string, string | undefined][] = [
      ['/api/transactions?status=%00', c.cookie],
      ['/api/transactions?status=pending%00', c.cookie],
      ['/api/auth/me?user_id=%00', c.cookie],
      ['/api/profile/photo/%00.webp', c.cookie],
      [`/api/profile/photo/${'a'.repeat(32)}%00.webp`, c.cookie],
      ['/api/nothing%00here', c.cookie],
      ['/api/auth/me', 'wise_session=%00'],
      ['/api/auth/me', `wise_session=abc%00def`],
    ];
    for (const [url, cookie] of probes) {
      const response = await get(t.app, url, cookie);
      expect(response.statusCode, url).toBeGreaterThanOrEqual(400);
      expect(response.statusCode, url).toBeLessThan(500);
    }
    expect((await get(t.app, '/api/transactions?status=%00', c.cookie)).statusCode).toBe(400);
  });
});
