import { eq, sql } from 'drizzle-orm';
import { bankAdminMessages, type AdminBank } from '@wise/shared/admin';
import type { Db } from '#server/db/client';
import { bankDetails, banks } from '#server/db/schema/index';
import { uniqueViolation } from '#server/lib/db-errors';
import { DomainError } from '../errors';
import { recordStaffAction } from './audit';
import type { CatalogueDeps, StaffCall } from './catalogue';

/**
 * The bank list customers choose their payout bank from (admins only; docs/decisions.md §8, routes/admin/banks.ts).
 * Banks are never deleted: saved accounts and sales name them. A deactivated bank leaves the
 * customers' list (domain/bank/service.ts listBanks reads active ones) and can't be chosen anew.
 */

export const bankAdminErrorCodes = { notFound: 'BANK_NOT_FOUND', conflict: 'CONFLICT' } as const;

const notFound = () => new DomainError(bankAdminErrorCodes.notFound, bankAdminMessages.notFound, 404);

const accountsCount = sql<number>`(SELECT count(*)::int FROM ${bankDetails} WHERE ${bankDetails.bankCode} = ${banks.code})`;

/** Every bank, active or not, by name (sorted here so every collation gives the same order). */
export async function listAdminBanks(db: Db): Promise<AdminBank[]> {
  const rows = await db.select({ code: banks.code, name: banks.name, active: banks.active, accounts: accountsCount }).from(banks);
  return rows.map((row) => ({ ...row, accounts: Number(row.accounts) })).sort((a, b) => a.name.localeCompare(b.name, 'en'));
}

async function adminBank(db: Db, code: string): Promise<AdminBank> {
  const [row] = await db
    .select({ code: banks.code, name: banks.name, active: banks.active, accounts: accountsCount })
    .from(banks)
    .where(eq(banks.code, code))
    .limit(1);
  if (!row) throw notFound();
  return { ...row, accounts: Number(row.accounts) };
}

export async function createBank(
  db: Db,
  deps: CatalogueDeps,
  call: StaffCall,
  input: { code: string; name: string; active: boolean },
): Promise<AdminBank> {
  try {
    await db.transaction(async (tx) => {
      // The name is unique as written; one differing only in case would read as the same bank.
      const [sameName] = await tx
        .select({ code: banks.code })
        .from(banks)
        .where(sql`lower(${banks.name}) = lower(${input.name})`)
        .limit(1);
      if (sameName)
        throw new DomainError(bankAdminErrorCodes.conflict, bankAdminMessages.nameTaken, 409, {
          fields: { name: bankAdminMessages.nameTaken },
        });
      await tx.insert(banks).values(input);
      await recordStaffAction(tx, deps.clock, call.staff, {
        action: 'bank.create',
        targetType: 'bank',
        targetId: input.code,
        after: input,
        ip: call.ip,
      });
    });
  } catch (error) {
    const constraint = uniqueViolation(error);
    if (constraint === 'banks_pkey')
      throw new DomainError(bankAdminErrorCodes.conflict, bankAdminMessages.codeTaken, 409, {
        fields: { code: bankAdminMessages.codeTaken },
      });
    if (constraint !== undefined)
      throw new DomainError(bankAdminErrorCodes.conflict, bankAdminMessages.nameTaken, 409, {
        fields: { name: bankAdminMessages.nameTaken },
      });
    throw error;
  }
  return adminBank(db, input.code);
}

/** Activates or deactivates a bank (audited; a no-op change is not written). */
export async function setBankActive(db: Db, deps: CatalogueDeps, call: StaffCall, code: string, active: boolean): Promise<AdminBank> {
  await db.transaction(async (tx) => {
    const [before] = await tx.select().from(banks).where(eq(banks.code, code)).for('update');
    if (!before) throw notFound();
    if (before.active === active) return;
    await tx.update(banks).set({ active }).where(eq(banks.code, code));
    await recordStaffAction(tx, deps.clock, call.staff, {
      action: active ? 'bank.activate' : 'bank.deactivate',
      targetType: 'bank',
      targetId: code,
      before: { active: before.active },
      after: { active },
      ip: call.ip,
    });
  });
  return adminBank(db, code);
}
