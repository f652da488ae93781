import type { FastifyInstance } from 'fastify';
import type { RouteContext } from '#server/context';
import { adminAuditRoutes } from './audit';
import { adminAuthRoutes } from './auth';
import { adminPasskeyRoutes } from './passkeys';
import { adminBankRoutes } from './banks';
import { adminBillRoutes } from './bills';
import { adminBroadcastRoutes } from './broadcast';
import { adminCatalogueRoutes } from './catalogue';
import { adminCryptoRoutes } from './crypto';
import { adminDepositDeskRoutes } from './deposit-desk';
import { adminCustomerRoutes } from './customers';
import { adminDashboardRoutes } from './dashboard';
import { adminExportRoutes } from './exports';
import { adminLimitRoutes } from './limits';
import { adminReferralRoutes } from './referrals';
import { adminIdentityRoutes } from './identity';
import { adminReconciliationRoutes } from './reconciliation';
import { adminRewardLevelRoutes } from './reward-levels';
import { adminSaleRoutes } from './sales';
import { adminRequestRoutes } from './requests';
import { adminStaffRoutes } from './staff';

/**
 * The back office's API (docs/decisions.md §8) under /api/admin. Every route declares the staff role it
 * needs (`config: { staff: 'reviewer' | 'admin' }`); a customer's session never reaches one.
 */
export async function adminRoutes(app: FastifyInstance, { ctx }: { ctx: RouteContext }) {
  await app.register(adminAuthRoutes, { prefix: '/auth', ctx });
  await app.register(adminPasskeyRoutes, { prefix: '/auth/passkeys', ctx });
  await app.register(adminStaffRoutes, { prefix: '/staff', ctx });
  await app.register(adminRequestRoutes, { prefix: '/requests', ctx });
  await app.register(adminSaleRoutes, { prefix: '/sales', ctx });
  await app.register(adminCatalogueRoutes, { prefix: '/giftcards', ctx });
  await app.register(adminCryptoRoutes, { prefix: '/crypto', ctx });
  await app.register(adminDepositDeskRoutes, { prefix: '/crypto/deposits', ctx });
  await app.register(adminBankRoutes, { prefix: '/banks', ctx });
  await app.register(adminBillRoutes, { prefix: '/bills', ctx });
  await app.register(adminDashboardRoutes, { prefix: '/dashboard', ctx });
  await app.register(adminCustomerRoutes, { prefix: '/customers', ctx });
  await app.register(adminLimitRoutes, { prefix: '/customers', ctx });
  await app.register(adminReferralRoutes, { prefix: '/customers', ctx });
  await app.register(adminBroadcastRoutes, { prefix: '/broadcast', ctx });
  await app.register(adminAuditRoutes, { prefix: '/audit', ctx });
  await app.register(adminReconciliationRoutes, { prefix: '/reconciliation', ctx });
  await app.register(adminExportRoutes, { prefix: '/exports', ctx });
  await app.register(adminIdentityRoutes, { prefix: '/identity-documents', ctx });
  await app.register(adminRewardLevelRoutes, { prefix: '/reward-levels', ctx });
}
