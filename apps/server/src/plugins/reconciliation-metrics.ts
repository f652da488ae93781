import { Gauge, type Registry } from 'prom-client';
import type { Database } from '../db/client';

const num = (value: unknown): number => (value === null || value === undefined ? 0 : Number(value));

/**
 * The floats and reconciliation series a scrape reads from the database (docs/operations.md,
 * "Floats and reconciliation"): payouts held (waiting for funds, awaiting an OTP), each provider's last known balance,
 * and the open reconciliation mismatches by provider kind and kind.
 */
export function addReconciliationMetrics(registry: Registry, database: Database): void {
  new Gauge({
    name: 'wise_payouts_held',
    help: 'Open payouts held apart from their status: waiting_for_funds (the transfer balance cannot cover them) or awaiting_otp.',
    labelNames: ['hold'] as const,
    registers: [registry],
    async collect() {
      this.reset();
      this.set({ hold: 'waiting_for_funds' }, 0);
      this.set({ hold: 'awaiting_otp' }, 0);
      const rows = await database.query<{ hold: string; count: string }>(
        'SELECT hold, count(*) AS count FROM payouts WHERE hold IS NOT NULL GROUP BY hold',
      );
      for (const row of rows) this.set({ hold: row.hold }, num(row.count));
    },
  });
  new Gauge({
    name: 'wise_provider_float_naira',
    help: 'The last balance read from each provider (payouts: the transfer balance; bills: the bill wallet), only while the last reading succeeded.',
    labelNames: ['provider_kind'] as const,
    registers: [registry],
    async collect() {
      this.reset();
      const rows = await database.query<{ provider_kind: string; available_kobo: string | null }>(
        'SELECT provider_kind, available_kobo FROM provider_floats WHERE available_kobo IS NOT NULL',
      );
      for (const row of rows) this.set({ provider_kind: row.provider_kind }, num(row.available_kobo) / 100);
    },
  });
  new Gauge({
    name: 'wise_reconciliation_mismatches',
    help: 'Open (unresolved) reconciliation mismatches, by provider kind and kind of mismatch.',
    labelNames: ['provider_kind', 'kind'] as const,
    registers: [registry],
    async collect() {
      this.reset();
      const rows = await database.query<{ provider_kind: string; kind: string; count: string }>(
        'SELECT provider_kind, kind, count(*) AS count FROM reconciliation_mismatches WHERE resolved_at IS NULL GROUP BY provider_kind, kind',
      );
      for (const row of rows) this.set({ provider_kind: row.provider_kind, kind: row.kind }, num(row.count));
    },
  });
}
