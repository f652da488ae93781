import { sql } from 'drizzle-orm';
import type { Db } from '#server/db/client';
import { CHAIN_NETWORKS, type ChainNetwork, type ChainTransfer, type ChainWatcher } from '#server/providers/chains/types';

/**
 * The crypto deposits reconciliation (docs/crypto-settlement.md, "Operations"; `npm run
 * crypto:reconcile`): every transfer the chains hold to our deposit addresses and Solana
 * references, read again through the watchers from a height, against `chain_deposits` and the
 * sales they became. What it reports:
 * - missing: on chain, within what the watch loop says it has scanned, and not recorded;
 * - extra: recorded (and not dropped) but the chain does not know the transaction;
 * - mismatch: recorded with another amount, asset or owner than the chain and our address book
 *   say, recorded as dropped while the chain holds it, or sold in a sale of another owner, coin,
 *   network or amount.
 * Transfers beyond the loop's cursor are counted as not yet scanned, not as missing.
 */

export type FindingKind = 'missing' | 'extra' | 'mismatch';

export interface ReconcileFinding {
  network: ChainNetwork;
  kind: FindingKind;
  txid: string;
  index: number;
  address: string;
  detail: string;
}

export interface NetworkSummary {
  network: ChainNetwork;
  /** Our addresses (Solana: reference keys) asked about. */
  keys: number;
  onChain: number;
  recorded: number;
  /** On chain past the watch loop's cursor, or not yet mined: the loop has not got there. */
  notYetScanned: number;
  scannedTo: bigint | null;
  tip: bigint;
}

export interface ReconcileReport {
  networks: NetworkSummary[];
  findings: ReconcileFinding[];
}

interface RecordedDeposit {
  id: string;
  user_id: string;
  txid: string;
  output_index: number;
  address: string;
  reference: string | null;
  asset: string;
  amount_base: string;
  amount: string;
  status: string;
  block_number: string | null;
  sale_id: string | null;
  sale_user_id: string | null;
  sale_coin: string | null;
  sale_network: string | null;
  sale_coin_amount: string | null;
}

const rows = async <T>(db: Db, query: ReturnType<typeof sql>): Promise<T[]> => ((await db.execute(query)) as unknown as { rows: T[] }).rows;

/** Addresses compare as the chains do: EVM without its checksum's letter case. */
const addressKey = (network: ChainNetwork, address: string) => (network === 'bsc' ? address.toLowerCase() : address);
const transferKey = (network: ChainNetwork, txid: string, index: number, address: string) =>
  `${network === 'bsc' ? txid.toLowerCase() : txid}:${index}:${addressKey(network, address)}`;

/** Whose each of our addresses (Solana: references) is. */
async function ownersOf(db: Db, network: ChainNetwork): Promise<Map<string, string>> {
  const found =
    network === 'solana'
      ? await rows<{ key: string; user_id: string }>(db, sql`SELECT reference AS key, user_id FROM solana_payment_references`)
      : await rows<{ key: string; user_id: string }>(
          db,
          sql`SELECT address AS key, user_id FROM deposit_addresses WHERE network = ${network}`,
        );
  return new Map(found.map((row) => [addressKey(network, row.key), row.user_id]));
}

/** Everything the watcher reports from `fromHeight` to the tip, scan after scan (a BSC scan reads a bounded range). */
async function allTransfers(
  watcher: ChainWatcher,
  keys: string[],
  fromHeight: bigint,
): Promise<{ tip: bigint; transfers: ChainTransfer[] }> {
  const transfers = new Map<string, ChainTransfer>();
  let since = fromHeight;
  for (;;) {
    const scan = await watcher.transfersTo(keys, since);
    for (const transfer of scan.transfers)
      transfers.set(transferKey(watcher.network, transfer.txid, transfer.index, transfer.to), transfer);
    if (scan.scannedTo >= scan.tip.height || scan.scannedTo < since) return { tip: scan.tip.height, transfers: [...transfers.values()] };
    since = scan.scannedTo + 1n;
  }
}

/** A decimal text compared as a number ("25.50" = "25.5"). */
const sameDecimal = (a: string, b: string) => {
  const norm = (v: string) => {
    const [whole = '0', fraction = ''] = v.trim().split('.');
    return `${BigInt(whole)}.${fraction.replace(/0+$/, '')}`;
  };
  return norm(a) === norm(b);
};

