import { vi } from 'vitest';

/**
 * A stand-in for XMLHttpRequest that a test drives by hand: report upload progress, answer,
 * drop the connection. `install()` puts it in place of the browser's and returns every request made.
 */
export class FakeXhr {
  static requests: FakeXhr[] = [];
  method = '';
  url = '';
  headers: Record<string, string> = {};
  body: unknown;
  status = 0;
  responseText = '';
  responseType = '';
  aborted = false;
  upload: { onprogress: ((event: ProgressEvent) => void) | null } = { onprogress: null };
  onprogress: ((event: ProgressEvent) => void) | null = null;
  onload: (() => void) | null = null;
  onerror: (() => void) | null = null;
  ontimeout: (() => void) | null = null;
  onabort: (() => void) | null = null;

  open(method: string, url: string) {
    this.method = method;
    this.url = url;
  }
  setRequestHeader(name: string, value: string) {
    this.headers[name.toLowerCase()] = value;
  }
  send(body: unknown) {
    this.body = body;
    FakeXhr.requests.push(this);
  }
  abort() {
    this.aborted = true;
    this.onabort?.();
  }

  /** The browser reports `loaded` of `total` bytes sent. */
  progress(loaded: number, total: number) {
    this.upload.onprogress?.({ loaded, total, lengthComputable: true } as ProgressEvent);
  }
  respond(status: number, body: unknown) {
    this.status = status;
    this.responseText = typeof body === 'string' ? body : JSON.stringify(body);
    this.onload?.();
  }
  /** The connection drops (no answer at all). */
  fail() {
    this.onerror?.();
  }

  /** The multipart fields sent, files as their names. */
  formFields(): Record<string, string | string[]> {
    const fields: Record<string, string | string[]> = {};
    if (!(this.body instanceof FormData)) return fields;
    for (const [name, value] of this.body.entries()) {
      const text = typeof value === 'string' ? value : value.name;
      const previous = fields[name];
      fields[name] = previous === undefined ? text : [...(Array.isArray(previous) ? previous : [previous]), text];
    }
    return fields;
  }

  static install(): FakeXhr[] {
    FakeXhr.requests = [];
    vi.stubGlobal('XMLHttpRequest', FakeXhr);
    return FakeXhr.requests;
  }
}
