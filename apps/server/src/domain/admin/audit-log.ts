import { and, desc, eq, gte, ilike, lt, or, sql } from 'drizzle-orm';
import type { AuditPage, AuditQuery } from '@wise/shared/admin';
import type { Db } from '#server/db/client';
import { staff, staffAuditLog } from '#server/db/schema/index';
import { BIGINT_ID, decodeCursor, encodeCursor, likePattern } from './customers-paging';

/**
 * The audit log for admins (docs/decisions.md §8), newest first, keyset-paged on (at, id). Filters combine
 * with AND; `q` finds text in the action, the target (type or id) and the actor's e-mail. The
 * three indexes of 0011 serve the unfiltered list, a staff member's lines and a target's lines;
 * the text search reads the lines in order until a page is full.
 */
export async function searchAuditLog(db: Db, query: AuditQuery): Promise<AuditPage> {
  const q = query.q?.trim();
  const after = query.cursor ? decodeCursor(query.cursor, BIGINT_ID) : undefined;
  const pattern = q ? likePattern(q) : undefined;
  const conditions = [
    pattern
      ? or(
          ilike(staffAuditLog.action, pattern),
          ilike(staffAuditLog.targetType, pattern),
          ilike(staffAuditLog.targetId, pattern),
          ilike(staffAuditLog.actor, pattern),
        )
      : undefined,
    query.staff_id ? eq(staffAuditLog.staffId, query.staff_id) : undefined,
    query.action ? eq(staffAuditLog.action, query.action) : undefined,
    query.target_type ? eq(staffAuditLog.targetType, query.target_type) : undefined,
    query.target_id ? eq(staffAuditLog.targetId, query.target_id) : undefined,
    query.from ? gte(staffAuditLog.at, new Date(query.from)) : undefined,
    query.to ? lt(staffAuditLog.at, new Date(query.to)) : undefined,
    after ? sql`(${staffAuditLog.at}, ${staffAuditLog.id}) < (${after.at}::timestamptz, ${after.id}::bigint)` : undefined,
  ];
  const rows = await db
    .select({
      id: staffAuditLog.id,
      at: staffAuditLog.at,
      atText: sql<string>`${staffAuditLog.at}::text`,
      staffId: staffAuditLog.staffId,
      staffName: staff.name,
      actor: staffAuditLog.actor,
      action: staffAuditLog.action,
      targetType: staffAuditLog.targetType,
      targetId: staffAuditLog.targetId,
      before: staffAuditLog.before,
      after: staffAuditLog.after,
      note: staffAuditLog.note,
      ip: staffAuditLog.ip,
    })
    .from(staffAuditLog)
    .leftJoin(staff, eq(staff.id, staffAuditLog.staffId))
    .where(and(...conditions))
    .orderBy(desc(staffAuditLog.at), desc(staffAuditLog.id))
    .limit(query.limit + 1);
  const page = rows.slice(0, query.limit);
  const last = page.at(-1);
  return {
    items: page.map((row) => ({
      id: String(row.id),
      at: row.at.toISOString(),
      staff: row.staffId && row.staffName !== null ? { id: row.staffId, name: row.staffName } : null,
      actor: row.actor,
      action: row.action,
      target_type: row.targetType,
      target_id: row.targetId,
      before: row.before,
      after: row.after,
      note: row.note,
      ip: row.ip,
    })),
    next_cursor: rows.length > query.limit && last ? encodeCursor({ at: last.atText, id: String(last.id) }) : null,
  };
}
