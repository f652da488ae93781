import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface FakePaystack {
  url: string;
  secretKey: string;
  /** Every request seen: path with query, and the Authorization header. */
  requests: { url: string; authorization: string | undefined }[];
  /** Accounts the fake bank knows: `${bank_code}:${account_number}` → name. */
  accounts: Map<string, string>;
  /** When set, every request gets this status (e.g. 500 to play an outage). */
  failWith?: number;
  close(): Promise<void>;
}

/** Speaks Paystack's GET /bank/resolve as documented, for the real client's tests. */
export async function startFakePaystack(): Promise<FakePaystack> {
  const fake: FakePaystack = {
    url: '',
    secretKey: 'sk_test_fake_0123456789',
    requests: [],
    accounts: new Map(),
    close: async () => undefined,
  };
  const server: Server = createServer((request: IncomingMessage, response) => {
    const url = new URL(request.url ?? '/', 'http://fake');
    fake.requests.push({ url: `${url.pathname}${url.search}`, authorization: request.headers.authorization });
    const send = (status: number, body: unknown) => {
      response.writeHead(status, { 'content-type': 'application/json' });
      response.end(JSON.stringify(body));
    };
    if (fake.failWith) return send(fake.failWith, { status: false, message: 'Server error' });
    if (request.headers.authorization !== `Bearer ${fake.secretKey}`) return send(401, { status: false, message: 'Invalid key' });
    if (request.method !== 'GET' || url.pathname !== '/bank/resolve') return send(404, { status: false, message: 'Not found' });
    const accountNumber = url.searchParams.get('account_number') ?? '';
    const bankCode = url.searchParams.get('bank_code') ?? '';
    const name = fake.accounts.get(`${bankCode}:${accountNumber}`);
    if (!name) return send(422, { status: false, message: 'Could not resolve account name. Check parameters or try again.' });
    return send(200, {
      status: true,
      message: 'Account number resolved',
      data: { account_number: accountNumber, account_name: name, bank_id: 9 },
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  fake.url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  fake.close = () => new Promise<void>((resolve) => server.close(() => resolve()));
  return fake;
}
