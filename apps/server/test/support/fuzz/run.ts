import fc from 'fast-check';
import type { InjectOptions, LightMyRequestResponse } from 'fastify';
import { auditLedger, formatLedgerAudit } from '#server/domain/gems/audit';
import { pngBomb } from '../fake-images';
import { operationsOf, type Operation } from './operations';
import { answerProblem, installWriteLog, ledgerProblem, takeSnapshot, writesBetween, type Snapshot } from './oracle';
import { requestArbitrary, type FuzzRequest, type UploadSamples } from './requests';
import { customerWithHoldings, knownValues, picture, signUp, staffMember, type Customer, type Staff, type Target } from './world';

/**
 * The fuzz suite: every operation of the app's OpenAPI document, called by the caller its guard
 * wants, with generated malformed and hostile requests. Shared by `npm run fuzz` (long) and
 * test/fuzz.test.ts (short, in CI).
 */

/**
 * The app's environment for a fuzz run. No job worker runs beside the app, so the market-data
 * refresh never does: the prices read at the start must stay usable for the whole run, or the
 * quotes answer 503 "Prices are being updated" (as they should when the refresh is down).
 */
export const FUZZ_ENV = { CRYPTO_MAX_PRICE_AGE_S: '86400' };

export interface FuzzOptions {
  seed: number;
  perOperation: number;
  /** Only operations whose name contains this. */
  only?: string;
  log?: (line: string) => void;
}

export interface OperationReport {
  name: string;
  caller: Operation['caller'];
  requests: number;
  /** Requests built only from values the schema accepts (these may succeed and write). */
  schemaValid: number;
  statuses: Record<string, number>;
  ms: number;
}

export interface Violation {
  operation: string;
  problem: string;
  request: string;
  status: number;
  body: string;
}

export interface FuzzReport {
  seed: number;
  operations: OperationReport[];
  violations: Violation[];
  requests: number;
  statuses: Record<string, number>;
  ms: number;
}

/**
 * Tables a read may change, and why: handing out what the customer asks to see the first time
 * they ask. Anything else a GET changes is a violation.
 */
export const readWrites: Record<string, { tables: string[]; why: string }> = {
  'GET /api/crypto/deposit-address': {
    tables: ['deposit_addresses', 'solana_payment_references'],
    why: "the customer's own address is handed out on first sight (the same one after), a Solana Pay reference per payment request (docs/crypto-settlement.md)",
  },
};

/**
 * Tables a refused request may change, and why: counting failures is the point of these refusals.
 * Anything else a refusal changes is a violation.
 */
export const refusalWrites: Record<string, { tables: string[]; why: string }> = {
  'POST /api/auth/login': { tables: ['login_lockouts'], why: 'a wrong password counts towards the lockout (docs/product.md §5)' },
  'POST /api/admin/auth/login': {
    tables: ['login_lockouts', 'staff_audit_log'],
    why: 'a wrong staff password counts towards the lockout and is in the staff audit log',
  },
  'POST /api/admin/auth/verify': {
    tables: ['login_lockouts', 'staff_audit_log'],
    why: 'a wrong authenticator code counts like a wrong password',
  },
  'POST /api/auth/otp/verify': { tables: ['otp_codes'], why: 'a wrong code uses up one of the code’s attempts' },
  'POST /api/pin/verify': { tables: ['transaction_pins'], why: 'a wrong PIN counts towards the PIN lock' },
  'POST /api/bills/orders/{id}/authorise': { tables: ['transaction_pins'], why: 'a wrong PIN counts towards the PIN lock' },
  'POST /api/profile/password/confirm': { tables: ['login_lockouts'], why: 'a wrong password counts like one at the login' },
  'POST /api/profile/phone/verify': { tables: ['otp_codes'], why: 'a wrong code uses up one of the code’s attempts' },
  'POST /api/profile/email/verify': { tables: ['otp_codes'], why: 'a wrong code uses up one of the code’s attempts' },
  'POST /api/admin/auth/passkeys/options': {
    tables: ['staff', 'staff_sessions'],
    why: 'enrolling a passkey takes the authenticator code, and a wrong one counts towards the lock',
  },
  'POST /api/admin/auth/passkeys/{id}/remove': {
    tables: ['staff', 'staff_sessions'],
    why: 'removing a passkey takes the authenticator code, and a wrong one counts towards the lock',
  },
  'POST /api/admin/auth/password': { tables: ['staff', 'staff_sessions'], why: 'a wrong current password counts like one at the sign-in' },
  'POST /api/gems/collect': {
    tables: ['gem_request_keys'],
    why: 'the answer to an Idempotency-Key, refusals included, is kept for its retries (domain/gems/idempotency.ts)',
  },
  'POST /api/rewards/claim': {
    tables: ['gem_request_keys'],
    why: 'the answer to an Idempotency-Key, refusals included, is kept for its retries (domain/gems/idempotency.ts)',
  },
};

