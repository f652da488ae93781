import { providerFetch } from '#server/lib/metrics';
import { ChainError, type ChainNetwork } from './types';

/** Longer than any answer these clients ask for (a page of address history); past it, not an answer we trust. */
const MAX_BODY_BYTES = 8 * 1024 * 1024;

export interface ChainHttpOptions {
  network: ChainNetwork;
  baseUrl: string;
  timeoutMs: number;
  headers?: Record<string, string>;
}

export interface ChainHttpResponse {
  status: number;
  text: string;
}

/**
 * One HTTP exchange with a chain provider: a time-out of our own, and every failure as a
 * ChainError. 404 is handed back (the protocols use it for "no such transaction"); other 4xx are
 * the provider's refusal, 5xx and 429 its unavailability.
 */
export async function chainRequest(
  options: ChainHttpOptions,
  path: string,
  init: { method?: 'GET' | 'POST'; body?: unknown } = {},
): Promise<ChainHttpResponse> {
  const url = `${options.baseUrl.replace(/\/+$/, '')}${path}`;
  let response: Response;
  try {
    response = await providerFetch(`chain-${options.network}`, url, {
      method: init.method ?? 'GET',
      headers: {
        accept: 'application/json',
        ...(init.body === undefined ? {} : { 'content-type': 'application/json' }),
        ...options.headers,
      },
      body: init.body === undefined ? undefined : JSON.stringify(init.body),
      signal: AbortSignal.timeout(options.timeoutMs),
    });
  } catch (error) {
    if (isTimeout(error))
      throw new ChainError(options.network, 'timeout', `no answer from ${path} within ${options.timeoutMs} ms`, { cause: error });
    throw new ChainError(options.network, 'unavailable', `${path}: ${(error as Error).message}`, { cause: error });
  }
  let text: string;
  try {
    text = await response.text();
  } catch (error) {
    if (isTimeout(error))
      throw new ChainError(options.network, 'timeout', `the answer from ${path} did not finish within ${options.timeoutMs} ms`, {
        cause: error,
      });
    throw new ChainError(options.network, 'unavailable', `${path}: ${(error as Error).message}`, { cause: error });
  }
  if (text.length > MAX_BODY_BYTES) throw new ChainError(options.network, 'bad_response', `${path}: answer too large`);
  if (response.status >= 500 || response.status === 429)
    throw new ChainError(options.network, 'unavailable', `${path}: HTTP ${response.status}`);
  if (response.status >= 400 && response.status !== 404)
    throw new ChainError(options.network, 'provider_error', `${path}: HTTP ${response.status} ${text.slice(0, 200)}`);
  return { status: response.status, text };
}

export function parseJson(network: ChainNetwork, path: string, text: string): unknown {
  try {
    return JSON.parse(text);
  } catch (error) {
    throw new ChainError(network, 'bad_response', `${path}: not JSON`, { cause: error });
  }
}

export function isTimeout(error: unknown): boolean {
  return (
    error instanceof Error && (error.name === 'TimeoutError' || (error.name === 'AbortError' && String(error.message).includes('timeout')))
  );
}
