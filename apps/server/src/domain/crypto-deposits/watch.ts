import { and, eq, inArray, isNull, lt, or, sql } from 'drizzle-orm';
import type { Db } from '#server/db/client';
import { errorCode } from '#server/lib/error-causes';
import { chainDeposits, chainScanCursors } from '#server/db/schema/index';
import { ChainError, type ChainNetwork, type ChainTransaction, type ChainWatcher } from '#server/providers/chains/types';
import { publishInProcess } from '../events/hub';
import { SaleWriteError } from '../sales/submit';
import { recordTransfer, targetOf, watchTargets } from './record';
import { settleDeposit, type SettleDeps, type SettleOutcome } from './settle';

/**
 * One run of a network's watch loop (docs/crypto-settlement.md, "The watch loop"): read from a
 * margin before the cursor, record new transfers to customers' addresses, follow every deposit not
 * yet confirmed with `transaction(txid)` (gone or failed: dropped, never paid; enough
 * confirmations, re-verified: confirmed), then settle the confirmed ones. A provider failure is
 * written on the cursor and the next run starts from the same place; nothing here throws for it.
 */

export interface WatchDeps extends SettleDeps {
  watchers: Partial<Record<ChainNetwork, ChainWatcher>>;
  logger?: { warn(details: object, message: string): void; error(details: object, message: string): void };
}

export interface WatchRun {
  network: ChainNetwork;
  /** The provider's failure, recorded on the cursor; null when the run read the chain. */
  error: string | null;
  recorded: number;
  settled: SettleOutcome[];
}

const ERROR_MAX = 500;

async function writeCursor(db: Db, network: ChainNetwork, values: Partial<typeof chainScanCursors.$inferInsert>, now: Date): Promise<void> {
  await db
    .insert(chainScanCursors)
    .values({ network, scannedTo: 0n, tipHeight: 0n, ...values, updatedAt: now })
    .onConflictDoUpdate({ target: chainScanCursors.network, set: { ...values, updatedAt: now } });
}

const sameAddress = (network: ChainNetwork, a: string, b: string) => (network === 'bsc' ? a.toLowerCase() === b.toLowerCase() : a === b);

/** The deposit's transfer as the chain has it now: same part, recipient, asset and amount, in a transaction that succeeded. */
function stillThere(chainTx: ChainTransaction | null, deposit: typeof chainDeposits.$inferSelect): boolean {
  if (!chainTx || !chainTx.succeeded) return false;
  return chainTx.transfers.some(
    (t) =>
      t.index === deposit.outputIndex &&
      sameAddress(deposit.network, t.to, deposit.address) &&
      t.asset === deposit.asset &&
      t.amount.toString() === deposit.amountBase &&
      (deposit.network !== 'solana' || t.reference === undefined || t.reference === deposit.reference),
  );
}

/** Follows one deposit not yet confirmed: its confirmations, dropped when the chain lost it, confirmed when enough and still there. */
async function follow(db: Db, deps: WatchDeps, watcher: ChainWatcher, deposit: typeof chainDeposits.$inferSelect): Promise<void> {
  const chainTx = await watcher.transaction(deposit.txid);
  const network = deposit.network;
  const now = deps.clock.now();
  const unchanged = and(eq(chainDeposits.id, deposit.id), eq(chainDeposits.status, deposit.status));
  if (!stillThere(chainTx, deposit)) {
    const [dropped] = await db
      .update(chainDeposits)
      .set({ status: 'dropped', droppedAt: now })
      .where(unchanged)
      .returning({ id: chainDeposits.id });
    if (dropped) {
      publishInProcess(deposit.userId, { type: 'deposit', id: deposit.id });
      deps.observer.deposit(network, 'dropped');
    }
    return;
  }
  const seen = chainTx!;
  const enough = seen.confirmations >= deposit.requiredConfirmations;
  const confirming = deposit.status === 'seen' && enough;
  // One in review or held keeps its status; the desk still reads when it had all its confirmations.
  const confirmedAside = deposit.status !== 'seen' && enough && deposit.confirmedAt === null;
  const [updated] = await db
    .update(chainDeposits)
    .set({
      confirmations: seen.confirmations,
      blockNumber: seen.blockNumber,
      blockHash: seen.blockHash,
      blockTime: seen.blockTime,
      ...(confirming ? { status: 'confirmed' as const, confirmedAt: now } : {}),
      ...(confirmedAside ? { confirmedAt: now } : {}),
    })
    .where(unchanged)
    .returning({ id: chainDeposits.id });
  if (updated && (confirming || seen.confirmations !== deposit.confirmations))
    publishInProcess(deposit.userId, { type: 'deposit', id: deposit.id });
  if (updated && confirming) deps.observer.deposit(network, 'confirmed');
}

