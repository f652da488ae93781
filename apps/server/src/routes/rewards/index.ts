import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  gemWriteHeadersSchema,
  rewardClaimResponseSchema,
  rewardLevelResponseSchema,
  rewardMessages,
  rewardsHistoryQuerySchema,
  rewardsHistoryResponseSchema,
  rewardsTotalResponseSchema,
} from '@wise/shared';
import type { RouteContext } from '#server/context';
import { answerOnce } from '#server/domain/gems/idempotency';
import { getCustomerRewardLevel } from '#server/domain/rewards/levels';
import {
  claimRewards,
  getClaimableRewards,
  getRewardHistory,
  getTotalClaimedRewards,
  type RewardClaim,
} from '#server/domain/rewards/rewards';
import { currentUser } from '#server/plugins/sessions';
import { errorResponses } from '../schemas';

const tags = ['rewards'];

const toEntry = (claim: RewardClaim) => ({
  id: claim.id,
  created_at: claim.createdAt.toISOString(),
  points: claim.points,
  reward: claim.description,
});

/** Rewards earned by approved sales (docs/product.md §7 total_rewards.php, claim_reward.php, rewards_history.php). */
export const rewardRoutes: FastifyPluginAsyncZod<{ ctx: RouteContext }> = async (app, { ctx }) => {
  const { db, rates, clock } = ctx;

  app.get(
    '/total',
    {
      schema: {
        tags,
        summary: 'Gems ever claimed from rewards, and what is claimable now (total_rewards.php)',
        response: { 200: rewardsTotalResponseSchema, ...errorResponses },
      },
    },
    async (request) => {
      const { id } = currentUser(request);
      const [total, claimable] = await Promise.all([getTotalClaimedRewards(db, id), getClaimableRewards(db, id)]);
      return { total_rewards: total, claimable };
    },
  );

  app.get(
    '/level',
    {
      schema: {
        tags,
        summary: "The customer's reward level, paid volume over the last 30 days and what reaches the next level",
        response: { 200: rewardLevelResponseSchema, ...errorResponses },
      },
    },
    async (request) => getCustomerRewardLevel(db, clock, currentUser(request).id),
  );

  app.post(
    '/claim',
    {
      schema: {
        tags,
        summary: 'Move every claimable reward into the gem balance (claim_reward.php)',
        description: 'With an Idempotency-Key header, a retry gets the first answer again (422 if the key was used for another request).',
        headers: gemWriteHeadersSchema,
        response: { 200: rewardClaimResponseSchema, ...errorResponses },
      },
    },
    async (request, reply) => {
      const { id } = currentUser(request);
      await rates.consume('gemWritesPerUser', id);
      const claimAll = async (tx: typeof db) => {
        const { claim, balance } = await claimRewards(tx, clock, id);
        return { status: 'success' as const, message: rewardMessages.claimed, claim: toEntry(claim), total_points: balance };
      };
      const key = request.headers['idempotency-key'];
      if (!key) return claimAll(db);
      const answer = await answerOnce(db, clock, { userId: id, key, operation: 'rewards.claim' }, claimAll);
      if (answer.replayed) reply.header('idempotent-replayed', 'true');
      return answer.body;
    },
  );

  app.get(
    '/history',
    {
      schema: {
        tags,
        summary: 'Reward claims, newest first (rewards_history.php); next_cursor fetches older ones',
        querystring: rewardsHistoryQuerySchema,
        response: { 200: rewardsHistoryResponseSchema, ...errorResponses },
      },
    },
    async (request) => {
      const { claims, nextCursor } = await getRewardHistory(db, currentUser(request).id, request.query);
      return { rewards: claims.map(toEntry), next_cursor: nextCursor };
    },
  );
};
