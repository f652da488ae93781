import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo, Socket } from 'node:net';

/**
 * A local stand-in for docs/product.md §7's airtime provider and bill-payment service, speaking their
 * protocols (providers/airtime/http.ts, providers/bills/http.ts), for the real clients' tests.
 * Like a real VTU service it keeps what it did by request id, so a status query can read it —
 * including purchases whose answer never reached the client.
 */

export type FakeBehaviour =
  /** Carry it out and say so. */
  | 'success'
  /** HTTP 200 with success: false. */
  | 'decline'
  /** HTTP 500 without recording anything. */
  | 'error500'
  /** HTTP 200 with a body that is not JSON, after carrying it out. */
  | 'malformed'
  /** Carry it out, then answer only after `slowMs` (longer than the client waits). */
  | 'slow-success'
  /** Record a failure, then answer only after `slowMs`. */
  | 'slow-failure'
  /** Record it as still processing, answer late: the status query says processing until `settle`. */
  | 'slow-pending';

export interface FakeRequest {
  method: string;
  path: string;
  query: Record<string, string>;
  body: Record<string, unknown> | undefined;
}

interface Recorded {
  status: 'successful' | 'failed' | 'processing';
  message: string;
  token?: string;
  units?: string;
  /** What the service charged (answered by the status query as `amount`, when set). */
  amount?: string | number;
}

export interface FakeBillsServer {
  url: string;
  publicKey: string;
  requests: FakeRequest[];
  /** What the next purchases do (in order); when empty, `defaultBehaviour`. */
  script: FakeBehaviour[];
  defaultBehaviour: FakeBehaviour;
  slowMs: number;
  /** The service's own records by request id (what a status query reads). */
  records: Map<string, Recorded>;
  /** Settles a purchase left processing. */
  settle(requestId: string, status: 'successful' | 'failed'): void;
  /** When set, every request (plans, verify, status) gets this HTTP status. */
  failAllWith?: number;
  /** Variations per service name (`mtn-data`) or service id (`dstv`). */
  plans: Map<string, { name: string; variation_code: string; variation_amount: string | number }[]>;
  /** Known customers per `service_id:customer_id`. */
  customers: Map<string, string>;
  purchases(): FakeRequest[];
  close(): Promise<void>;
}

const PURCHASE_PATHS = new Set(['/buyairtime/request', '/data/request', '/cable/request', '/electricity/request']);
const STATUS_PATHS = new Set(['/buyairtime/requery', '/requery']);

async function readBody(request: IncomingMessage): Promise<Record<string, unknown> | undefined> {
  const chunks: Buffer[] = [];
  for await (const chunk of request) chunks.push(chunk as Buffer);
  if (chunks.length === 0) return undefined;
  try {
    return JSON.parse(Buffer.concat(chunks).toString('utf8')) as Record<string, unknown>;
  } catch {
    return undefined;
  }
}

