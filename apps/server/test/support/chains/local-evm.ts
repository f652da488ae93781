import { readFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { createHardhatRuntimeEnvironment } from 'hardhat/hre';
import { createWalletClient, custom, getAddress, type Abi, type Address, type Hex, type WalletClient } from 'viem';

/**
 * A real EVM chain in process: Hardhat 3's simulated network (EDR), served over HTTP JSON-RPC on
 * a local port so the watcher reaches it as it reaches a BSC node. Hardhat mines a block per
 * transaction; evm_snapshot / evm_revert play a reorganisation. `script` puts a JSON-RPC error or
 * a hang in front of the chain for the next requests (a provider refusing a range, a stalled node).
 */
export interface LocalEvm {
  url: string;
  wallet: WalletClient;
  accounts: Address[];
  request<T>(method: string, params?: unknown[]): Promise<T>;
  script: ({ error: { code: number; message: string } } | { hangMs: number })[];
  methods: string[];
  deployToken(name: string, symbol: string, decimals: number): Promise<Address>;
  close(): Promise<void>;
}

const here = path.dirname(fileURLToPath(import.meta.url));
const artifact = JSON.parse(readFileSync(path.join(here, '../evm/test-token.json'), 'utf8')) as { abi: Abi; bytecode: Hex };
export const tokenAbi = artifact.abi;

interface Eip1193 {
  request(args: { method: string; params?: unknown[] }): Promise<unknown>;
}

export async function startLocalEvm(): Promise<LocalEvm> {
  const hre = await createHardhatRuntimeEnvironment({});
  const connection = await hre.network.connect();
  const provider = connection.provider as unknown as Eip1193;
  const script: LocalEvm['script'] = [];
  const methods: string[] = [];

  const answer = async (message: { id?: unknown; method: string; params?: unknown[] }) => {
    methods.push(message.method);
    const scripted = script.shift();
    if (scripted && 'hangMs' in scripted) await new Promise((resolve) => setTimeout(resolve, scripted.hangMs).unref());
    if (scripted && 'error' in scripted) return { jsonrpc: '2.0', id: message.id, error: scripted.error };
    try {
      return { jsonrpc: '2.0', id: message.id, result: await provider.request({ method: message.method, params: message.params ?? [] }) };
    } catch (error) {
      const e = error as { code?: number; message?: string };
      return { jsonrpc: '2.0', id: message.id, error: { code: e.code ?? -32603, message: e.message ?? 'error' } };
    }
  };
  const server: Server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      void (async () => {
        const body = JSON.parse(Buffer.concat(chunks).toString('utf8')) as Parameters<typeof answer>[0] | Parameters<typeof answer>[0][];
        const reply = Array.isArray(body) ? await Promise.all(body.map(answer)) : await answer(body);
        if (res.destroyed) return;
        res.writeHead(200, { 'content-type': 'application/json' });
        res.end(JSON.stringify(reply, (_, v: unknown) => (typeof v === 'bigint' ? `0x${v.toString(16)}` : v)));
      })();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;

  const request = async <T>(method: string, params: unknown[] = []) => (await provider.request({ method, params })) as T;
  const accounts = await request<Address[]>('eth_accounts');
  const wallet = createWalletClient({ account: accounts[0]!, transport: custom(provider) });

  return {
    url,
    wallet,
    accounts,
    request,
    script,
    methods,
    async deployToken(name, symbol, decimals) {
      const hash = await wallet.deployContract({
        abi: tokenAbi,
        bytecode: artifact.bytecode,
        args: [name, symbol, decimals],
        account: accounts[0]!,
        chain: null,
      });
      const receipt = await request<{ contractAddress: Address }>('eth_getTransactionReceipt', [hash]);
      return getAddress(receipt.contractAddress);
    },
    async close() {
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
      await connection.close();
    },
  };
}