/**
 * A staff action confirmed with the authenticator (`confirm_code` in its body): a wrong code counts
 * on the staff member's row, and too many end their sessions.
 */
const confirmationWrites = ['staff', 'staff_sessions'];
const takesConfirmCode = (operation: Operation) => operation.body?.properties?.confirm_code !== undefined;

/** A seed per operation, so one operation replays the same whatever else runs. */
function operationSeed(seed: number, name: string): number {
  let hash = 2166136261 ^ seed;
  for (let i = 0; i < name.length; i += 1) hash = Math.imul(hash ^ name.charCodeAt(i), 16777619);
  return hash | 0;
}

/** A request as a line of a report: enough to see it and replay it by hand. */
export function describeRequest(request: FuzzRequest): string {
  const payload =
    request.payload === undefined
      ? ''
      : Buffer.isBuffer(request.payload)
        ? `<${request.payload.length} bytes multipart>`
        : JSON.stringify(request.payload.slice(0, 300));
  return `${request.method} ${request.url.slice(0, 300)} ${JSON.stringify(request.headers)} ${payload}`;
}

interface Callers {
  customer: Customer;
  reviewer: Staff;
  admin: Staff;
}

/** Replaces a caller whose session a fuzzed request ended (logout, lock, role change). */
async function revive(target: Target, callers: Callers): Promise<void> {
  const works = async (url: string, cookie: string) =>
    (await target.app.inject({ method: 'GET', url, headers: { cookie } })).statusCode === 200;
  if (!(await works('/api/dashboard', callers.customer.cookie))) callers.customer = await signUp(target, 'Fuzz Caller');
  if (!(await works('/api/admin/sales', callers.reviewer.cookie))) callers.reviewer = await staffMember(target, 'reviewer');
  if (!(await works('/api/admin/staff', callers.admin.cookie))) callers.admin = await staffMember(target, 'admin');
}

function cookieFor(operation: Operation, callers: Callers, index: number): string | undefined {
  switch (operation.caller) {
    case 'customer':
      return callers.customer.cookie;
    case 'reviewer':
      return callers.reviewer.cookie;
    case 'admin':
      return callers.admin.cookie;
    case 'anyone':
      // Public routes are called both signed out and by a signed-in customer.
      return index % 2 === 0 ? undefined : callers.customer.cookie;
  }
}

function send(target: Target, request: FuzzRequest, cookie: string | undefined): Promise<LightMyRequestResponse> {
  return target.app.inject({
    method: request.method as InjectOptions['method'],
    url: request.url,
    headers: { ...request.headers, ...(cookie ? { cookie } : {}) },
    ...(request.payload !== undefined ? { payload: request.payload } : {}),
  });
}

const statusClass = (status: number) => String(status);

