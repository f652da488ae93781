import { createServer, request as httpRequest, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { Socket } from 'node:net';

/**
 * A fault-injecting HTTP proxy in front of one fake provider, for the provider-fault soak: the
 * server's real client talks to the proxy, and the mode is switched while customers keep going.
 *
 * - `pass`: forwarded as it is;
 * - `slow`: forwarded (the provider acts), the answer held `slowMs` — past the client's time limit;
 * - `fail`: 503 at once, nothing forwarded (the provider never hears of it);
 * - `garbage`: forwarded (the provider acts), then a 200 whose body is not the provider's JSON.
 */
export type FaultMode = 'pass' | 'slow' | 'fail' | 'garbage';

export interface FaultProxy {
  name: string;
  url: string;
  mode: FaultMode;
  slowMs: number;
  /** Requests seen per mode they met. */
  counts: Record<FaultMode, number>;
  close(): Promise<void>;
}

const GARBAGE = '<html><body>502 Bad Gateway (upstream said: {"success": tr</body></html>';

async function readAll(stream: IncomingMessage): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}

function forward(
  target: URL,
  request: IncomingMessage,
  body: Buffer,
): Promise<{ status: number; headers: IncomingMessage['headers']; body: Buffer }> {
  return new Promise((resolve, reject) => {
    const headers = { ...request.headers, host: target.host };
    const upstream = httpRequest(
      { hostname: target.hostname, port: target.port, method: request.method, path: request.url, headers },
      (response) => {
        readAll(response).then((data) => resolve({ status: response.statusCode ?? 502, headers: response.headers, body: data }), reject);
      },
    );
    upstream.on('error', reject);
    upstream.end(body);
  });
}

export async function startFaultProxy(name: string, targetUrl: string, port: number): Promise<FaultProxy> {
  const target = new URL(targetUrl);
  const sockets = new Set<Socket>();
  const proxy: FaultProxy = {
    name,
    url: `http://127.0.0.1:${port}`,
    mode: 'pass',
    slowMs: 4000,
    counts: { pass: 0, slow: 0, fail: 0, garbage: 0 },
    close: async () => undefined,
  };

  const handle = async (request: IncomingMessage, response: ServerResponse) => {
    const mode = proxy.mode;
    proxy.counts[mode] += 1;
    const body = await readAll(request);
    if (mode === 'fail') {
      response.writeHead(503, { 'content-type': 'application/json' });
      response.end(JSON.stringify({ status: false, success: false, message: 'Service temporarily unavailable' }));
      return;
    }
    const answer = await forward(target, request, body);
    if (mode === 'slow') await new Promise((resolve) => setTimeout(resolve, proxy.slowMs));
    if (response.destroyed) return;
    if (mode === 'garbage') {
      response.writeHead(200, { 'content-type': 'application/json' });
      response.end(GARBAGE);
      return;
    }
    const headers = { ...answer.headers };
    delete headers['transfer-encoding'];
    delete headers.connection;
    headers['content-length'] = String(answer.body.length);
    response.writeHead(answer.status, headers);
    response.end(answer.body);
  };

  const server: Server = createServer((request, response) => {
    handle(request, response).catch(() => {
      if (!response.headersSent) response.writeHead(502, { 'content-type': 'application/json' });
      response.end(JSON.stringify({ status: false, message: 'proxy: the provider could not be reached' }));
    });
  });
  server.on('connection', (socket) => {
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, '127.0.0.1', resolve);
  });
  proxy.close = () =>
    new Promise<void>((resolve) => {
      for (const socket of sockets) socket.destroy();
      server.close(() => resolve());
    });
  return proxy;
}
