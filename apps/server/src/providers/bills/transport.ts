import { z } from 'zod';
import { errorCode } from '#server/lib/error-causes';
import { providerFetch } from '#server/lib/metrics';
import type { PurchaseResult, StatusResult } from './types';

/**
 * HTTP for the airtime provider and the bill-payment service (docs/product.md §7): JSON in and out, a time
 * limit on every call, and every answer checked with zod before anything reads it. The one
 * question that matters for money is answered here: could the request have been carried out?
 */

export type ProviderAnswer =
  /** The service answered with a status below 500; `body` is its JSON, or undefined if it sent none a 4xx could be read from. */
  | { kind: 'answer'; status: number; body: unknown }
  /** The request never left this machine (no such host, connection refused): nothing happened. */
  | { kind: 'unreached'; reason: string }
  /** It may have arrived: a timeout, a dropped connection, a 5xx or an unreadable 2xx. */
  | { kind: 'unknown'; reason: string };

/** Errors that mean the connection was never made, so the service cannot have seen the request. */
const NEVER_SENT = new Set(['ECONNREFUSED', 'ENOTFOUND', 'EAI_AGAIN', 'EHOSTUNREACH', 'ENETUNREACH']);

const isTimeout = (error: unknown) => error instanceof Error && (error.name === 'TimeoutError' || error.name === 'AbortError');

export interface JsonRequest {
  /** The metrics label: which service this is (airtime, bills). */
  provider: string;
  method: 'GET' | 'POST';
  url: URL;
  body?: Record<string, unknown>;
  /** Credentials a protocol sends as headers (VTpass's api-key and public-key / secret-key). */
  headers?: Record<string, string>;
  timeoutMs: number;
}

/** One call. Never throws: what went wrong is part of the answer. */
export async function requestJson(request: JsonRequest): Promise<ProviderAnswer> {
  // The limit covers the whole exchange, the body included: a service that sends headers and then stalls is a timeout too.
  const signal = AbortSignal.timeout(request.timeoutMs);
  let response: Response;
  try {
    response = await providerFetch(request.provider, request.url, {
      method: request.method,
      headers: { ...request.headers, accept: 'application/json', ...(request.body ? { 'content-type': 'application/json' } : {}) },
      body: request.body ? JSON.stringify(request.body) : undefined,
      // A redirect is not part of either protocol; following one could send the key elsewhere.
      redirect: 'error',
      signal,
    });
  } catch (error) {
    if (isTimeout(error)) return { kind: 'unknown', reason: `no answer within ${request.timeoutMs} ms` };
    const code = errorCode(error);
    if (code && NEVER_SENT.has(code)) return { kind: 'unreached', reason: code };
    return { kind: 'unknown', reason: code ?? (error instanceof Error ? error.message : 'request failed') };
  }
  let text: string;
  try {
    text = await response.text();
  } catch (error) {
    return { kind: 'unknown', reason: isTimeout(error) ? `no answer within ${request.timeoutMs} ms` : 'the answer was cut off' };
  }
  if (response.status >= 500) return { kind: 'unknown', reason: `HTTP ${response.status}` };
  // 408 (the service gave up waiting on us) says nothing about whether it acted.
  if (response.status === 408) return { kind: 'unknown', reason: 'HTTP 408' };
  let body: unknown;
  try {
    body = JSON.parse(text) as unknown;
  } catch {
    if (response.ok) return { kind: 'unknown', reason: `HTTP ${response.status} with a body that is not JSON` };
    body = undefined;
  }
  return { kind: 'answer', status: response.status, body };
}

// On a line of its own, so the directive stays on the line before it however the code is wrapped.
// eslint-disable-next-line no-control-regex
const CONTROL_CHARACTERS = /[\u0000-\u001F\u007F-\u009F]+/g;

/** Provider texts reach customers and logs: one line, no control characters, bounded. */
export function providerText(value: unknown): string | null {
  if (typeof value !== 'string') return null;
  const text = value.replace(CONTROL_CHARACTERS, ' ').replace(/\s+/g, ' ').trim();
  if (!text) return null;
  return text.length > 300 ? `${text.slice(0, 299)}…` : text;
}

