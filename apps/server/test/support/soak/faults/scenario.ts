import type { PrivatePostgres } from '../../private-postgres';
import type { SoakEnvironment } from '../environment';
import type { SoakServer } from '../server';
import type { SwitchProxy } from '../switch-proxy';

/**
 * One fault the fault soak injects under load (docs/RELIABILITY.md, "Faults"). A scenario is a
 * module of its own, listed once in registry.ts; the harness gives each its slot on the run's
 * clock, in the registry's order, and reports one row per scenario.
 */
export interface FaultScenario {
  /** Short name for `--only` (e.g. `redis`). */
  id: string;
  /** The row's name in the printed table. */
  name: string;
  /** How long the scenario plans to take, recovery included: lays the slots out on the run's clock. */
  durationMs: number;
  run(context: ScenarioContext): Promise<void>;
}

/**
 * What /readyz must say while a fault lasts: 503 naming the dependency in `failing` (the instance
 * cannot serve), 200 naming it in `degraded` (it serves in a lesser way), or 200 throughout with
 * nothing named (a provider is no readiness dependency: taking every instance out of rotation for
 * it would turn a provider's outage into ours).
 */
export type ReadinessExpectation = { failing: 'database' | 'file_store' } | { degraded: 'redis' } | 'unchanged';

export interface OutageOptions {
  /** Default `unchanged`. */
  readiness?: ReadinessExpectation;
  /** The payout provider cannot be reached meanwhile: a customer told of a delayed payout must have had a payout open in such a window. */
  payoutProviderDown?: boolean;
}

export interface Outage {
  /** The dependency is back (the harness measures /readyz turning green from here). */
  end(): void;
}

/** The instances' private redis-server (never the shared one): killed and started again on its port. */
export interface RestartableRedis {
  url: string;
  /** SIGKILL, as a crash or an OOM kill; resolves once it is gone. */
  kill(): Promise<void>;
  /** Starts it again on the same port (empty: nothing is saved); resolves once it accepts connections. */
  start(): Promise<void>;
}

export interface ScenarioContext {
  env: SoakEnvironment;
  /** The soak's own PostgreSQL cluster: restart and stop it freely. */
  postgres: PrivatePostgres;
  redis: RestartableRedis;
  /** Switch proxies between the instances and the payout (Paystack) and bill (VTpass) fault proxies. */
  switches: { payouts: SwitchProxy; bills: SwitchProxy };
  /** The server instances behind the balancer. */
  servers: SoakServer[];
  /**
   * A fault begins now: 503s count as inside an outage until `end()` (and a few seconds after), and
   * /readyz must follow `options.readiness` — turn red (or degraded) for it, and green again after `end()`.
   */
  outage(label: string, options?: OutageOptions): Outage;
  sleep(ms: number): Promise<void>;
  log(line: string): void;
}
