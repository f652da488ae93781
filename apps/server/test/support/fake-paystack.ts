import { createHmac } from 'node:crypto';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo, Socket } from 'node:net';

/**
 * A local Paystack for the real clients' tests: GET /bank/resolve (bank lookup) and Transfers
 * (POST /transferrecipient, POST /transfer, GET /transfer/verify/:reference) as documented, plus
 * a webhook sender that signs like Paystack (HMAC-SHA512 of the body with the secret key).
 *
 * Like Paystack, it makes at most one transfer per reference: a second POST /transfer with a
 * reference it has seen is refused and creates nothing. `transfers` is what it made;
 * `transferPosts` counts every POST /transfer per reference.
 */

export type TransferBehaviour =
  /** Answered at once: success. */
  | 'success'
  /** Accepted as pending; `settle()` (or a webhook) finishes it later. */
  | 'pending'
  /** Answered at once: failed (the bank declined). */
  | 'failed'
  /** Accepted but waiting for an OTP (the dashboard's "OTP for transfers" is on). */
  | 'otp'
  /** Refused with 400 before any transfer is made (insufficient balance). */
  | 'refused'
  /** The transfer is made (pending), but the answer only comes after `hangMs` — past the client's limit. */
  | 'hang'
  /** The transfer is made (pending), then a 502 instead of the answer. */
  | 'error-after';

export interface FakeTransfer {
  reference: string;
  transferCode: string;
  recipientCode: string;
  amount: number;
  /** What the fake reports (NGN unless a test says otherwise). */
  currency?: string;
  reason: string;
  status: 'pending' | 'success' | 'failed' | 'reversed' | 'otp' | 'abandoned';
  createdAt: string;
}

export interface FakePaystack {
  url: string;
  secretKey: string;
  /** Every request seen: method, path with query, and the Authorization header. */
  requests: { method: string; url: string; authorization: string | undefined }[];
  /** Accounts the fake bank knows: `${bank_code}:${account_number}` → name. */
  accounts: Map<string, string>;
  /** When set, every request gets this status (e.g. 500 to play an outage). */
  failWith?: number;
  /** What the next POST /transfer does (by default 'success'); `transferBehaviourFor` wins per account. */
  transferBehaviour: TransferBehaviour;
  transferBehaviourFor: Map<string, TransferBehaviour>;
  /** How long a 'hang' answer waits. */
  hangMs: number;
  /** When set, GET /transfer/verify answers this status (e.g. 500: the status query is down too). */
  verifyFailWith?: number;
  /** The next this-many POST /transfer calls get a 503 and make nothing (an outage in front of Paystack). */
  dropTransfers: number;
  /** When true, POST /transferrecipient waits (never answers) — the process is stopped before the transfer. */
  holdRecipients: boolean;
  /** The same, for these account numbers only. */
  holdRecipientsFor: Set<string>;
  /** Transfers made, by reference (one per reference, ever). */
  transfers: Map<string, FakeTransfer>;
  /** POST /transfer calls per reference (including refused duplicates). */
  transferPosts: Map<string, number>;
  recipients: Map<string, { name: string; account_number: string; bank_code: string }>;
  /** POST /transferrecipient calls (Paystack answers the same code for the same account). */
  recipientPosts: number;
  /** GET /balance's NGN balance in kobo; a transfer it cannot cover is refused, one it can is taken from it. */
  balanceKobo: number;
  /** When set, GET /balance answers this status. */
  balanceFailWith?: number;
  /** The transfers' creation time (tests give it their manual clock so the day matches). */
  now: () => Date;
  /** GET /transfer's page size cap, to exercise paging (Paystack's default is 50). */
  maxPerPage: number;
  /** Moves a transfer to its final status (what the bank did). */
  settle(reference: string, status: 'success' | 'failed' | 'reversed' | 'abandoned'): FakeTransfer;
  /** The body Paystack would POST for an event about a transfer, and its signature. */
  webhookFor(event: 'transfer.success' | 'transfer.failed' | 'transfer.reversed', reference: string): { body: string; signature: string };
  /** Sends a signed webhook to `url` (as Paystack does), returning the HTTP status it got. */
  sendWebhook(
    url: string,
    event: 'transfer.success' | 'transfer.failed' | 'transfer.reversed',
    reference: string,
    options?: { signature?: string },
  ): Promise<number>;
  close(): Promise<void>;
}

const sign = (secret: string, body: string) => createHmac('sha512', secret).update(body).digest('hex');

async function readBody(request: IncomingMessage): Promise<Record<string, unknown>> {
  const chunks: Buffer[] = [];
  for await (const chunk of request) chunks.push(chunk as Buffer);
  if (chunks.length === 0) return {};
  try {
    return JSON.parse(Buffer.concat(chunks).toString('utf8')) as Record<string, unknown>;
  } catch {
    return {};
  }
}

