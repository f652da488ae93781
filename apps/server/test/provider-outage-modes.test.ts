import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { HttpBillsProvider } from '../src/providers/bills/http';
import { PaystackPayouts } from '../src/providers/payouts/paystack';
import { startFakeBills, type FakeBillsServer } from './support/fake-bills';
import { startFakePaystack, type FakePaystack } from './support/fake-paystack';
import { startSwitchProxy, type SwitchProxy } from './support/soak/switch-proxy';

/**
 * The quick version of the fault soak's provider scenario (`npm run soak:faults`, docs/RELIABILITY.md,
 * "Faults"): the real Paystack and bill clients through the same switch proxies, each failure mode
 * once. What the soak relies on: a refused connection, a 500 and a hang are all "the provider could
 * not be reached" for a payout (retried by reference, and what starts the delayed-payout streak),
 * never a refusal that would fail the customer's payout; for a bill purchase a refused connection
 * is known not to have happened (the gems go back) and a 500 or a hang is unknown (settled by the
 * status query); and nothing reaches the provider while it is switched off.
 */

// Long enough that a loaded machine's ordinary request is answered; the hang is held far longer.
const TIMEOUT_MS = 1500;
let paystack: FakePaystack;
let bills: FakeBillsServer;
let payoutSwitch: SwitchProxy;
let billSwitch: SwitchProxy;
let payoutClient: PaystackPayouts;
let billsClient: HttpBillsProvider;

beforeAll(async () => {
  [paystack, bills] = await Promise.all([startFakePaystack(), startFakeBills()]);
  // Port 0 is not reusable across a refuse/listen cycle: the proxies take free fixed ports of their own.
  payoutSwitch = await startSwitchProxy('payout provider', paystack.url, await freePort());
  billSwitch = await startSwitchProxy('bill provider', bills.url, await freePort());
  payoutClient = new PaystackPayouts({ secretKey: paystack.secretKey, baseUrl: payoutSwitch.url, timeoutMs: TIMEOUT_MS });
  billsClient = new HttpBillsProvider({ publicKey: bills.publicKey, baseUrl: billSwitch.url, timeoutMs: TIMEOUT_MS });
});
afterAll(async () => {
  await Promise.all([payoutSwitch?.close(), billSwitch?.close()]);
  await Promise.all([paystack?.close(), bills?.close()]);
});
beforeEach(async () => {
  await Promise.all([payoutSwitch.setMode('pass'), billSwitch.setMode('pass')]);
  bills.requests.length = 0;
});

async function freePort(): Promise<number> {
  const { createServer } = await import('node:net');
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() => resolve(typeof address === 'object' && address ? address.port : 0));
    });
  });
}

let counter = 0;
const buyData = () =>
  billsClient.buyData({
    requestId: `20260601${String((counter += 1)).padStart(6, '0')}sw`,
    network: 'mtn',
    phone: '08031234567',
    amount: 600,
    variationCode: 'mtn-1gb-sme',
    planName: 'MTN 1GB (SME) – 30 days',
  });

describe('the payout and bill providers switched off, as the fault soak does', () => {
  it('answers normally while passing', async () => {
    expect(await payoutClient.fetchTransfer('soak-missing-reference')).toEqual({ outcome: 'not_found' });
    expect((await buyData()).outcome).toBe('successful');
  });

  it('refused connections: a payout is unreachable (retried), a purchase never happened', async () => {
    await Promise.all([payoutSwitch.setMode('refuse'), billSwitch.setMode('refuse')]);
    // The first call may go out on a kept-alive connection the switch has just cut: unknown, like a reset.
    expect((await payoutClient.fetchTransfer('soak-missing-reference')).outcome).toBe('unknown');
    expect(['unknown', 'failed']).toContain((await buyData()).outcome);
    expect(await payoutClient.fetchTransfer('soak-missing-reference')).toMatchObject({
      outcome: 'unknown',
      reason: expect.stringContaining('ECONNREFUSED'),
    });
    expect(await buyData()).toEqual({ outcome: 'failed', message: null, unreached: true });
    expect(bills.purchases()).toEqual([]);
  });

  it('500: both unknown, nothing forwarded', async () => {
    await Promise.all([payoutSwitch.setMode('error'), billSwitch.setMode('error')]);
    expect(await payoutClient.fetchTransfer('soak-missing-reference')).toMatchObject({
      outcome: 'unknown',
      reason: expect.stringContaining('500'),
    });
    expect((await buyData()).outcome).toBe('unknown');
    expect(bills.purchases()).toEqual([]);
    expect(payoutSwitch.counts.error).toBeGreaterThan(0);
  });

  it('hang: the clients give up at their time-out, unknown', async () => {
    await Promise.all([payoutSwitch.setMode('hang'), billSwitch.setMode('hang')]);
    expect(await payoutClient.fetchTransfer('soak-missing-reference')).toMatchObject({
      outcome: 'unknown',
      reason: `no answer within ${TIMEOUT_MS} ms`,
    });
    expect((await buyData()).outcome).toBe('unknown');
    expect(bills.purchases()).toEqual([]);
  });

  it('answers again once switched back', async () => {
    await Promise.all([payoutSwitch.setMode('refuse'), billSwitch.setMode('refuse')]);
    await Promise.all([payoutSwitch.setMode('pass'), billSwitch.setMode('pass')]);
    expect(await payoutClient.fetchTransfer('soak-missing-reference')).toEqual({ outcome: 'not_found' });
    expect((await buyData()).outcome).toBe('successful');
  });
});
