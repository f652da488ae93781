import type { PrivatePostgres } from '../../private-postgres';
import type { SoakEnvironment } from '../environment';
import type { SoakServer } from '../server';

/**
 * One fault the fault soak injects under load (docs/RELIABILITY.md, "Faults"). A scenario is a
 * module of its own, listed once in registry.ts; the harness gives each its slot on the run's
 * clock, in the registry's order, and reports one row per scenario.
 */
export interface FaultScenario {
  /** The row's name in the printed table. */
  name: string;
  /** How long the scenario plans to take, recovery included: lays the slots out on the run's clock. */
  durationMs: number;
  run(context: ScenarioContext): Promise<void>;
}

/** What /readyz must report while a fault lasts (its `failing` entry), when the fault takes a dependency away. */
export type ReadinessDependency = 'database' | 'file_store' | (string & {});

export interface Outage {
  /** The dependency is back (the harness measures /readyz turning green from here). */
  end(): void;
}

export interface ScenarioContext {
  env: SoakEnvironment;
  /** The soak's own PostgreSQL cluster: restart and stop it freely. */
  postgres: PrivatePostgres;
  /** The server instances behind the balancer. */
  servers: SoakServer[];
  /**
   * A fault begins now: 503s count as inside an outage until `end()` (and a few seconds after), and
   * when `readiness` is given /readyz must turn red for it within a second, and green within a
   * second of `end()`.
   */
  outage(label: string, readiness?: ReadinessDependency): Outage;
  sleep(ms: number): Promise<void>;
  log(line: string): void;
}
