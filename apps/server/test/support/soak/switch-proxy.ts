import { createServer, request as httpRequest, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { Socket } from 'node:net';

/**
 * A switchable proxy in front of one provider (its fault proxy), for the fault soak's provider
 * scenario (faults/providers.ts): the server's real client talks to it and the scenario switches
 * how the provider fails while customers keep going.
 *
 * - `pass`: forwarded as it is;
 * - `refuse`: nothing listens on the port (ECONNREFUSED), as when the provider's host is down;
 * - `error`: 500 at once, nothing forwarded;
 * - `hang`: the request is held unanswered until the mode changes: the client's time-out decides.
 */
export type SwitchMode = 'pass' | 'refuse' | 'error' | 'hang';

export interface SwitchProxy {
  name: string;
  url: string;
  readonly mode: SwitchMode;
  /** Requests seen per mode (a refused connection is never seen). */
  counts: Record<SwitchMode, number>;
  setMode(mode: SwitchMode): Promise<void>;
  close(): Promise<void>;
}

async function readAll(stream: IncomingMessage): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}

export async function startSwitchProxy(name: string, targetUrl: string, port: number): Promise<SwitchProxy> {
  const target = new URL(targetUrl);
  const sockets = new Set<Socket>();
  const held = new Set<ServerResponse>();
  let mode: SwitchMode = 'pass';
  let listening = false;

  const handle = async (request: IncomingMessage, response: ServerResponse) => {
    const seen = mode;
    proxy.counts[seen] += 1;
    const body = await readAll(request);
    if (seen === 'error') {
      response.writeHead(500, { 'content-type': 'application/json' });
      response.end(JSON.stringify({ status: false, message: 'Internal server error' }));
      return;
    }
    if (seen === 'hang') {
      held.add(response);
      response.on('close', () => held.delete(response));
      return;
    }
    const upstream = httpRequest(
      {
        hostname: target.hostname,
        port: target.port,
        method: request.method,
        path: request.url,
        headers: { ...request.headers, host: target.host },
      },
      (answer) => {
        readAll(answer).then(
          (data) => {
            const headers = { ...answer.headers };
            delete headers['transfer-encoding'];
            delete headers.connection;
            headers['content-length'] = String(data.length);
            response.writeHead(answer.statusCode ?? 502, headers);
            response.end(data);
          },
          () => response.destroy(),
        );
      },
    );
    upstream.on('error', () => response.destroy());
    upstream.end(body);
  };

  const server: Server = createServer((request, response) => void handle(request, response).catch(() => response.destroy()));
  server.on('connection', (socket) => {
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
  });
  const listen = () =>
    new Promise<void>((resolve, reject) => {
      server.once('error', reject);
      server.listen(port, '127.0.0.1', () => {
        server.off('error', reject);
        listening = true;
        resolve();
      });
    });
  const stopListening = () =>
    new Promise<void>((resolve) => {
      listening = false;
      for (const socket of sockets) socket.destroy();
      server.close(() => resolve());
    });

  const proxy: SwitchProxy = {
    name,
    url: `http://127.0.0.1:${port}`,
    get mode() {
      return mode;
    },
    counts: { pass: 0, refuse: 0, error: 0, hang: 0 },
    async setMode(next) {
      // Held requests end with the hang: cut, as a provider that never answered.
      if (mode === 'hang' && next !== 'hang') for (const response of held) response.destroy();
      mode = next;
      if (next === 'refuse' && listening) await stopListening();
      if (next !== 'refuse' && !listening) await listen();
    },
    close: async () => {
      for (const response of held) response.destroy();
      if (listening) await stopListening();
    },
  };
  await listen();
  return proxy;
}
