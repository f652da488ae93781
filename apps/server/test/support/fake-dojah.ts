import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo, Socket } from 'node:net';

/**
 * A local Dojah for the identity client's tests, speaking its documented protocol: GET
 * /api/v1/kyc/bvn/full?bvn=…, GET /api/v1/kyc/nin?nin=… and POST /api/v1/kyc/photoid/verify, each
 * with `AppId` and `Authorization` (the secret key itself). A wrong key is a 401 `{ error }`, an
 * unknown number a 404 `{ error }` (a malformed one a 400), a record `{ entity: { … } }`.
 */

export type FakeDojahMode =
  /** Answer as Dojah does. */
  | 'normal'
  /** Never answer (the client's timeout must end the call). */
  | 'hang'
  /** 502 Bad Gateway, as when the registry behind Dojah is down. */
  | 'error'
  /** 200 with a body that is not Dojah's. */
  | 'malformed';

export interface FakeDojahRecord {
  first_name: string;
  middle_name?: string;
  last_name: string;
  date_of_birth: string;
  /** The registered phones, as Dojah writes them (0 and ten digits); a BVN may have two. */
  phone_number1?: string;
  phone_number2?: string;
}

export interface FakeDojah {
  url: string;
  appId: string;
  secretKey: string;
  mode: FakeDojahMode;
  /** Known numbers: `bvn:…` or `nin:…` → the record. */
  records: Map<string, FakeDojahRecord>;
  /** What photoid/verify answers. */
  selfie: { confidence_value: number; match: boolean };
  requests: { method: string; url: string; appId?: string; authorization?: string; body?: string }[];
  close(): Promise<void>;
}

export async function startFakeDojah(): Promise<FakeDojah> {
  const sockets = new Set<Socket>();
  const fake: FakeDojah = {
    url: '',
    appId: 'fake-app-id',
    secretKey: 'test_sk_fake',
    mode: 'normal',
    records: new Map(),
    selfie: { confidence_value: 97.5, match: true },
    requests: [],
    close: async () => undefined,
  };
  const send = (res: ServerResponse, status: number, body: unknown) => {
    res.writeHead(status, { 'content-type': 'application/json' });
    res.end(typeof body === 'string' ? body : JSON.stringify(body));
  };
  const handle = (req: IncomingMessage, res: ServerResponse, body: string) => {
    const url = new URL(req.url ?? '/', 'http://fake');
    fake.requests.push({
      method: req.method ?? '',
      url: `${url.pathname}${url.search}`,
      appId: header(req, 'appid'),
      authorization: header(req, 'authorization'),
      body,
    });
    if (fake.mode === 'hang') return;
    if (fake.mode === 'error') return send(res, 502, '<html>Bad Gateway</html>');
    if (header(req, 'appid') !== fake.appId || header(req, 'authorization') !== fake.secretKey)
      return send(res, 401, { error: 'Unauthorized Request' });
    if (fake.mode === 'malformed') return send(res, 200, { entity: 'not a record' });
    const lookup = (kind: 'bvn' | 'nin') => {
      const number = url.searchParams.get(kind) ?? '';
      if (!/^\d{11}$/.test(number)) return send(res, 400, { error: `Your ${kind.toUpperCase()} is invalid` });
      const record = fake.records.get(`${kind}:${number}`);
      if (!record) return send(res, 404, { error: `${kind.toUpperCase()} not found` });
      const { phone_number1: phone = '08012345678', phone_number2: second = '', ...person } = record;
      // A NIN answers one `phone_number`; a BVN two, the second often empty.
      const phones = kind === 'nin' ? { phone_number: phone } : { phone_number1: phone, phone_number2: second };
      return send(res, 200, { entity: { [kind]: number, ...person, ...phones, gender: 'Female', image: '/9j/4AAQ' } });
    };
    if (req.method === 'GET' && url.pathname === '/api/v1/kyc/bvn/full') return lookup('bvn');
    if (req.method === 'GET' && url.pathname === '/api/v1/kyc/nin') return lookup('nin');
    if (req.method === 'POST' && url.pathname === '/api/v1/kyc/photoid/verify') {
      const parsed = JSON.parse(body || '{}') as { selfie_image?: string; photoid_image?: string };
      if (!parsed.selfie_image || !parsed.photoid_image) return send(res, 400, { error: 'selfie_image and photoid_image are required' });
      return send(res, 200, { entity: { selfie: fake.selfie, photoId: { confidence_value: 99, match: true, face_detected: true } } });
    }
    return send(res, 404, { error: 'Not found' });
  };
  const server = createServer((req, res) => {
    let body = '';
    req.setEncoding('utf8');
    req.on('data', (chunk: string) => (body += chunk));
    req.on('end', () => handle(req, res, body));
  });
  server.on('connection', (socket) => {
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  fake.url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  fake.close = () =>
    new Promise<void>((resolve) => {
      for (const socket of sockets) socket.destroy();
      server.close(() => resolve());
    });
  return fake;
}

const header = (req: IncomingMessage, name: string) => {
  const value = req.headers[name];
  return Array.isArray(value) ? value[0] : value;
};
