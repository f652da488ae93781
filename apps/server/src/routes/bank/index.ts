import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  bankDetailsResponseSchema,
  bankListResponseSchema,
  resolveBankAccountSchema,
  resolvedAccountSchema,
  updateBankSchema,
} from '@wise/shared';
import type { RouteContext } from '#server/context';
import { assertPassword } from '#server/domain/auth/password-check';
import { getBankDetails, listBanks, resolveAccountName, updateBankDetails } from '#server/domain/bank/service';
import { UNREADABLE_HASH_MESSAGE } from '#server/lib/passwords';
import { withPasswordLimits, withPinLimits } from '#server/plugins/rate-limits';
import { currentUser } from '#server/plugins/sessions';
import { errorResponses } from '../schemas';

const tags = ['bank'];

/**
 * docs/product.md §7 `get_bank_details.php` → GET /api/bank; `update_bank` → PUT /api/bank;
 * `bank_list` → GET /api/banks; the account-name look-up → POST /api/bank/resolve.
 * Registered at /api so both /api/bank and /api/banks live here.
 */
export const bankRoutes: FastifyPluginAsyncZod<{ ctx: RouteContext }> = async (app, { ctx }) => {
  const { db, clock, rates } = ctx;
  const lookup = ctx.bankLookup;

  app.get(
    '/banks',
    {
      schema: { tags, summary: 'Banks to choose from, with their codes', response: { 200: bankListResponseSchema, ...errorResponses } },
    },
    async () => listBanks(db),
  );

  app.get(
    '/bank',
    {
      schema: {
        tags,
        summary: "The customer's payout bank details (nulls when none)",
        response: { 200: bankDetailsResponseSchema, ...errorResponses },
      },
    },
    async (request) => getBankDetails(db, currentUser(request).id),
  );

  app.post(
    '/bank/resolve',
    {
      schema: {
        tags,
        summary: 'The name on an account, from the bank-account lookup provider',
        body: resolveBankAccountSchema,
        response: { 200: resolvedAccountSchema, ...errorResponses },
      },
    },
    async (request) => {
      const userId = currentUser(request).id;
      await rates.consume('bankLookupPerUser', userId);
      const resolved = await resolveAccountName(db, lookup, userId, request.body);
      return { account_name: resolved.accountName, name_match: resolved.nameMatch };
    },
  );

  app.put(
    '/bank',
    {
      schema: {
        tags,
        summary: "Save the payout account: in the customer's own name; changing existing details needs the PIN and ends other sessions",
        body: updateBankSchema,
        response: { 200: bankDetailsResponseSchema, ...errorResponses },
      },
    },
    async (request) => {
      const user = currentUser(request);
      await rates.consume('bankChangePerIp', request.ip);
      await rates.consume('bankLookupPerUser', user.id);
      const onUnreadableHash = (error: unknown) => request.log.error({ err: error }, UNREADABLE_HASH_MESSAGE);
      const checkPassword = (password: string) =>
        withPasswordLimits(rates, user.id, request.ip, () => assertPassword(db, user.id, password, onUnreadableHash));
      const save = () =>
        updateBankDetails(db, { clock, lookup, checkPassword }, user.id, request.body, request.principal?.sessionHash ?? '');
      return request.body.pin ? withPinLimits(rates, user.id, request.ip, save) : save();
    },
  );
};
