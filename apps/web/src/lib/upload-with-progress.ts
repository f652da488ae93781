import { errorCodes } from '@wise/shared';
import type { z } from 'zod';
import { ApiError } from './api-client';
import { errorBodyFrom } from './error-body';
import { notifyUnauthorized } from './unauthorized';

/**
 * A multipart upload that reports how far it has got (fetch cannot report upload progress, so
 * this one uses XMLHttpRequest). It answers like `api()`: the body is checked against the shared
 * schema in development and tests (see `api()`'s `schema`), and every failure is the same ApiError, so screens handle both alike.
 */

export interface UploadProgress {
  loadedBytes: number;
  totalBytes: number;
  /** 0-1; 0 until the browser knows the total. */
  fraction: number;
}

export interface UploadOptions<T> {
  body: FormData;
  /** Checked in development and tests only, as `api()`'s: `import.meta.env.DEV ? schema : undefined`. */
  schema: z.ZodType<T> | undefined;
  method?: 'POST' | 'PUT';
  /** e.g. `{ 'idempotency-key': key }`. */
  headers?: Record<string, string>;
  /** Aborting rejects with a DOMException named AbortError, as fetch does. */
  signal?: AbortSignal;
  onProgress?: (progress: UploadProgress) => void;
  /**
   * A connection that moves nothing for this long is given up as dropped. It is a stall limit,
   * not a total: a large upload on a slow network may take minutes while it keeps moving.
   */
  stallTimeoutMs?: number;
}

export const UPLOAD_STALL_TIMEOUT_MS = 60_000;
/** The same words api() uses when the network is gone. */
export const NO_CONNECTION_MESSAGE = 'No connection. Check your network and try again';

const abortError = () => new DOMException('The upload was cancelled', 'AbortError');

export function uploadWithProgress<T>(path: string, options: UploadOptions<T>): Promise<T> {
  const { body, schema, method = 'POST', headers = {}, signal, onProgress, stallTimeoutMs = UPLOAD_STALL_TIMEOUT_MS } = options;
  return new Promise<T>((resolve, reject) => {
    if (signal?.aborted) {
      reject(abortError());
      return;
    }
    const xhr = new XMLHttpRequest();
    let stallTimer: ReturnType<typeof setTimeout> | undefined;
    let settled = false;

    const finish = (outcome: () => void) => {
      if (settled) return;
      settled = true;
      clearTimeout(stallTimer);
      signal?.removeEventListener('abort', onAbort);
      outcome();
    };
    const noConnection = () => finish(() => reject(new ApiError(0, { error: NO_CONNECTION_MESSAGE })));
    const watchStall = () => {
      clearTimeout(stallTimer);
      stallTimer = setTimeout(() => {
        // Settle first: abort() fires onabort at once, which would read as a cancel.
        noConnection();
        xhr.abort();
      }, stallTimeoutMs);
    };
    function onAbort() {
      finish(() => reject(abortError()));
      xhr.abort();
    }

    xhr.open(method, path);
    xhr.setRequestHeader('accept', 'application/json');
    for (const [name, value] of Object.entries(headers)) xhr.setRequestHeader(name, value);
    xhr.responseType = 'text';
    xhr.upload.onprogress = (event) => {
      watchStall();
      const totalBytes = event.lengthComputable ? event.total : 0;
      onProgress?.({ loadedBytes: event.loaded, totalBytes, fraction: totalBytes ? Math.min(1, event.loaded / totalBytes) : 0 });
    };
    // The server is thinking (re-encoding the images): bytes are moving, the connection lives.
    xhr.onprogress = watchStall;
    xhr.onerror = noConnection;
    xhr.ontimeout = noConnection;
    xhr.onabort = () => finish(() => reject(abortError()));
    xhr.onload = () => {
      const { status } = xhr;
      const text = typeof xhr.responseText === 'string' ? xhr.responseText : '';
      if (status < 200 || status >= 300) {
        const error = errorBodyFrom(status, text);
        if (status === 401 && error.code === errorCodes.unauthenticated) notifyUnauthorized();
        finish(() => reject(new ApiError(status, error)));
        return;
      }
      finish(() => {
        try {
          const json: unknown = status === 204 || text === '' ? {} : JSON.parse(text);
          resolve(schema ? schema.parse(json) : (json as T));
        } catch (error) {
          reject(error);
        }
      });
    };
    signal?.addEventListener('abort', onAbort);
    watchStall();
    xhr.send(body);
  });
}
