import { errorCodes } from '@wise/shared';
import { describe, expect, it, vi } from 'vitest';
import { z } from 'zod';
import { FakeXhr } from '../testing/fake-xhr';
import { ApiError } from './api-client';
import { NO_CONNECTION_MESSAGE, uploadWithProgress, type UploadProgress } from './upload-with-progress';
import { setUnauthorizedHandler } from './unauthorized';

const schema = z.object({ ok: z.literal(true) });
const form = () => {
  const body = new FormData();
  body.append('images', new File(['x'], 'a.jpg', { type: 'image/jpeg' }));
  return body;
};

describe('uploadWithProgress', () => {
  it('sends the form with its headers, reports progress and checks the answer against the schema', async () => {
    const requests = FakeXhr.install();
    const progress: UploadProgress[] = [];
    const pending = uploadWithProgress('/api/things', {
      body: form(),
      schema,
      headers: { 'idempotency-key': 'k-1' },
      onProgress: (p) => progress.push(p),
    });
    const [xhr] = requests;
    expect(xhr?.method).toBe('POST');
    expect(xhr?.url).toBe('/api/things');
    expect(xhr?.headers).toMatchObject({ 'idempotency-key': 'k-1', accept: 'application/json' });
    xhr?.progress(250, 1000);
    xhr?.progress(1000, 1000);
    xhr?.respond(201, { ok: true });
    await expect(pending).resolves.toEqual({ ok: true });
    expect(progress.map((p) => p.fraction)).toEqual([0.25, 1]);
  });

  it('turns an error answer into the same ApiError api() throws, code, fields and meta included', async () => {
    const requests = FakeXhr.install();
    const pending = uploadWithProgress('/api/things', { body: form(), schema });
    requests[0]?.respond(409, {
      error: 'The rate has changed',
      code: 'RATE_CHANGED',
      meta: { exchange_rate: '1460.00', value_kobo: 3650000 },
    });
    const error = await pending.catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({ status: 409, code: 'RATE_CHANGED', message: 'The rate has changed' });
    expect((error as ApiError).body.meta).toEqual({ exchange_rate: '1460.00', value_kobo: 3650000 });
  });

  it('reads a proxy page that is not our JSON as a generic failure', async () => {
    const requests = FakeXhr.install();
    const pending = uploadWithProgress('/api/things', { body: form(), schema });
    requests[0]?.respond(502, '<html>Bad gateway</html>');
    await expect(pending).rejects.toMatchObject({ status: 502, message: 'The service is temporarily unavailable' });
  });

  it('says there is no connection when it drops, and when nothing moves for the stall limit', async () => {
    const requests = FakeXhr.install();
    const dropped = uploadWithProgress('/api/things', { body: form(), schema });
    requests[0]?.fail();
    await expect(dropped).rejects.toMatchObject({ status: 0, message: NO_CONNECTION_MESSAGE });

    vi.useFakeTimers();
    const stalled = uploadWithProgress('/api/things', { body: form(), schema, stallTimeoutMs: 1000 }).catch((e: unknown) => e);
    requests[1]?.progress(10, 100);
    await vi.advanceTimersByTimeAsync(900);
    requests[1]?.progress(20, 100);
    await vi.advanceTimersByTimeAsync(900);
    expect(requests[1]?.aborted).toBe(false);
    await vi.advanceTimersByTimeAsync(200);
    expect(requests[1]?.aborted).toBe(true);
    expect(await stalled).toMatchObject({ status: 0, message: NO_CONNECTION_MESSAGE });
  });

  it('cancels with an AbortError, like fetch', async () => {
    const requests = FakeXhr.install();
    const controller = new AbortController();
    const pending = uploadWithProgress('/api/things', { body: form(), schema, signal: controller.signal });
    controller.abort();
    const error = await pending.catch((e: unknown) => e);
    expect(error).toBeInstanceOf(DOMException);
    expect((error as DOMException).name).toBe('AbortError');
    expect(requests[0]?.aborted).toBe(true);
  });

  it('tells the app the session is gone on a 401 UNAUTHENTICATED', async () => {
    const requests = FakeXhr.install();
    const listener = vi.fn();
    setUnauthorizedHandler(listener);
    const pending = uploadWithProgress('/api/things', { body: form(), schema }).catch(() => undefined);
    requests[0]?.respond(401, { error: 'Log in again', code: errorCodes.unauthenticated });
    await pending;
    expect(listener).toHaveBeenCalledOnce();
    setUnauthorizedHandler(() => undefined);
  });
});