const scalarText = z
  .union([z.string(), z.number()])
  .nullish()
  .transform((value) => (value === null || value === undefined ? null : providerText(String(value))));

const deliveryDetails = z
  .looseObject({ token: scalarText.optional(), units: scalarText.optional() })
  .nullish()
  .transform((value) => ({ token: value?.token ?? null, units: value?.units ?? null }));

/** docs/product.md §7: every purchase answers `success` and usually `message`; electricity adds `response.token` and `response.units`. */
const purchaseAnswerSchema = z.looseObject({
  success: z.boolean(),
  message: z.unknown().optional(),
  response: deliveryDetails.optional(),
});

const errorBodySchema = z.looseObject({ message: z.unknown().optional() });

/** Reads a purchase answer. Anything the service did not clearly accept or refuse is `unknown`. */
export function toPurchaseResult(answer: ProviderAnswer): PurchaseResult {
  if (answer.kind === 'unreached') return { outcome: 'failed', message: null, unreached: true };
  if (answer.kind === 'unknown') return { outcome: 'unknown', reason: answer.reason };
  if (answer.status >= 400) {
    // A 4xx is the service refusing the request as sent: it did nothing with it.
    const parsed = errorBodySchema.safeParse(answer.body);
    return { outcome: 'failed', message: parsed.success ? providerText(parsed.data.message) : null, unreached: false };
  }
  const parsed = purchaseAnswerSchema.safeParse(answer.body);
  if (!parsed.success) return { outcome: 'unknown', reason: `HTTP ${answer.status} with an answer of an unexpected shape` };
  const message = providerText(parsed.data.message);
  if (!parsed.data.success) return { outcome: 'failed', message, unreached: false };
  const details = parsed.data.response ?? { token: null, units: null };
  return { outcome: 'successful', message, token: details.token, units: details.units };
}

/**
 * The status query's answer (our own definition, see the providers' README): `success` says the
 * query itself worked; `status` says what became of the purchase with that request id.
 */
export const REQUEST_STATUSES = ['successful', 'failed', 'processing', 'not_found'] as const;
const statusAnswerSchema = z.looseObject({
  success: z.boolean(),
  status: z.enum(REQUEST_STATUSES).optional(),
  message: z.unknown().optional(),
  response: deliveryDetails.optional(),
  /** Not in docs/product.md §7's protocol; read when a service adds it (reconciliation compares it). */
  amount: z
    .union([
      z
        .string()
        .trim()
        .regex(/^\d{1,12}(\.\d{1,4})?$/),
      z.number().nonnegative().max(1e12),
    ])
    .optional()
    .catch(undefined),
});

/** Only when the service said it: answers without it keep their old shape. */
const charged = (value: string | number | undefined) => (value === undefined ? {} : { amountNaira: String(value) });

export function toStatusResult(answer: ProviderAnswer): StatusResult {
  if (answer.kind !== 'answer') return { outcome: 'pending', reason: answer.reason };
  if (answer.status === 404) return { outcome: 'not_found' };
  if (answer.status >= 400) return { outcome: 'pending', reason: `status query answered HTTP ${answer.status}` };
  const parsed = statusAnswerSchema.safeParse(answer.body);
  if (!parsed.success || !parsed.data.status) return { outcome: 'pending', reason: 'status query answered in an unexpected shape' };
  const message = providerText(parsed.data.message);
  switch (parsed.data.status) {
    case 'successful': {
      const details = parsed.data.response ?? { token: null, units: null };
      return { outcome: 'successful', message, token: details.token, units: details.units, ...charged(parsed.data.amount) };
    }
    case 'failed':
      return { outcome: 'failed', message, ...charged(parsed.data.amount) };
    case 'not_found':
      return { outcome: 'not_found' };
    case 'processing':
      return { outcome: 'pending', reason: 'the provider is still processing it' };
  }
}

/** docs/product.md §9: the amount sent to a provider is the integer part. */
export const integerPart = (amount: number) => Math.trunc(amount);

/** `base` + `path`, whether or not the base ends in a slash. */
export const endpoint = (base: string, path: string) => new URL(`${base.replace(/\/+$/, '')}/${path}`);