export async function reconcileDeposits(
  db: Db,
  watchers: Partial<Record<ChainNetwork, ChainWatcher>>,
  options: { fromHeight?: bigint; networks?: readonly ChainNetwork[] } = {},
): Promise<ReconcileReport> {
  const fromHeight = options.fromHeight ?? 0n;
  const report: ReconcileReport = { networks: [], findings: [] };
  for (const network of CHAIN_NETWORKS) {
    const watcher = watchers[network];
    if (!watcher || (options.networks && !options.networks.includes(network))) continue;
    const owners = await ownersOf(db, network);
    const keys = [...owners.keys()];
    const [cursor] = await rows<{ scanned_to: string }>(
      db,
      sql`SELECT scanned_to::text FROM chain_scan_cursors WHERE network = ${network}`,
    );
    const scannedTo = cursor ? BigInt(cursor.scanned_to) : null;
    const recorded = await rows<RecordedDeposit>(
      db,
      sql`SELECT d.id, d.user_id, d.txid, d.output_index, d.address, d.reference, d.asset, d.amount_base::text, d.amount::text,
                 d.status, d.block_number::text, d.sale_id, s.user_id AS sale_user_id, s.coin AS sale_coin, s.network AS sale_network,
                 s.coin_amount::text AS sale_coin_amount
            FROM chain_deposits d LEFT JOIN sales s ON s.id = d.sale_id
           WHERE d.network = ${network} AND (d.block_number IS NULL OR d.block_number >= ${fromHeight})`,
    );
    const byKey = new Map(recorded.map((row) => [transferKey(network, row.txid, row.output_index, row.address), row]));
    const { tip, transfers } =
      keys.length > 0 ? await allTransfers(watcher, keys, fromHeight) : { tip: (await watcher.tip()).height, transfers: [] };
    const summary: NetworkSummary = {
      network,
      keys: keys.length,
      onChain: transfers.length,
      recorded: recorded.length,
      notYetScanned: 0,
      scannedTo,
      tip,
    };
    report.networks.push(summary);
    const find = (kind: FindingKind, t: { txid: string; index: number; address: string }, detail: string) =>
      report.findings.push({ network, kind, txid: t.txid, index: t.index, address: t.address, detail });
    const matched = new Set<string>();

    for (const transfer of transfers) {
      const key = transferKey(network, transfer.txid, transfer.index, transfer.to);
      const owner = owners.get(addressKey(network, transfer.reference ?? transfer.to));
      const deposit = byKey.get(key);
      const where = { txid: transfer.txid, index: transfer.index, address: transfer.reference ?? transfer.to };
      if (!deposit) {
        if (transfer.blockNumber === null || scannedTo === null || transfer.blockNumber > scannedTo) {
          summary.notYetScanned += 1;
          continue;
        }
        find(
          'missing',
          where,
          `${transfer.amount} base units of ${transfer.asset} in block ${transfer.blockNumber}, owner ${owner ?? 'unknown'}: not in chain_deposits`,
        );
        continue;
      }
      matched.add(key);
      const problems: string[] = [];
      if (deposit.amount_base !== transfer.amount.toString())
        problems.push(`amount ${deposit.amount_base} recorded, ${transfer.amount} on chain`);
      if (deposit.asset !== transfer.asset) problems.push(`asset ${deposit.asset} recorded, ${transfer.asset} on chain`);
      if (owner !== deposit.user_id) problems.push(`owner ${deposit.user_id} recorded, ${owner ?? 'nobody'} by the address book`);
      if (network === 'solana' && transfer.reference && deposit.reference !== transfer.reference)
        problems.push(`reference ${deposit.reference ?? 'none'} recorded, ${transfer.reference} on chain`);
      if (deposit.status === 'dropped') problems.push('recorded as dropped, but the chain holds it');
      problems.push(...saleProblems(network, deposit));
      if (problems.length > 0) find('mismatch', where, problems.join('; '));
    }

    for (const deposit of recorded) {
      const key = transferKey(network, deposit.txid, deposit.output_index, deposit.address);
      if (matched.has(key)) continue;
      const where = { txid: deposit.txid, index: deposit.output_index, address: deposit.reference ?? deposit.address };
      if (deposit.status === 'dropped') continue;
      // Not among this scan's transfers: ask the chain for the transaction itself.
      const tx = await watcher.transaction(deposit.txid);
      const transfer = tx?.transfers.find(
        (t) => t.index === deposit.output_index && addressKey(network, t.to) === addressKey(network, deposit.address),
      );
      if (!tx || !tx.succeeded || !transfer) {
        find(
          'extra',
          where,
          `recorded as ${deposit.status} (${deposit.amount_base} base units of ${deposit.asset}), but the chain does not hold this transfer`,
        );
        continue;
      }
      if (transfer.amount.toString() !== deposit.amount_base)
        find('mismatch', where, `amount ${deposit.amount_base} recorded, ${transfer.amount} on chain`);
    }
  }
  return report;
}

function saleProblems(network: ChainNetwork, deposit: RecordedDeposit): string[] {
  if (!deposit.sale_id) return [];
  const problems: string[] = [];
  if (deposit.sale_user_id !== deposit.user_id) problems.push(`sale ${deposit.sale_id} belongs to ${deposit.sale_user_id}`);
  if (deposit.sale_coin !== deposit.asset || deposit.sale_network !== network)
    problems.push(`sale ${deposit.sale_id} is ${deposit.sale_coin} on ${deposit.sale_network}`);
  if (deposit.sale_coin_amount === null || !sameDecimal(deposit.sale_coin_amount, deposit.amount))
    problems.push(`sale ${deposit.sale_id} sold ${deposit.sale_coin_amount ?? 'no amount'}, the deposit is ${deposit.amount}`);
  return problems;
}

/** The report as the CLI prints it: a line per network, then a line per finding. */
export function formatReconcileReport(report: ReconcileReport): string {
  const lines = report.networks.map(
    (n) =>
      `${n.network}: ${n.keys} address(es), ${n.onChain} transfer(s) on chain up to block ${n.tip}, ${n.recorded} recorded, ` +
      `${n.notYetScanned} not yet scanned (watch loop at ${n.scannedTo ?? 'not started'})`,
  );
  if (report.networks.length === 0) lines.push('No chain is watched (docs/crypto-settlement.md, "Settings").');
  for (const f of report.findings) lines.push(`${f.kind.toUpperCase()} ${f.network} ${f.txid}:${f.index} → ${f.address}: ${f.detail}`);
  lines.push(
    report.findings.length === 0
      ? 'OK: every transfer on chain is recorded as the chain has it.'
      : `${report.findings.length} finding(s): ${(['missing', 'extra', 'mismatch'] as const).map((k) => `${report.findings.filter((f) => f.kind === k).length} ${k}`).join(', ')}.`,
  );
  return lines.join('\n');
}
