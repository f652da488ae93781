import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { notFound, validationError } from '../domain/errors';
import { isLoopbackPeer } from '../lib/loopback';
import { assetDecimals, fromBaseUnits, SandboxChainError, toBaseUnits, type SandboxChain } from '../providers/chains/sandbox';
import { CHAIN_NETWORKS, type ChainAsset, type ChainNetwork, type ChainTransfer } from '../providers/chains/types';

const assets = ['btc', 'bnb', 'usdt', 'sol', 'other'] as const;
const errorKinds = ['timeout', 'unavailable', 'provider_error', 'bad_response'] as const;

/** What a send pays when it names no asset: the chain's own coin, USDT on TRON (its watcher reads tokens only). */
const DEFAULT_ASSET: Record<ChainNetwork, ChainAsset> = { bitcoin: 'btc', bsc: 'bnb', tron: 'usdt', solana: 'sol' };

const sendSchema = z
  .object({
    network: z.enum(CHAIN_NETWORKS),
    /** An address; on Solana a Solana Pay reference key (or the company's recipient itself). */
    to: z.string().trim().min(20).max(100),
    asset: z.enum(assets).optional(),
    /** In the coin ("25", "0.001"). */
    amount: z
      .string()
      .regex(/^\d+(\.\d+)?$/)
      .optional(),
    /** In base units (satoshi, wei, the token's smallest unit, lamports). */
    amount_base: z
      .string()
      .regex(/^[1-9]\d{0,77}$/)
      .optional(),
    /** `other` only: the look-alike token's contract or mint. */
    contract: z.string().trim().min(20).max(100).optional(),
  })
  .refine((body) => (body.amount === undefined) !== (body.amount_base === undefined), {
    message: 'give amount or amount_base, not both',
    path: ['amount'],
  });

const transferSchema = z.object({
  network: z.enum(CHAIN_NETWORKS),
  txid: z.string(),
  index: z.number(),
  to: z.string(),
  reference: z.string().nullable(),
  from: z.string().nullable(),
  asset: z.enum(assets),
  contract: z.string().nullable(),
  amount: z.string(),
  amount_base: z.string(),
  block_number: z.string().nullable(),
  confirmations: z.number(),
  dropped: z.boolean(),
});

const sentSchema = z.object({
  txid: z.string(),
  network: z.enum(CHAIN_NETWORKS),
  index: z.number(),
  to: z.string(),
  reference: z.string().nullable(),
  asset: z.enum(assets),
  contract: z.string().nullable(),
  amount_base: z.string(),
  block_number: z.string(),
});

const overviewSchema = z.object({
  block_ms: z.number(),
  tips: z.array(z.object({ network: z.enum(CHAIN_NETWORKS), height: z.string(), outage: z.enum(errorKinds).nullable() })),
  transfers: z.array(transferSchema),
});

/** A transfer as the overview lists it: amounts in the coin and in base units, as decimal strings. */
const transferView = (t: ChainTransfer & { dropped: boolean }): z.infer<typeof transferSchema> => ({
  network: t.network,
  txid: t.txid,
  index: t.index,
  to: t.to,
  reference: t.reference ?? null,
  from: t.from,
  asset: t.asset,
  contract: t.contract,
  amount: fromBaseUnits(t.amount, assetDecimals(t.network, t.asset)),
  amount_base: t.amount.toString(),
  block_number: t.blockNumber === null ? null : t.blockNumber.toString(),
  confirmations: t.confirmations,
  dropped: t.dropped,
});

/**
 * The sandbox chain's controls (docs/crypto-settlement.md, "The sandbox chain"): "send" a payment,
 * drop one in a reorganisation, play a provider outage, look at the chain. Registered only in
 * development and test with the sandbox chain on, and even then it answers this machine only: a
 * "payment" here becomes naira paid out.
 */
export const devChainRoutes: FastifyPluginAsyncZod<{ chain: SandboxChain }> = async (app, { chain }) => {
  app.addHook('onRequest', async (request, reply) => {
    if (!isLoopbackPeer(request.socket.remoteAddress)) return reply.callNotFound();
  });

  app.post(
    '/send',
    {
      config: { public: true },
      schema: {
        tags: ['dev'],
        summary: 'Send a payment on the sandbox chain; it is mined in the next block',
        body: sendSchema,
        response: { 201: sentSchema },
      },
    },
    async (request, reply) => {
      const body = request.body;
      const asset = body.asset ?? DEFAULT_ASSET[body.network];
      try {
        const amountBase =
          body.amount_base !== undefined ? BigInt(body.amount_base) : toBaseUnits(body.amount!, assetDecimals(body.network, asset));
        const sent = await chain.send({ network: body.network, to: body.to, asset, amountBase, contract: body.contract });
        request.log.info({ network: sent.network, txid: sent.txid }, 'sandbox chain: payment sent');
        return reply.status(201).send({
          txid: sent.txid,
          network: sent.network,
          index: sent.index,
          to: sent.to,
          reference: sent.reference,
          asset: sent.asset,
          contract: sent.contract,
          amount_base: sent.amountBase.toString(),
          block_number: sent.blockNumber.toString(),
        });
      } catch (error) {
        if (error instanceof SandboxChainError) throw validationError(error.message);
        throw error;
      }
    },
  );

  app.post(
    '/drop',
    {
      config: { public: true },
      schema: {
        tags: ['dev'],
        summary: 'A reorganisation drops a transaction: the chain no longer knows it',
        body: z.object({ txid: z.string().trim().min(64).max(100) }),
        response: { 200: z.object({ dropped: z.literal(true) }) },
      },
    },
    async (request) => {
      if (!(await chain.drop(request.body.txid))) throw notFound('No such transaction on the sandbox chain (or it was dropped already)');
      return { dropped: true as const };
    },
  );

  app.post(
    '/outage',
    {
      config: { public: true },
      schema: {
        tags: ['dev'],
        summary: "Make a network's watcher fail with a kind of provider error, or clear it (kind null)",
        body: z.object({ network: z.enum(CHAIN_NETWORKS), kind: z.enum(errorKinds).nullable() }),
        response: { 204: z.null() },
      },
    },
    async (request, reply) => {
      await chain.setOutage(request.body.network, request.body.kind);
      return reply.status(204).send(null);
    },
  );

  app.get(
    '/',
    {
      config: { public: true },
      schema: {
        tags: ['dev'],
        summary: "Each network's tip and the latest transfers, newest first",
        response: { 200: overviewSchema },
      },
    },
    async () => {
      const { tips, transfers } = await chain.overview();
      return {
        block_ms: chain.options.blockMs,
        tips: CHAIN_NETWORKS.map((network) => ({ network, height: tips[network].height.toString(), outage: tips[network].outage })),
        transfers: transfers.map(transferView),
      };
    },
  );
};