export async function runFuzz(target: Target, options: FuzzOptions): Promise<FuzzReport> {
  const log = options.log ?? (() => undefined);
  const started = performance.now();
  const reviewer = await staffMember(target, 'reviewer');
  const admin = await staffMember(target, 'admin');
  const holder = await customerWithHoldings(target, reviewer);
  const callers: Callers = { customer: await signUp(target, 'Fuzz Caller'), reviewer, admin };
  const known = knownValues(holder, [reviewer, admin]);
  const samples: UploadSamples = { jpeg: await picture('jpeg', 7), png: await picture('png', 8), bomb: pngBomb() };
  const operations = operationsOf(target.app).filter((operation) => !options.only || operation.name.includes(options.only));
  await installWriteLog(target.database);

  const report: FuzzReport = { seed: options.seed, operations: [], violations: [], requests: 0, statuses: {}, ms: 0 };
  const violation = (operation: Operation, request: FuzzRequest, response: { statusCode: number; body: string }, problem: string) =>
    report.violations.push({
      operation: operation.name,
      problem,
      request: describeRequest(request),
      status: response.statusCode,
      body: response.body.slice(0, 500),
    });

  for (const operation of operations) {
    const opStarted = performance.now();
    const requests = fc.sample(requestArbitrary(operation, known, samples), {
      seed: operationSeed(options.seed, operation.name),
      numRuns: options.perOperation,
    });
    const opReport: OperationReport = { name: operation.name, caller: operation.caller, requests: 0, schemaValid: 0, statuses: {}, ms: 0 };
    const allowed = new Set([...(refusalWrites[operation.name]?.tables ?? []), ...(takesConfirmCode(operation) ? confirmationWrites : [])]);
    // Reads never write: compared once around the whole batch. Writes: around each request.
    const reads = operation.method === 'GET';
    const batchBefore = await takeSnapshot(target.database);
    let before: Snapshot = batchBefore;
    for (const [index, request] of requests.entries()) {
      if (takesConfirmCode(operation)) {
        // Generated codes are wrong: without this, five of them sign the caller out for the rest of the batch.
        await target.database.query('UPDATE staff SET failed_logins = 0, locked_until = NULL WHERE id = ANY($1::uuid[])', [
          [callers.reviewer.id, callers.admin.id],
        ]);
        before = await takeSnapshot(target.database);
      }
      let response: LightMyRequestResponse;
      try {
        response = await send(target, request, cookieFor(operation, callers, index));
      } catch (error) {
        violation(operation, request, { statusCode: 0, body: String(error) }, 'the request could not be sent');
        continue;
      }
      opReport.requests += 1;
      if (request.schemaValid) opReport.schemaValid += 1;
      const status = statusClass(response.statusCode);
      opReport.statuses[status] = (opReport.statuses[status] ?? 0) + 1;
      report.statuses[status] = (report.statuses[status] ?? 0) + 1;
      const problem = answerProblem(response);
      if (problem) violation(operation, request, response, problem);
      if (!reads) {
        const after = await takeSnapshot(target.database);
        if (response.statusCode >= 400) {
          const changed = await writesBetween(target.database, before, after, allowed);
          if (changed.length > 0) violation(operation, request, response, `a refused request wrote: ${changed.join(', ')}`);
        }
        before = after;
      }
    }
    const batchAfter = reads ? await takeSnapshot(target.database) : before;
    if (reads) {
      const changed = await writesBetween(target.database, batchBefore, batchAfter, new Set(readWrites[operation.name]?.tables ?? []));
      if (changed.length > 0)
        report.violations.push({
          operation: operation.name,
          problem: `reads wrote: ${changed.join(', ')}`,
          request: '(the whole batch)',
          status: 0,
          body: '',
        });
    }
    const ledger = await ledgerProblem(target.database);
    const audit = await auditLedger(target.database.db);
    if (ledger || !audit.ok)
      report.violations.push({
        operation: operation.name,
        problem: `the ledger is off after the batch: ${ledger ?? formatLedgerAudit(audit)}`,
        request: '(the whole batch)',
        status: 0,
        body: '',
      });
    opReport.ms = Math.round(performance.now() - opStarted);
    report.operations.push(opReport);
    report.requests += opReport.requests;
    const histogram = Object.entries(opReport.statuses)
      .map(([s, n]) => `${s}×${n}`)
      .join(' ');
    log(
      `${operation.name.padEnd(52)} ${operation.caller.padEnd(8)} ${String(opReport.requests).padStart(5)} (${opReport.schemaValid} schema-valid) ${String(opReport.ms).padStart(6)} ms  ${histogram}`,
    );
    await revive(target, callers);
  }
  report.ms = Math.round(performance.now() - started);
  return report;
}

/** A few lines per violation, for a failing test or the script's exit. */
export function formatViolations(violations: Violation[], limit = 20): string {
  return violations
    .slice(0, limit)
    .map((v) => `✗ ${v.operation}: ${v.problem}\n    ${v.request}\n    → ${v.status} ${v.body}`)
    .join('\n');
}
