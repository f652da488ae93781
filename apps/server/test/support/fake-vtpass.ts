import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo, Socket } from 'node:net';

/**
 * A local stand-in for VTpass (providers/vtpass/README.md) for the real client's tests. It speaks
 * the protocol as VTpass documents it and is as strict: GET requests must carry `api-key` and
 * `public-key`, POST requests `api-key` and `secret-key` (a secret key on a GET, or a public key
 * on a POST, is refused too); a `request_id` must start with today's date and minute in
 * Africa/Lagos; a request id is used once (014 for a second purchase, which is never charged).
 * It keeps a wallet, so a purchase it cannot afford answers 018, and remembers every transaction
 * by request id for `requery`, including those whose answer never reached the client.
 */

export type FakeVtpassBehaviour =
  /** 000, delivered (electricity: a token and units). */
  | 'delivered'
  /** 000, with the transaction still pending / initiated: requery says so until `settle`. */
  | 'pending'
  | 'initiated'
  /** 000 with the transaction failed or reversed (nothing charged in the end). */
  | 'failed'
  | 'reversed'
  /** 099: processing; requery says pending until `settle`. */
  | 'processing'
  /** 016: transaction failed. */
  | 'code016'
  /** 030: the biller could not be reached; nothing recorded, nothing charged. */
  | 'code030'
  /** 012: a code the client has no special case for. */
  | 'code012'
  /** Carried out, but the answer comes after `slowMs` (longer than the client waits). */
  | 'slow-delivered'
  /** Carried out, answered with a body that is not JSON. */
  | 'malformed'
  /** Carried out, answered 000 with a shape the client can't read (no transactions). */
  | 'shapeless'
  /** HTTP 500, nothing recorded. */
  | 'error500';

export interface FakeVtpassRequest {
  method: string;
  path: string;
  query: Record<string, string>;
  headers: Record<string, string | undefined>;
  body: Record<string, unknown> | undefined;
}

export interface FakeVtpassTransaction {
  requestId: string;
  serviceID: string;
  amount: number;
  status: 'delivered' | 'pending' | 'initiated' | 'failed' | 'reversed';
  token?: string;
  units?: string;
}

export interface FakeVtpass {
  url: string;
  keys: { apiKey: string; publicKey: string; secretKey: string };
  requests: FakeVtpassRequest[];
  /** What the next purchases do (in order); when empty, `defaultBehaviour`. */
  script: FakeVtpassBehaviour[];
  defaultBehaviour: FakeVtpassBehaviour;
  slowMs: number;
  /** Our wallet at VTpass, in naira: a purchase above it answers 018. */
  wallet: number;
  /** What `balance` answers with instead of the wallet, when set (shape tests). */
  balanceBody?: unknown;
  /** Transactions by request id (what requery reads). */
  transactions: Map<string, FakeVtpassTransaction>;
  /** Answers to requery that are not the transaction (e.g. '087' credentials), in order. */
  requeryScript: string[];
  settle(requestId: string, status: 'delivered' | 'failed'): void;
  /** Variations per serviceID. */
  plans: Map<string, { name: string; variation_code: string; variation_amount: string | number; fixedPrice?: string }[]>;
  /** Known customers per `serviceID:billersCode` (electricity: `serviceID:billersCode:type`). */
  customers: Map<string, string>;
  /** Purchases charged, by request id (a second charge under one id would show here). */
  charges: string[];
  /** Requests refused for their headers, and why. */
  refusedAuth: string[];
  purchases(): FakeVtpassRequest[];
  close(): Promise<void>;
}

/** Today's date and minute in Africa/Lagos as YYYYMMDDHHII (Lagos is UTC+1 all year). */
export function lagosMinute(now: Date): string {
  return new Date(now.getTime() + 60 * 60_000).toISOString().slice(0, 16).replace(/[-T:]/g, '');
}

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

const header = (request: IncomingMessage, name: string) => {
  const value = request.headers[name];
  return Array.isArray(value) ? value[0] : value;
};