/** One run for one network: the job's handler. Never throws for a provider's failure. */
export async function watchNetwork(db: Db, deps: WatchDeps, network: ChainNetwork): Promise<WatchRun> {
  const run: WatchRun = { network, error: null, recorded: 0, settled: [] };
  const watcher = deps.watchers[network];
  if (!watcher) return run;
  const now = deps.clock.now();
  try {
    const [cursor] = await db.select().from(chainScanCursors).where(eq(chainScanCursors.network, network));
    const tip = await watcher.tip();
    // A reorganisation can rewrite the last few blocks: each run reads again from that far back.
    const margin = BigInt(deps.policy.confirmations[network]);
    const started = cursor && cursor.tipHeight > 0n;
    const from = (started ? cursor.scannedTo : tip.height) - margin;
    const since = from > 0n ? from : 0n;
    const targets = await watchTargets(db, network, now);
    let scannedTo = tip.height;
    if (targets.length > 0) {
      const scan = await watcher.transfersTo(
        targets.map((t) => t.key),
        since,
      );
      scannedTo = scan.scannedTo;
      for (const transfer of scan.transfers) {
        const target = targetOf(targets, transfer);
        if (!target) continue;
        try {
          if (await recordTransfer(db, deps, transfer, target)) run.recorded += 1;
        } catch (error) {
          if (error instanceof ChainError) throw error;
          // One transfer the database refused holds up no other; the next run tries it again.
          deps.logger?.error(
            { code: errorCode(error), network, txid: transfer.txid },
            'transfer could not be recorded; tried again next run',
          );
        }
      }
    }
    const open = await db
      .select()
      .from(chainDeposits)
      .where(
        and(
          eq(chainDeposits.network, network),
          // Every deposit still counting; one held or in review until it has its confirmations (the desk reads them).
          or(
            eq(chainDeposits.status, 'seen'),
            and(inArray(chainDeposits.status, ['review', 'held']), lt(chainDeposits.confirmations, chainDeposits.requiredConfirmations)),
          ),
        ),
      );
    for (const deposit of open) await follow(db, deps, watcher, deposit);
    const kept = started && cursor.scannedTo > scannedTo ? cursor.scannedTo : scannedTo;
    await writeCursor(db, network, { scannedTo: kept, tipHeight: tip.height, tipSeenAt: now, lastError: null, lastErrorAt: null }, now);
    deps.observer.scanned(network, tip.height, kept);
  } catch (error) {
    if (!(error instanceof ChainError)) throw error;
    run.error = `${error.kind}: ${error.message}`.slice(0, ERROR_MAX);
    await writeCursor(db, network, { lastError: run.error, lastErrorAt: now }, now);
    deps.observer.failed(network, error.kind);
    deps.logger?.warn({ network, kind: error.kind }, 'chain provider failed; the next run reads from the same place');
  }
  // Settling needs the database only: deposits confirmed earlier are settled even while the provider is down.
  const confirmed = await db
    .select({ id: chainDeposits.id })
    .from(chainDeposits)
    .where(and(eq(chainDeposits.network, network), eq(chainDeposits.status, 'confirmed'), isNull(chainDeposits.saleId)))
    .orderBy(sql`${chainDeposits.confirmedAt} NULLS LAST`);
  for (const { id } of confirmed) {
    try {
      run.settled.push(await settleDeposit(db, deps, id));
    } catch (error) {
      // One deposit the database refused (a twin sale by hand at this instant) holds up no other. Logged as
      // SaleWriteError: the driver's message quotes the failing row, with the customer's bank account.
      deps.logger?.error({ err: new SaleWriteError(error), deposit: id }, 'deposit could not be settled; tried again next run');
    }
  }
  return run;
}
