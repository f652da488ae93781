// `npm run sandbox:send -- --network tron --to T… --amount 25`: "sends" a payment on the sandbox
// chain of a server running on this machine (docs/crypto-settlement.md, "The sandbox chain"), through
// its loopback-only dev routes, and prints the transaction id. Also:
//   --asset usdt|other|btc|bnb|sol   (default: the chain's own coin; USDT on TRON)
//   --amount-base N                  an amount in base units instead of --amount
//   --contract ADDRESS               the look-alike token's contract (with --asset other)
//   --drop TXID                      a reorganisation drops that transaction
//   --list                           each chain's tip and the latest transfers
//   --url http://127.0.0.1:3000      the server (default: PORT, else 3000)
import { parseArgs } from 'node:util';

const { values } = parseArgs({
  options: {
    network: { type: 'string' },
    to: { type: 'string' },
    amount: { type: 'string' },
    'amount-base': { type: 'string' },
    asset: { type: 'string' },
    contract: { type: 'string' },
    drop: { type: 'string' },
    list: { type: 'boolean' },
    url: { type: 'string' },
  },
  strict: true,
});

const base = (values.url ?? `http://127.0.0.1:${process.env.PORT ?? 3000}`).replace(/\/$/, '');

async function call(method, path, body) {
  let response;
  try {
    response = await fetch(`${base}/api/dev/chain${path}`, {
      method,
      headers: body ? { 'content-type': 'application/json' } : {},
      body: body ? JSON.stringify(body) : undefined,
    });
  } catch (error) {
    throw new Error(`no server answers at ${base} (${error.cause?.code ?? error.message}): start it with npm start`, { cause: error });
  }
  const text = await response.text();
  if (response.status === 404 && !text.includes('sandbox'))
    throw new Error(`${base} has no sandbox chain: it runs outside development, with a real chain configured, or SANDBOX_CHAIN=false`);
  if (!response.ok) throw new Error(`${response.status}: ${text}`);
  return text ? JSON.parse(text) : null;
}

async function main() {
  if (values.list) {
    const chain = await call('GET', '/');
    for (const tip of chain.tips) console.log(`${tip.network}: block ${tip.height}${tip.outage ? ` (outage: ${tip.outage})` : ''}`);
    for (const t of chain.transfers)
      console.log(
        `${t.network} ${t.txid} → ${t.reference ?? t.to}: ${t.amount} ${t.asset}${t.dropped ? ' DROPPED' : ` (${t.confirmations} confirmations)`}`,
      );
    return;
  }
  if (values.drop) {
    await call('POST', '/drop', { txid: values.drop });
    console.log(`dropped ${values.drop}`);
    return;
  }
  if (!values.network || !values.to || (values.amount === undefined) === (values['amount-base'] === undefined))
    throw new Error(
      'usage: npm run sandbox:send -- --network bitcoin|bsc|tron|solana --to ADDRESS_OR_REFERENCE (--amount 25 | --amount-base N) [--asset usdt|other] [--contract C]',
    );
  const sent = await call('POST', '/send', {
    network: values.network,
    to: values.to,
    ...(values.asset ? { asset: values.asset } : {}),
    ...(values.amount !== undefined ? { amount: values.amount } : { amount_base: values['amount-base'] }),
    ...(values.contract ? { contract: values.contract } : {}),
  });
  console.log(sent.txid);
  console.error(
    `${sent.network}: ${sent.amount_base} base units of ${sent.asset} to ${sent.reference ?? sent.to}, mined in block ${sent.block_number}`,
  );
}

main().catch((error) => {
  console.error(error.message);
  process.exitCode = 1;
});
