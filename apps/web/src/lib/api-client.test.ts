import { afterEach, describe, expect, it, vi } from 'vitest';
import { z } from 'zod';
import { api, ApiError } from './api-client';
import { adminApi, setAdminUnauthorizedHandler } from './admin-api';

const schema = z.object({ ok: z.boolean() });
const answer = () => new Response(JSON.stringify({ ok: true }), { status: 200, headers: { 'content-type': 'application/json' } });

afterEach(() => {
  vi.unstubAllGlobals();
  vi.useRealTimers();
});

describe('api', () => {
  it('sends an idempotent write again with the same key when the connection drops, and returns the answer', async () => {
    vi.useFakeTimers();
    const fetchMock = vi.fn().mockRejectedValueOnce(new TypeError('network down')).mockResolvedValueOnce(answer());
    vi.stubGlobal('fetch', fetchMock);
    const pending = api('/api/gems/collect', { method: 'POST', body: {}, schema, idempotencyKey: 'k-123' });
    await vi.runAllTimersAsync();
    await expect(pending).resolves.toEqual({ ok: true });
    expect(fetchMock).toHaveBeenCalledTimes(2);
    const keys = fetchMock.mock.calls.map(
      ([, init]) => (init as RequestInit & { headers: Record<string, string> }).headers['idempotency-key'],
    );
    expect(keys).toEqual(['k-123', 'k-123']);
  });

  it('never repeats a write without a key: one attempt, then the connection message', async () => {
    const fetchMock = vi.fn().mockRejectedValue(new TypeError('network down'));
    vi.stubGlobal('fetch', fetchMock);
    const error = await api('/api/profile/address', { method: 'PUT', body: { address: 'x' }, schema }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect((error as ApiError).status).toBe(0);
    expect(fetchMock).toHaveBeenCalledTimes(1);
  });

  it('gives up after the bounded retries', async () => {
    vi.useFakeTimers();
    const fetchMock = vi.fn().mockRejectedValue(new TypeError('network down'));
    vi.stubGlobal('fetch', fetchMock);
    const pending = api('/api/rewards/claim', { method: 'POST', body: {}, schema, idempotencyKey: 'k-9' }).catch((e: unknown) => e);
    await vi.runAllTimersAsync();
    expect(await pending).toBeInstanceOf(ApiError);
    expect(fetchMock).toHaveBeenCalledTimes(3);
  });
});

describe('answer check', () => {
  it('checks the answer against its schema in development and tests (vitest runs with DEV)', async () => {
    vi.stubGlobal('fetch', vi.fn().mockResolvedValue(new Response(JSON.stringify({ ok: 'yes' }), { status: 200 })));
    await expect(api('/api/x', { schema: import.meta.env.DEV ? schema : undefined })).rejects.toThrow();
  });

  it('returns the answer as sent when no schema is given (production)', async () => {
    vi.stubGlobal('fetch', vi.fn().mockResolvedValue(answer()));
    await expect(api<{ ok: boolean }>('/api/x', { schema: undefined })).resolves.toEqual({ ok: true });
  });

  it('reads an error body without zod, keeping code, fields and meta', async () => {
    const body = { error: 'Check the form', code: 'VALIDATION', fields: { email: 'Invalid email' }, meta: { email: 'a@b.co' } };
    vi.stubGlobal('fetch', vi.fn().mockResolvedValue(new Response(JSON.stringify(body), { status: 400 })));
    const error = await api('/api/x', { schema }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect((error as ApiError).body).toEqual(body);
  });
});

describe('adminApi', () => {
  const unauthenticated = () => new Response(JSON.stringify({ error: 'Sign in again', code: 'UNAUTHENTICATED' }), { status: 401 });

  it('builds the query string without empty values and checks the answer', async () => {
    const fetchMock = vi.fn().mockResolvedValue(answer());
    vi.stubGlobal('fetch', fetchMock);
    await expect(adminApi('/sales', { schema, query: { status: 'pending', q: '', page: 2, cursor: undefined } })).resolves.toEqual({
      ok: true,
    });
    expect(fetchMock.mock.calls[0]?.[0]).toBe('/api/admin/sales?status=pending&page=2');
  });

  it("sends a lost staff session to the back office's login, but not a wrong password at login", async () => {
    const handler = vi.fn();
    setAdminUnauthorizedHandler(handler);
    vi.stubGlobal(
      'fetch',
      vi.fn().mockImplementation(() => Promise.resolve(unauthenticated())),
    );
    await expect(adminApi('/auth/login', { schema, method: 'POST', body: {} })).rejects.toBeInstanceOf(ApiError);
    expect(handler).not.toHaveBeenCalled();
    await expect(adminApi('/sales', { schema })).rejects.toMatchObject({ status: 401, code: 'UNAUTHENTICATED' });
    expect(handler).toHaveBeenCalledOnce();
  });
});
