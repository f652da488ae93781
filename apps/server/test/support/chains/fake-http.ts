import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface FakeRequest {
  method: string;
  path: string;
  body: unknown;
  headers: IncomingHttpHeaders;
}

export interface FakeAnswer {
  status: number;
  /** Sent as JSON, or as text when a string. */
  body?: unknown;
  /** Holds the answer this long (plays a provider that hangs); the server closes it on shutdown. */
  delayMs?: number;
}

export interface FakeHttp {
  url: string;
  requests: FakeRequest[];
  /** Answers used in order, one per request, before the fake's own routes (failures, hangs). */
  script: FakeAnswer[];
  close(): Promise<void>;
}

/** A local HTTP server for a chain provider's fake: routes answer from the fake's chain state. */
export async function startFakeHttp(route: (request: FakeRequest) => FakeAnswer): Promise<FakeHttp> {
  const fake: FakeHttp = { url: '', requests: [], script: [], close: async () => undefined };
  const server: Server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      const text = Buffer.concat(chunks).toString('utf8');
      let body: unknown;
      try {
        body = text ? JSON.parse(text) : undefined;
      } catch {
        body = text;
      }
      const request = { method: req.method ?? 'GET', path: req.url ?? '/', body, headers: req.headers };
      fake.requests.push(request);
      const answer = fake.script.shift() ?? route(request);
      const send = () => {
        if (res.destroyed) return;
        const payload = typeof answer.body === 'string' ? answer.body : JSON.stringify(answer.body ?? null);
        res.writeHead(answer.status, { 'content-type': typeof answer.body === 'string' ? 'text/plain' : 'application/json' });
        res.end(payload);
      };
      if (answer.delayMs) setTimeout(send, answer.delayMs).unref();
      else send();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  fake.url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  fake.close = async () => {
    server.closeAllConnections();
    await new Promise<void>((resolve) => server.close(() => resolve()));
  };
  return fake;
}