export async function startFakeVtpass(): Promise<FakeVtpass> {
  const sockets = new Set<Socket>();
  const fake: FakeVtpass = {
    url: '',
    keys: { apiKey: 'fake-vtpass-api-key-0123', publicKey: 'PK_fake_vtpass_public_0123', secretKey: 'SK_fake_vtpass_secret_0123' },
    requests: [],
    script: [],
    defaultBehaviour: 'delivered',
    slowMs: 1500,
    wallet: 1_000_000,
    transactions: new Map(),
    requeryScript: [],
    settle(requestId, status) {
      const transaction = fake.transactions.get(requestId);
      if (!transaction) throw new Error(`fake: no transaction ${requestId}`);
      if (status === 'failed') fake.wallet += transaction.amount;
      fake.transactions.set(requestId, { ...transaction, status });
    },
    plans: new Map(),
    customers: new Map(),
    charges: [],
    refusedAuth: [],
    purchases: () => fake.requests.filter((r) => r.path === '/api/pay'),
    close: async () => undefined,
  };

  const send = (response: ServerResponse, status: number, body: unknown) => {
    if (response.destroyed) return;
    response.writeHead(status, { 'content-type': 'application/json' });
    response.end(JSON.stringify(body));
  };
  const code = (response: ServerResponse, value: string, description: string, extra: object = {}) =>
    send(response, 200, { code: value, response_description: description, ...extra });

  const transactionAnswer = (transaction: FakeVtpassTransaction, description: string) => ({
    code: '000',
    response_description: description,
    content: {
      transactions: {
        status: transaction.status,
        product_name: transaction.serviceID,
        unique_element: '08011111111',
        unit_price: transaction.amount,
        quantity: 1,
        commission: 1,
        total_amount: transaction.amount - 1,
        type: transaction.serviceID.endsWith('-electric') ? 'Electricity Bill' : 'Airtime Recharge',
        amount: transaction.amount,
        transactionId: `1741${transaction.requestId.slice(-8)}`,
      },
    },
    requestId: transaction.requestId,
    amount: `${transaction.amount}.00`,
    transaction_date: '2026-06-01T09:14:16.000000Z',
    purchased_code: transaction.token ? `Token : ${transaction.token}` : '',
    ...(transaction.token
      ? { token: `Token : ${transaction.token}`, units: transaction.units, tokenAmount: transaction.amount * 0.93 }
      : {}),
  });

  async function handle(request: IncomingMessage, response: ServerResponse) {
    const url = new URL(request.url ?? '/', 'http://fake');
    const body = await readBody(request);
    const headers = {
      'api-key': header(request, 'api-key'),
      'public-key': header(request, 'public-key'),
      'secret-key': header(request, 'secret-key'),
    };
    fake.requests.push({ method: request.method ?? 'GET', path: url.pathname, query: Object.fromEntries(url.searchParams), headers, body });

    // VTpass's own rule: a GET shows the public key, a POST the secret key, both with the api key.
    const isGet = request.method === 'GET';
    const problems = [
      headers['api-key'] !== fake.keys.apiKey && 'api-key',
      isGet && headers['public-key'] !== fake.keys.publicKey && 'public-key',
      !isGet && headers['secret-key'] !== fake.keys.secretKey && 'secret-key',
      isGet && headers['secret-key'] !== undefined && 'secret-key on a GET',
      !isGet && headers['public-key'] !== undefined && 'public-key on a POST',
    ].filter((problem): problem is string => typeof problem === 'string');
    if (problems.length > 0) {
      fake.refusedAuth.push(`${request.method} ${url.pathname}: ${problems.join(', ')}`);
      return send(response, 401, { code: '087', response_description: 'INVALID CREDENTIALS' });
    }

    if (isGet && url.pathname === '/api/service-variations') {
      const serviceID = url.searchParams.get('serviceID') ?? '';
      const varations = fake.plans.get(serviceID);
      if (!varations) return send(response, 200, { response_description: '000', content: { errors: 'Service does not exist' } });
      return send(response, 200, {
        response_description: '000',
        content: { ServiceName: serviceID.toUpperCase(), serviceID, convinience_fee: 'N0.00', varations },
      });
    }
    if (isGet && url.pathname === '/api/balance') {
      if (fake.balanceBody !== undefined) return send(response, 200, fake.balanceBody);
      return send(response, 200, { code: 1, contents: { balance: fake.wallet } });
    }
    if (isGet) return send(response, 404, { code: '404', response_description: 'NOT FOUND' });

    if (url.pathname === '/api/merchant-verify') {
      const typeSuffix = body?.type ? `:${String(body.type)}` : '';
      const name = fake.customers.get(`${String(body?.serviceID)}:${String(body?.billersCode)}${typeSuffix}`);
      if (!name)
        return send(response, 200, {
          code: '000',
          content: { error: 'This meter number is invalid. Please check and try again', WrongBillersCode: true },
        });
      return send(response, 200, {
        code: '000',
        content: {
          Customer_Name: name,
          Address: '1 Test Street',
          Meter_Number: body?.billersCode,
          Customer_Arrears: '',
          Minimum_Amount: 500,
          WrongBillersCode: false,
        },
      });
    }

    if (url.pathname === '/api/requery') {
      const scripted = fake.requeryScript.shift();
      if (scripted) return code(response, scripted, scripted === '087' ? 'INVALID CREDENTIALS' : 'SCRIPTED ANSWER');
      const transaction = fake.transactions.get(String(body?.request_id ?? ''));
      if (!transaction) return code(response, '015', 'INVALID REQUEST ID');
      return send(
        response,
        200,
        transactionAnswer(transaction, transaction.status === 'delivered' ? 'TRANSACTION SUCCESSFUL' : 'TRANSACTION STATUS'),
      );
    }

    if (url.pathname !== '/api/pay') return send(response, 404, { code: '404', response_description: 'NOT FOUND' });
    const requestId = String(body?.request_id ?? '');
    // VTpass's format: 12+ characters, the first 12 today's date and minute in Lagos.
    const today = lagosMinute(new Date()).slice(0, 8);
    if (!/^\d{12}/.test(requestId) || requestId.slice(0, 8) !== today)
      return code(response, '011', "INVALID ARGUMENTS: REQUEST ID MUST START WITH TODAY'S DATE");
    if (fake.transactions.has(requestId)) return code(response, '014', 'REQUEST ID ALREADY EXIST');
    const serviceID = String(body?.serviceID ?? '');
    const amount = Number(body?.amount ?? 0);
    if (!serviceID || !Number.isInteger(amount) || amount <= 0) return code(response, '011', 'INVALID ARGUMENTS');

    const behaviour = fake.script.shift() ?? fake.defaultBehaviour;
    if (behaviour === 'error500') return send(response, 500, { message: 'Server Error' });
    if (behaviour === 'code030') return code(response, '030', 'BILLER NOT REACHABLE AT THIS POINT');
    if (behaviour === 'code012') return code(response, '012', 'PRODUCT DOES NOT EXIST');
    if (amount > fake.wallet) return code(response, '018', 'LOW WALLET BALANCE');

    const isElectricity = serviceID.endsWith('-electric') && body?.variation_code === 'prepaid';
    const status: FakeVtpassTransaction['status'] =
      behaviour === 'pending' || behaviour === 'processing'
        ? 'pending'
        : behaviour === 'initiated'
          ? 'initiated'
          : behaviour === 'failed' || behaviour === 'code016'
            ? 'failed'
            : behaviour === 'reversed'
              ? 'reversed'
              : 'delivered';
    const transaction: FakeVtpassTransaction = {
      requestId,
      serviceID,
      amount,
      status,
      ...(isElectricity && status === 'delivered' ? { token: '26362054405982757802', units: '79.9 kWh' } : {}),
    };
    fake.transactions.set(requestId, transaction);
    if (status !== 'failed' && status !== 'reversed') {
      fake.wallet -= amount;
      fake.charges.push(requestId);
    }

    switch (behaviour) {
      case 'processing':
        return code(response, '099', 'TRANSACTION IS PROCESSING');
      case 'code016':
        return code(response, '016', 'TRANSACTION FAILED');
      case 'malformed':
        response.writeHead(200, { 'content-type': 'application/json' });
        return response.end('{"code": "000", "content": {"transac');
      case 'shapeless':
        return code(response, '000', 'TRANSACTION SUCCESSFUL', { content: 'ok' });
      case 'slow-delivered':
        await new Promise((resolve) => setTimeout(resolve, fake.slowMs));
        return send(response, 200, transactionAnswer(transaction, 'TRANSACTION SUCCESSFUL'));
      default:
        return send(
          response,
          200,
          transactionAnswer(
            transaction,
            status === 'delivered' ? 'TRANSACTION SUCCESSFUL' : status === 'failed' ? 'TRANSACTION FAILED' : 'TRANSACTION STATUS',
          ),
        );
    }
  }

  const server: Server = createServer((request, response) => {
    handle(request, response).catch((error: unknown) => {
      if (!response.headersSent) send(response, 500, { message: String(error) });
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
