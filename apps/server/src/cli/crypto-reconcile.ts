import { existsSync } from 'node:fs';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { ConfigError, loadConfig, type Config } from '../config';
import { openDatabase } from '../db/client';
import { formatReconcileReport, reconcileDeposits } from '../domain/crypto-deposits/reconcile';
import { CHAIN_NETWORKS, ChainError, createChainWatchers, type ChainNetwork } from '../providers/chains/index';

/**
 * `npm run crypto:reconcile [-- --from-height N] [--network tron …]`: every transfer the chains
 * hold to our deposit addresses and Solana references, read again through the configured watchers
 * (the sandbox chain outside production), against `chain_deposits` and the sales they became
 * (docs/crypto-settlement.md, "Operations"). Prints what is missing, extra or mismatched; exits 1
 * on any finding, 2 if it could not run.
 */

const EXIT_FINDINGS = 1;
const EXIT_CANNOT_RUN = 2;
const PROBE_TIMEOUT_MS = 1000;

/** PGlite is one process's database: a second process opening it while the server runs would corrupt it. */
async function serverIsUp(config: Config): Promise<boolean> {
  try {
    const response = await fetch(`http://127.0.0.1:${config.PORT}/healthz`, { signal: AbortSignal.timeout(PROBE_TIMEOUT_MS) });
    return response.ok;
  } catch {
    return false;
  }
}

function options(argv: string[]): { fromHeight: bigint; networks?: ChainNetwork[] } {
  const { values } = parseArgs({
    args: argv,
    options: { 'from-height': { type: 'string' }, network: { type: 'string', multiple: true } },
    strict: true,
  });
  const from = values['from-height'] ?? '0';
  if (!/^\d+$/.test(from)) throw new ConfigError('--from-height must be a block height (a whole number)');
  const networks = values.network?.map((network) => {
    if (!(CHAIN_NETWORKS as readonly string[]).includes(network))
      throw new ConfigError(`--network must be one of ${CHAIN_NETWORKS.join(', ')}`);
    return network as ChainNetwork;
  });
  return { fromHeight: BigInt(from), networks };
}

async function main(): Promise<number> {
  let config: Config;
  let asked: ReturnType<typeof options>;
  try {
    asked = options(process.argv.slice(2));
    config = loadConfig();
  } catch (error) {
    if (error instanceof ConfigError || (error instanceof Error && 'code' in error && String(error.code).startsWith('ERR_PARSE_ARGS'))) {
      console.error(error.message);
      return EXIT_CANNOT_RUN;
    }
    throw error;
  }
  if (!config.DATABASE_URL && (await serverIsUp(config))) {
    console.error(
      `The server is running on the embedded database in ${config.dataDir}; only one process may open it. Stop the server first.`,
    );
    return EXIT_CANNOT_RUN;
  }
  if (!config.DATABASE_URL && !existsSync(path.join(config.dataDir, 'pglite', 'PG_VERSION'))) {
    console.error(`There is no embedded database in ${config.dataDir} yet: start the server once to create it.`);
    return EXIT_CANNOT_RUN;
  }
  const database = await openDatabase({ databaseUrl: config.DATABASE_URL, dataDir: config.dataDir });
  try {
    const report = await reconcileDeposits(database.db, createChainWatchers(config, database.db), asked);
    process.stdout.write(`${formatReconcileReport(report)}\n`);
    return report.findings.length === 0 ? 0 : EXIT_FINDINGS;
  } catch (error) {
    if (error instanceof ChainError) {
      console.error(`The chain could not be read (${error.kind}): ${error.message}`);
      return EXIT_CANNOT_RUN;
    }
    throw error;
  } finally {
    await database.close();
  }
}

main().then(
  (code) => {
    process.exitCode = code;
  },
  (error: unknown) => {
    console.error('Reconciliation could not run:', error instanceof Error ? error.message : error);
    process.exitCode = EXIT_CANNOT_RUN;
  },
);