export async function startFakeBills(options: { publicKey?: string } = {}): Promise<FakeBillsServer> {
  const sockets = new Set<Socket>();
  const fake: FakeBillsServer = {
    url: '',
    publicKey: options.publicKey ?? 'pk_test_fake_bills_0123',
    requests: [],
    script: [],
    defaultBehaviour: 'success',
    slowMs: 2000,
    records: new Map(),
    settle(requestId, status) {
      const record = fake.records.get(requestId);
      if (!record) throw new Error(`fake: no purchase ${requestId}`);
      fake.records.set(requestId, {
        ...record,
        status,
        message: status === 'successful' ? 'Transaction successful' : 'Transaction failed',
      });
    },
    plans: new Map(),
    customers: new Map(),
    purchases: () => fake.requests.filter((r) => PURCHASE_PATHS.has(r.path)),
    close: async () => undefined,
  };

  const send = (response: ServerResponse, status: number, body: unknown) => {
    if (response.destroyed) return;
    response.writeHead(status, { 'content-type': 'application/json' });
    response.end(JSON.stringify(body));
  };

  const server: Server = createServer((request, response) => {
    void (async () => {
      const url = new URL(request.url ?? '/', 'http://fake');
      const body = await readBody(request);
      const entry: FakeRequest = { method: request.method ?? 'GET', path: url.pathname, query: Object.fromEntries(url.searchParams), body };
      fake.requests.push(entry);
      if (fake.failAllWith) return send(response, fake.failAllWith, { success: false, message: 'Service unavailable' });
      const key = request.method === 'GET' ? url.searchParams.get('public_key') : body?.public_key;
      if (key !== fake.publicKey) return send(response, 401, { success: false, message: 'Invalid public key' });

      if (request.method === 'GET' && (url.pathname === '/data/plans' || url.pathname === '/cable/plans')) {
        const service = url.pathname === '/data/plans' ? url.searchParams.get('service_name') : url.searchParams.get('service_id');
        const varations = fake.plans.get(service ?? '');
        if (!varations) return send(response, 404, { success: false, message: 'Unknown service' });
        return send(response, 200, { success: true, data: { service: service, varations } });
      }
      if (request.method !== 'POST') return send(response, 404, { success: false, message: 'Not found' });

      if (url.pathname === '/verify') {
        const name = fake.customers.get(`${String(body?.service_id)}:${String(body?.customer_id)}`);
        if (!name) return send(response, 200, { success: false, message: 'Customer not found' });
        return send(response, 200, { success: true, data: { customer_name: name } });
      }

      if (STATUS_PATHS.has(url.pathname)) {
        const record = fake.records.get(String(body?.request_id));
        if (!record) return send(response, 200, { success: true, status: 'not_found', message: 'No transaction with this request id' });
        return send(response, 200, {
          success: true,
          status: record.status,
          message: record.message,
          ...(record.token ? { response: { token: record.token, units: record.units } } : {}),
          ...(record.amount !== undefined ? { amount: record.amount } : {}),
        });
      }

      if (!PURCHASE_PATHS.has(url.pathname)) return send(response, 404, { success: false, message: 'Not found' });
      const requestId = String(body?.request_id ?? '');
      if (!requestId) return send(response, 400, { success: false, message: 'request_id is required' });
      const isElectricity = url.pathname === '/electricity/request';
      const charged = typeof body?.amount === 'number' || typeof body?.amount === 'string' ? { amount: body.amount } : {};
      const delivered: Recorded = isElectricity
        ? {
            status: 'successful',
            message: 'Electricity payment successful',
            token: '1234-5678-9012-3456-7890',
            units: '23.9 kWh',
            ...charged,
          }
        : { status: 'successful', message: 'Transaction successful', ...charged };
      const behaviour = fake.script.shift() ?? fake.defaultBehaviour;
      const answer = (record: Recorded) =>
        send(response, 200, {
          success: record.status === 'successful',
          message: record.message,
          ...(record.token ? { response: { token: record.token, units: record.units } } : {}),
        });
      switch (behaviour) {
        case 'success':
          fake.records.set(requestId, delivered);
          return answer(delivered);
        case 'decline': {
          const refused: Recorded = { status: 'failed', message: 'Insufficient wallet balance on the provider account' };
          fake.records.set(requestId, refused);
          return answer(refused);
        }
        case 'error500':
          return send(response, 500, { success: false, message: 'Internal server error' });
        case 'malformed':
          fake.records.set(requestId, delivered);
          response.writeHead(200, { 'content-type': 'application/json' });
          return response.end('{"success": tru');
        case 'slow-success':
        case 'slow-failure':
        case 'slow-pending': {
          const record: Recorded =
            behaviour === 'slow-success'
              ? delivered
              : behaviour === 'slow-failure'
                ? { status: 'failed', message: 'Transaction failed at the network' }
                : { status: 'processing', message: 'Processing' };
          fake.records.set(requestId, record);
          await new Promise((resolve) => setTimeout(resolve, fake.slowMs));
          return answer(record);
        }
      }
    })().catch((error: unknown) => {
      if (!response.headersSent) send(response, 500, { success: false, message: String(error) });
    });
  });
  server.on('connection', (socket) => {
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  fake.url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  fake.close = () =>
    new Promise<void>((resolve) => {
      // Slow answers still pending would keep close() waiting for them.
      for (const socket of sockets) socket.destroy();
      server.close(() => resolve());
    });
  return fake;
}
