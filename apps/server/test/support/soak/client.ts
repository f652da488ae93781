import type { Recorder } from './recorder';

/**
 * One virtual customer's (or reviewer's) HTTP session: a cookie jar of one cookie, every call
 * timed under its journey step. A connection that never answers (the server is down) throws
 * `Unreachable` after being counted.
 */
export class Unreachable extends Error {}

export interface Answer<T = unknown> {
  status: number;
  body: T;
  text: string;
}

export class SoakClient {
  private cookie = '';
  constructor(
    private readonly baseUrl: string,
    private readonly recorder: Recorder,
    private readonly cookieName: string,
    private readonly timeoutMs = 60_000,
  ) {}

  get signedIn(): boolean {
    return this.cookie !== '';
  }

  forget(): void {
    this.cookie = '';
  }

  async call<T = unknown>(
    step: string,
    method: string,
    path: string,
    options: { json?: unknown; form?: FormData; headers?: Record<string, string> } = {},
  ): Promise<Answer<T>> {
    const headers: Record<string, string> = { ...options.headers };
    if (this.cookie) headers.cookie = this.cookie;
    let body: string | FormData | undefined;
    if (options.json !== undefined) {
      headers['content-type'] = 'application/json';
      body = JSON.stringify(options.json);
    } else if (options.form) body = options.form;
    const started = performance.now();
    let response: Response;
    let text: string;
    try {
      response = await fetch(`${this.baseUrl}${path}`, { method, headers, body, signal: AbortSignal.timeout(this.timeoutMs) });
      text = await response.text();
    } catch {
      this.recorder.networkError();
      throw new Unreachable(`${method} ${path}: no answer`);
    }
    this.recorder.record(step, response.status, performance.now() - started, text);
    for (const line of response.headers.getSetCookie()) {
      const [pair] = line.split(';');
      if (pair?.startsWith(`${this.cookieName}=`)) this.cookie = pair.endsWith('=') ? '' : pair;
    }
    let parsed: unknown;
    try {
      parsed = text ? JSON.parse(text) : undefined;
    } catch {
      parsed = undefined;
    }
    return { status: response.status, body: parsed as T, text };
  }
}
