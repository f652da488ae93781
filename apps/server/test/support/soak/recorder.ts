/**
 * What the soak saw, per journey step: every answer's status and time, the 5xx kept whole (they
 * are the failures), and connections that never got an answer (expected only while a crash test
 * has the server down).
 */

export interface ServerError {
  step: string;
  status: number;
  body: string;
  at: string;
}

/** A 4xx/503 the customer got: its step, status and whether it carried the error body. */
export interface Refusal {
  step: string;
  status: number;
  code: string | undefined;
  hasMessage: boolean;
}

export class Recorder {
  readonly times = new Map<string, number[]>();
  readonly statuses = new Map<string, Map<number, number>>();
  readonly serverErrors: ServerError[] = [];
  readonly refusals: Refusal[] = [];
  /** When each 503 was answered (ms since the epoch): the fault soak checks they fall inside an outage. */
  readonly unavailableAt: number[] = [];
  networkErrors = 0;
  requests = 0;

  record(step: string, status: number, ms: number, body: string): void {
    this.requests += 1;
    const list = this.times.get(step) ?? [];
    list.push(ms);
    this.times.set(step, list);
    const counts = this.statuses.get(step) ?? new Map<number, number>();
    counts.set(status, (counts.get(status) ?? 0) + 1);
    this.statuses.set(step, counts);
    if (status === 503) this.unavailableAt.push(Date.now());
    if (status >= 500 && status !== 503) this.serverErrors.push({ step, status, body: body.slice(0, 500), at: new Date().toISOString() });
    if (status >= 400) {
      const parsed = parseError(body);
      this.refusals.push({ step, status, code: parsed?.code, hasMessage: typeof parsed?.error === 'string' && parsed.error.length > 0 });
    }
  }

  /** Starts the timed figures afresh (after the preparation); 5xx and refusals are kept. */
  restartFigures(): void {
    this.times.clear();
    this.statuses.clear();
    this.requests = 0;
  }

  networkError(): void {
    this.networkErrors += 1;
  }
}

function parseError(body: string): { error?: unknown; code?: string } | undefined {
  try {
    const value: unknown = JSON.parse(body);
    return typeof value === 'object' && value !== null ? (value as { error?: unknown; code?: string }) : undefined;
  } catch {
    return undefined;
  }
}

export const percentile = (sorted: number[], p: number): number => {
  if (sorted.length === 0) return 0;
  const index = Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1));
  return sorted[index]!;
};

export interface StepFigures {
  step: string;
  count: number;
  perSecond: number;
  p50: number;
  p99: number;
  statuses: Record<string, number>;
}

export function stepFigures(recorder: Recorder, seconds: number): StepFigures[] {
  return [...recorder.times.entries()]
    .map(([step, times]) => {
      const sorted = [...times].sort((a, b) => a - b);
      return {
        step,
        count: times.length,
        perSecond: times.length / seconds,
        p50: percentile(sorted, 50),
        p99: percentile(sorted, 99),
        statuses: Object.fromEntries(
          [...(recorder.statuses.get(step) ?? new Map<number, number>()).entries()].map(([s, n]) => [String(s), n]),
        ),
      };
    })
    .sort((a, b) => a.step.localeCompare(b.step));
}

export function formatFigures(figures: StepFigures[]): string {
  const lines = ['| step | requests | per s | p50 ms | p99 ms | statuses |', '|---|---|---|---|---|---|'];
  for (const f of figures) {
    const statuses = Object.entries(f.statuses)
      .map(([s, n]) => `${s}×${n}`)
      .join(' ');
    lines.push(`| ${f.step} | ${f.count} | ${f.perSecond.toFixed(1)} | ${Math.round(f.p50)} | ${Math.round(f.p99)} | ${statuses} |`);
  }
  return lines.join('\n');
}
