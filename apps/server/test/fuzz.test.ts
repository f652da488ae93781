import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { operationsOf } from './support/fuzz/operations';
import { formatViolations, FUZZ_ENV, runFuzz, type FuzzReport } from './support/fuzz/run';
import { createTestApp, type TestApp } from './support/app';

/**
 * The short fuzz run (docs/RELIABILITY.md): every operation of the OpenAPI document, ~20 generated hostile
 * requests each, a fixed seed. `npm run fuzz` is the long run (≥ 200 each, a new seed every time).
 * The generator and the checks live in support/fuzz/.
 */
const SEED = 20_260_302;
const PER_OPERATION = 20;

let t: TestApp;
let dir: string;
let report: FuzzReport;

beforeAll(async () => {
  dir = await mkdtemp(path.join(tmpdir(), 'wise-fuzz-'));
  t = await createTestApp({ env: { UPLOAD_DIR: dir, ...FUZZ_ENV }, rateLimitMultiplier: 1_000_000 });
  report = await runFuzz(t, { seed: SEED, perOperation: PER_OPERATION });
}, 240_000);
afterAll(async () => {
  await t.close();
  await rm(dir, { recursive: true, force: true });
});

describe(`fuzzing every operation (seed ${SEED})`, () => {
  it('reaches every operation of the OpenAPI document, each with its requests', () => {
    const names = operationsOf(t.app).map((operation) => operation.name);
    expect(names.length).toBeGreaterThan(90);
    expect(report.operations.map((operation) => operation.name)).toEqual(names);
    for (const operation of report.operations) expect(operation.requests, operation.name).toBe(PER_OPERATION);
  });

  it('never answers 5xx, refuses only with the error body, writes nothing when it refuses, keeps the ledger balanced', () => {
    expect(report.violations, formatViolations(report.violations)).toEqual([]);
  });

  it('mostly refuses: the requests are hostile, and some valid ones get through', () => {
    const refused = Object.entries(report.statuses)
      .filter(([status]) => Number(status) >= 400)
      .reduce((n, [, count]) => n + count, 0);
    expect(refused / report.requests).toBeGreaterThan(0.5);
    expect(report.statuses['200'] ?? 0).toBeGreaterThan(0);
  });
});
