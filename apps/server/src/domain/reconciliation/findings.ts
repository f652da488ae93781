import type { MismatchKind } from '#server/db/schema/index';

/** What one comparison found about one reference: stored as a mismatch (kind, both sides as JSON). */
export interface Finding {
  kind: MismatchKind;
  reference: string;
  ours: Record<string, unknown> | null;
  theirs: Record<string, unknown> | null;
}

/** A day's comparison: how much was compared, what could not be, and what disagreed. */
export interface DayComparison {
  oursCount: number;
  theirsCount: number;
  /** Compared items the provider could say nothing definite about this time (asked again on a rerun). */
  uncheckedCount: number;
  findings: Finding[];
}