export async function startFakePaystack(): Promise<FakePaystack> {
  let counter = 0;
  const sockets = new Set<Socket>();
  const transferData = (t: FakeTransfer) => ({
    integration: 100032,
    domain: 'test',
    amount: t.amount,
    currency: t.currency ?? 'NGN',
    source: 'balance',
    reason: t.reason,
    recipient: t.recipientCode,
    status: t.status,
    transfer_code: t.transferCode,
    reference: t.reference,
    id: 1000 + Number(t.transferCode.replace(/\D/g, '') || 0),
    createdAt: t.createdAt,
    updatedAt: new Date().toISOString(),
  });

  const fake: FakePaystack = {
    url: '',
    secretKey: 'sk_test_fake_0123456789',
    requests: [],
    accounts: new Map(),
    transferBehaviour: 'success',
    transferBehaviourFor: new Map(),
    hangMs: 60_000,
    holdRecipients: false,
    holdRecipientsFor: new Set(),
    dropTransfers: 0,
    transfers: new Map(),
    transferPosts: new Map(),
    recipients: new Map(),
    recipientPosts: 0,
    balanceKobo: 1_000_000_000_00,
    now: () => new Date(),
    maxPerPage: 100,
    settle(reference, status) {
      const transfer = fake.transfers.get(reference);
      if (!transfer) throw new Error(`fake paystack: no transfer ${reference}`);
      transfer.status = status;
      return transfer;
    },
    webhookFor(event, reference) {
      const transfer = fake.transfers.get(reference);
      if (!transfer) throw new Error(`fake paystack: no transfer ${reference}`);
      const recipient = fake.recipients.get(transfer.recipientCode);
      const body = JSON.stringify({
        event,
        data: {
          ...transferData(transfer),
          recipient: { recipient_code: transfer.recipientCode, type: 'nuban', details: recipient ?? null },
          session: { provider: 'nip', id: '090000000000000000000000000000' },
        },
      });
      return { body, signature: sign(fake.secretKey, body) };
    },
    async sendWebhook(url, event, reference, options = {}) {
      const { body, signature } = fake.webhookFor(event, reference);
      const response = await fetch(url, {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'x-paystack-signature': options.signature ?? signature },
        body,
      });
      await response.arrayBuffer();
      return response.status;
    },
    close: async () => undefined,
  };

  const send = (response: ServerResponse, status: number, body: unknown) => {
    if (response.destroyed) return;
    response.writeHead(status, { 'content-type': 'application/json' });
    response.end(JSON.stringify(body));
  };

  async function handle(request: IncomingMessage, response: ServerResponse) {
    const url = new URL(request.url ?? '/', 'http://fake');
    const method = request.method ?? 'GET';
    fake.requests.push({ method, url: `${url.pathname}${url.search}`, authorization: request.headers.authorization });
    const body = method === 'POST' ? await readBody(request) : {};
    if (fake.failWith) return send(response, fake.failWith, { status: false, message: 'Server error' });
    if (request.headers.authorization !== `Bearer ${fake.secretKey}`) return send(response, 401, { status: false, message: 'Invalid key' });

    if (method === 'GET' && url.pathname === '/bank/resolve') {
      const accountNumber = url.searchParams.get('account_number') ?? '';
      const bankCode = url.searchParams.get('bank_code') ?? '';
      const name = fake.accounts.get(`${bankCode}:${accountNumber}`);
      if (!name) return send(response, 422, { status: false, message: 'Could not resolve account name. Check parameters or try again.' });
      return send(response, 200, {
        status: true,
        message: 'Account number resolved',
        data: { account_number: accountNumber, account_name: name, bank_id: 9 },
      });
    }

    if (method === 'POST' && url.pathname === '/transferrecipient') {
      const { type, name, account_number: accountNumber, bank_code: bankCode } = body as Record<string, string | undefined>;
      // Never answered: the caller is stopped while it waits.
      if (fake.holdRecipients || fake.holdRecipientsFor.has(accountNumber ?? '')) return;
      fake.recipientPosts += 1;
      if (type !== 'nuban' || !name || !/^\d{10}$/.test(accountNumber ?? '') || !bankCode) {
        return send(response, 400, { status: false, message: 'Invalid parameters', type: 'validation_error', code: 'invalid_params' });
      }
      // Paystack answers an existing recipient for the same account with the same code.
      const code = `RCP_${bankCode}${accountNumber}`;
      fake.recipients.set(code, { name, account_number: accountNumber!, bank_code: bankCode });
      return send(response, 201, {
        status: true,
        message: 'Transfer recipient created successfully',
        data: {
          active: true,
          currency: 'NGN',
          name,
          recipient_code: code,
          type: 'nuban',
          details: { account_number: accountNumber, bank_code: bankCode },
        },
      });
    }

    if (method === 'POST' && url.pathname === '/transfer') {
      const { source, amount, recipient, reference, reason } = body as {
        source?: string;
        amount?: number;
        recipient?: string;
        reference?: string;
        reason?: string;
      };
      if (reference) fake.transferPosts.set(reference, (fake.transferPosts.get(reference) ?? 0) + 1);
      if (fake.dropTransfers > 0) {
        fake.dropTransfers -= 1;
        return send(response, 503, { status: false, message: 'Service unavailable' });
      }
      if (
        source !== 'balance' ||
        typeof amount !== 'number' ||
        !Number.isInteger(amount) ||
        amount <= 0 ||
        !recipient ||
        !reference ||
        !/^[a-z0-9_-]{16,50}$/.test(reference)
      ) {
        return send(response, 400, { status: false, message: 'Invalid parameters', type: 'validation_error', code: 'invalid_params' });
      }
      const stored = fake.recipients.get(recipient);
      if (!stored) return send(response, 400, { status: false, message: 'Recipient specified is invalid', code: 'invalid_params' });
      if (fake.transfers.has(reference)) {
        // Paystack: "This reference has already been used on a prior transfer" — nothing new is made.
        return send(response, 400, {
          status: false,
          message: 'Transfer reference already exists',
          type: 'validation_error',
          code: 'duplicate_reference',
        });
      }
      const behaviour = fake.transferBehaviourFor.get(stored.account_number) ?? fake.transferBehaviour;
      if (behaviour === 'refused' || amount > fake.balanceKobo)
        return send(response, 400, {
          status: false,
          message: 'Your balance is not enough to fulfil this request',
          code: 'insufficient_balance',
        });
      if (behaviour !== 'failed') fake.balanceKobo -= amount;
      counter += 1;
      const transfer: FakeTransfer = {
        reference,
        transferCode: `TRF_fake${String(counter).padStart(6, '0')}`,
        recipientCode: recipient,
        amount,
        reason: reason ?? '',
        status: behaviour === 'success' ? 'success' : behaviour === 'failed' ? 'failed' : behaviour === 'otp' ? 'otp' : 'pending',
        createdAt: fake.now().toISOString(),
      };
      fake.transfers.set(reference, transfer);
      const answer = { status: true, message: 'Transfer has been queued', data: transferData(transfer) };
      if (behaviour === 'hang') {
        setTimeout(() => send(response, 200, answer), fake.hangMs).unref();
        return;
      }
      if (behaviour === 'error-after') return send(response, 502, { status: false, message: 'Bad gateway' });
      return send(response, 200, answer);
    }

    if (method === 'GET' && url.pathname === '/balance') {
      if (fake.balanceFailWith) return send(response, fake.balanceFailWith, { status: false, message: 'Server error' });
      return send(response, 200, { status: true, message: 'Balances retrieved', data: [{ currency: 'NGN', balance: fake.balanceKobo }] });
    }

    if (method === 'GET' && url.pathname === '/transfer') {
      // List Transfers: newest first, filtered by creation time, paged with meta like Paystack.
      const from = url.searchParams.get('from');
      const to = url.searchParams.get('to');
      const perPage = Math.min(fake.maxPerPage, Number(url.searchParams.get('perPage') ?? 50));
      const page = Math.max(1, Number(url.searchParams.get('page') ?? 1));
      const all = [...fake.transfers.values()]
        .filter((t) => (!from || t.createdAt >= new Date(from).toISOString()) && (!to || t.createdAt <= new Date(to).toISOString()))
        .sort((a, b) => b.createdAt.localeCompare(a.createdAt));
      const items = all.slice((page - 1) * perPage, page * perPage);
      return send(response, 200, {
        status: true,
        message: 'Transfers retrieved',
        data: items.map(transferData),
        meta: { total: all.length, skipped: (page - 1) * perPage, perPage, page, pageCount: Math.max(1, Math.ceil(all.length / perPage)) },
      });
    }

    const verify = url.pathname.match(/^\/transfer\/verify\/([^/]+)$/);
    if (method === 'GET' && verify) {
      if (fake.verifyFailWith) return send(response, fake.verifyFailWith, { status: false, message: 'Server error' });
      const transfer = fake.transfers.get(decodeURIComponent(verify[1]!));
      if (!transfer) return send(response, 404, { status: false, message: 'Transfer not found', code: 'not_found' });
      return send(response, 200, { status: true, message: 'Transfer retrieved', data: transferData(transfer) });
    }

    return send(response, 404, { status: false, message: 'Not found' });
  }

  const server: Server = createServer((request, response) => {
    handle(request, response).catch(() => send(response, 500, { status: false, message: 'fake error' }));
  });
  server.on('connection', (socket) => {
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  fake.url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  fake.close = () =>
    new Promise<void>((resolve) => {
      // Held requests (hang, holdRecipients) would keep close() waiting for ever.
      for (const socket of sockets) socket.destroy();
      server.close(() => resolve());
    });
  return fake;
}
