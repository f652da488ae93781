import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { processRegistry } from '../src/lib/metrics';

/**
 * ops/prometheus/alerts.yml, read as Prometheus would (promtool is not installable here): every
 * rule has a name, an expression, a severity and a runbook, and every `wise_` series it names is
 * one the app exports — a renamed metric would otherwise leave an alert that can never fire.
 */
interface Rule {
  alert?: string;
  expr?: string;
  for?: string;
  labels?: { severity?: string };
  annotations?: { summary?: string; runbook?: string };
}
const file = path.resolve(import.meta.dirname, '../../../ops/prometheus/alerts.yml');
const rules = (parse(readFileSync(file, 'utf8')) as { groups: { name: string; rules: Rule[] }[] }).groups.flatMap((group) => group.rules);

/** The series the app exports: the process registry's, and those the metrics plugins read from the database. */
const pluginSources = ['plugins/metrics.ts', 'plugins/reconciliation-metrics.ts', 'domain/crypto-deposits/metrics.ts'].map((name) =>
  readFileSync(path.resolve(import.meta.dirname, '../src', name), 'utf8'),
);
const exported = new Set([
  ...processRegistry.getMetricsAsArray().map((metric) => metric.name),
  ...pluginSources.flatMap((source) => [...source.matchAll(/name: '(wise_\w+)'/g)].map((match) => match[1])),
]);

describe('the Prometheus alert rules', () => {
  it('each have a name, an expression, a severity and a runbook', () => {
    expect(rules.length).toBeGreaterThanOrEqual(6);
    for (const rule of rules) {
      expect(rule.alert, JSON.stringify(rule)).toMatch(/^Wise[A-Z]\w+$/);
      expect(rule.expr, rule.alert).toBeTruthy();
      expect(['page', 'ticket'], rule.alert).toContain(rule.labels?.severity);
      expect(rule.annotations?.summary, rule.alert).toBeTruthy();
      expect(rule.annotations?.runbook, rule.alert).toMatch(/docs\//);
      if (rule.for !== undefined) expect(rule.for, rule.alert).toMatch(/^\d+[smh]$/);
    }
  });

  it('only name series the app exports', () => {
    const named = rules.flatMap((rule) =>
      [...(rule.expr ?? '').matchAll(/\b(wise_[a-z_]+?)(?:_bucket|_count|_sum)?\b(?=[{[\s)]|$)/g)].map((match) => match[1]),
    );
    expect(named.length).toBeGreaterThan(5);
    for (const name of named) expect(exported, name).toContain(name);
  });

  /** Minutes from the fault's start until the rule fires at the latest: its range window, then its `for`. */
  const minutesToFire = (rule: Rule) => {
    const minutes = (text: string | undefined) => {
      const match = /^(\d+)([smh])$/.exec(text ?? '0s');
      return match ? Number(match[1]) * { s: 1 / 60, m: 1, h: 60 }[match[2] as 's' | 'm' | 'h'] : Number.POSITIVE_INFINITY;
    };
    const windows = [...(rule.expr ?? '').matchAll(/\[(\d+[smh])\]/g)].map((match) => minutes(match[1]));
    return Math.max(0, ...windows) + minutes(rule.for);
  };
  const ruleNamed = (name: string) => {
    const rule = rules.find((candidate) => candidate.alert === name);
    expect(rule, name).toBeDefined();
    return rule!;
  };

  it('fire within 5 minutes of the payout provider failing at the transport (refused, 5xx, time-outs)', () => {
    const rule = ruleNamed('WisePayoutProviderErrors');
    expect(rule.expr).toMatch(/wise_provider_call_duration_seconds_count\{[^}]*provider="paystack_transfers"/);
    for (const outcome of ['http_5xx', 'network_error', 'timeout']) expect(rule.expr).toContain(outcome);
    expect(rule.labels?.severity).toBe('page');
    expect(minutesToFire(rule)).toBeLessThanOrEqual(5);
  });

  it('fire within 5 minutes of Redis going away, on the series an instance reports while it does', () => {
    const rule = ruleNamed('WiseRedisDown');
    expect(rule.expr).toMatch(/wise_redis_up\b/);
    expect(minutesToFire(rule)).toBeLessThanOrEqual(5);
  });
});
