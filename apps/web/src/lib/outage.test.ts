import { QueryObserver } from '@tanstack/react-query';
import { errorCodes, httpMessages } from '@wise/shared';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { z } from 'zod';
import { api, ApiError } from './api-client';
import { outageOver, setOutageNotifier } from './outage';
import { queryClient } from './query-client';

const toastError = vi.fn();
let restoreNotifier = () => undefined as void;
beforeEach(() => {
  // Another file may have left an outage told: each test starts with none.
  outageOver();
  restoreNotifier = setOutageNotifier(toastError);
});

const outage = () =>
  new Response(JSON.stringify({ error: httpMessages.outage, code: errorCodes.unavailable }), {
    status: 503,
    headers: { 'content-type': 'application/json', 'retry-after': '5' },
  });
const ok = (value: number) => new Response(JSON.stringify({ value }), { status: 200, headers: { 'content-type': 'application/json' } });
const schema = z.object({ value: z.number() });

afterEach(() => {
  restoreNotifier();
  vi.unstubAllGlobals();
  vi.useRealTimers();
  toastError.mockClear();
  queryClient.clear();
});

/** Runs a query the way a screen does (an observer of the app's client) until it settles. */
async function observe(key: string): Promise<{ data?: { value: number }; error: unknown }> {
  const observer = new QueryObserver(queryClient, { queryKey: [key], queryFn: () => api(`/api/${key}`, { schema }) });
  return new Promise((resolve) => {
    const stop = observer.subscribe((result) => {
      if (result.status === 'pending') return;
      stop();
      resolve({ data: result.data, error: result.error });
    });
  });
}

describe('an outage (503) in the web app', () => {
  it('queries wait it out by themselves, and the customer is told once, not once per query', async () => {
    vi.useFakeTimers();
    let calls = 0;
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => {
        calls += 1;
        // Both screens' queries meet the outage three times each, then the database is back.
        return calls <= 6 ? outage() : ok(calls);
      }),
    );
    const pending = Promise.all([observe('balance'), observe('dashboard')]);
    await vi.runAllTimersAsync();
    const [balance, dashboard] = await pending;
    expect(balance.error).toBeNull();
    expect(dashboard.error).toBeNull();
    expect(balance.data?.value).toBeGreaterThan(6);
    expect(toastError).toHaveBeenCalledTimes(1);
    expect(toastError).toHaveBeenCalledWith(httpMessages.outage, 'outage');
  });

  it('a write under an Idempotency-Key is sent again with the same key after a 503', async () => {
    vi.useFakeTimers();
    const fetchMock = vi.fn().mockResolvedValueOnce(outage()).mockResolvedValueOnce(ok(1));
    vi.stubGlobal('fetch', fetchMock);
    const pending = api('/api/gems/collect', { method: 'POST', body: {}, schema, idempotencyKey: 'k-503' });
    await vi.runAllTimersAsync();
    await expect(pending).resolves.toEqual({ value: 1 });
    expect(fetchMock).toHaveBeenCalledTimes(2);
  });

  it('a write without a key is not repeated: the 503 reaches the screen', async () => {
    const fetchMock = vi.fn().mockResolvedValue(outage());
    vi.stubGlobal('fetch', fetchMock);
    const error = await api('/api/profile/address', { method: 'PUT', body: {}, schema }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect((error as ApiError).status).toBe(503);
    expect(fetchMock).toHaveBeenCalledTimes(1);
  });
});
