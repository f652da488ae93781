import { randomBytes } from 'node:crypto';
import { asc, desc, eq, sql } from 'drizzle-orm';
import { catalogueMessages, type AdminGiftCard, type AdminSubcategory, type RateHistoryEntry } from '@wise/shared/admin';
import { errorCodes } from '@wise/shared';
import type { Db } from '#server/db/client';
import { dutySettings, giftCardRateHistory, giftCards, giftCardSubcategories, staff } from '#server/db/schema/index';
import type { Clock } from '#server/lib/clock';
import { uniqueViolation } from '#server/lib/db-errors';
import type { FileStore } from '#server/providers/file-store/index';
import { DomainError, validationError } from '../errors';
import { CATALOGUE_IMAGE_PREFIX, cardImageUrl, subcategoryLabel } from '../giftcards/catalogue';
import { money, toCents } from '../giftcards/value';
import { enqueueSubcategoryAlertCheck } from '../rates/alerts';
import { loadSharp, processSaleImage, type ImageMessages } from '../uploads/image';
import type { StaffPrincipal } from '../staff/principal';
import { openRequestConflict, openStaffRequest, requestChanged, type RequestApplier, type StaffRequestRow } from '../staff/requests';
import { recordStaffAction } from './audit';

/**
 * The gift-card catalogue as admins run it (docs/decisions.md §8): cards, their
 * sub-categories and rates, a picture per card. Every change is audited in its own transaction;
 * a rate change is also written to gift_card_rate_history by the database's trigger, which reads
 * the staff member from the transaction setting `wise.staff_id`.
 */

type CardRow = typeof giftCards.$inferSelect;
type SubcategoryRow = typeof giftCardSubcategories.$inferSelect;

/** Who is acting, and from where (the audit line's ip). */
export interface StaffCall {
  staff: StaffPrincipal;
  ip?: string | null;
}

export interface CatalogueDeps {
  clock: Clock;
}

export const catalogueErrorCodes = {
  cardNotFound: 'GIFTCARD_NOT_FOUND',
  subcategoryNotFound: 'SUBCATEGORY_NOT_FOUND',
  conflict: 'CONFLICT',
} as const;

const cardNotFound = () => new DomainError(catalogueErrorCodes.cardNotFound, catalogueMessages.cardNotFound, 404);
const subcategoryNotFound = () => new DomainError(catalogueErrorCodes.subcategoryNotFound, catalogueMessages.subcategoryNotFound, 404);
const conflict = (field: string, message: string) =>
  new DomainError(catalogueErrorCodes.conflict, message, 409, { fields: { [field]: message } });

/** Staff's own URL for a card's uploaded picture (the customer one needs a customer session). */
export const adminCardImageUrl = (cardId: string) => `/api/admin/giftcards/${cardId}/image`;

export const toAdminSubcategory = (row: SubcategoryRow): AdminSubcategory => ({
  id: row.id,
  gift_card_id: row.giftCardId,
  label: subcategoryLabel(row),
  country: row.country,
  kind: row.kind,
  currency: row.currency,
  min_amount: row.minAmount,
  max_amount: row.maxAmount,
  exchange_rate: row.exchangeRate,
  enabled: row.enabled,
  position: row.position,
  rate_updated_at: row.rateUpdatedAt.toISOString(),
});

const toAdminCard = (row: CardRow, subcategories: SubcategoryRow[]): AdminGiftCard => ({
  id: row.id,
  name: row.name,
  slug: row.slug,
  currency: row.currency,
  brand_color: row.brandColor,
  enabled: row.enabled,
  image_url: row.imageKey ? adminCardImageUrl(row.id) : null,
  customer_image_url: cardImageUrl(row),
  created_at: row.createdAt.toISOString(),
  updated_at: row.updatedAt.toISOString(),
  subcategories: subcategories.map(toAdminSubcategory),
});

/** What an audit line keeps of a card (never the picture's bytes). */
const cardAudit = (row: CardRow) => ({
  name: row.name,
  slug: row.slug,
  currency: row.currency,
  brand_color: row.brandColor,
  enabled: row.enabled,
  image_key: row.imageKey,
});

const subcategoryAudit = (row: SubcategoryRow) => ({
  gift_card_id: row.giftCardId,
  country: row.country,
  kind: row.kind,
  currency: row.currency,
  min_amount: row.minAmount,
  max_amount: row.maxAmount,
  exchange_rate: row.exchangeRate,
  enabled: row.enabled,
  position: row.position,
});

/** Only the keys whose values differ, as { before, after } for the audit line. */
function changes<T extends Record<string, unknown>>(before: T, after: T): { before: Partial<T>; after: Partial<T> } {
  const was: Partial<T> = {};
  const now: Partial<T> = {};
  for (const key of Object.keys(after) as (keyof T)[]) {
    if (before[key] !== after[key]) {
      was[key] = before[key];
      now[key] = after[key];
    }
  }
  return { before: was, after: now };
}

const byName = (a: CardRow, b: CardRow) => a.name.localeCompare(b.name, 'en', { sensitivity: 'base' });

/** Every card, enabled or not, by name, with all its sub-categories in the catalogue's order. */
export async function listAdminGiftCards(db: Db): Promise<AdminGiftCard[]> {
  const cards = await db.select().from(giftCards);
  const subs = await db.select().from(giftCardSubcategories).orderBy(asc(giftCardSubcategories.position), asc(giftCardSubcategories.id));
  const byCard = new Map<string, SubcategoryRow[]>();
  for (const sub of subs) byCard.set(sub.giftCardId, [...(byCard.get(sub.giftCardId) ?? []), sub]);
  return cards.sort(byName).map((card) => toAdminCard(card, byCard.get(card.id) ?? []));
}

async function adminCard(db: Db, cardId: string): Promise<AdminGiftCard> {
  const [card] = await db.select().from(giftCards).where(eq(giftCards.id, cardId)).limit(1);
  if (!card) throw cardNotFound();
  const subs = await db
    .select()
    .from(giftCardSubcategories)
    .where(eq(giftCardSubcategories.giftCardId, cardId))
    .orderBy(asc(giftCardSubcategories.position), asc(giftCardSubcategories.id));
  return toAdminCard(card, subs);
}

/** Words the customer routes use themselves (0007's CHECK refuses them as slugs). */
const RESERVED_SLUGS = new Set(['search', 'art', 'sales']);
const SLUG_MAX = 60;

/** "Apple / iTunes" → "apple-itunes": lower-case letters and digits joined by single dashes. */
export function slugFromName(name: string): string {
  const base = name
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, SLUG_MAX)
    .replace(/-+$/, '');
  if (!base) throw validationError(catalogueMessages.nameNoSlug, { name: catalogueMessages.nameNoSlug });
  return RESERVED_SLUGS.has(base) ? `${base}-card` : base;
}

/** The slug, or the first of slug-2, slug-3 … that no card has (two names may make one slug). */
async function freeSlug(db: Db, base: string): Promise<string> {
  const taken = new Set(
    (
      await db
        .select({ slug: giftCards.slug })
        .from(giftCards)
        .where(sql`${giftCards.slug} = ${base} OR ${giftCards.slug} LIKE ${`${base}-%`}`)
    ).map((r) => r.slug),
  );
  if (!taken.has(base)) return base;
  for (let n = 2; n < 1000; n += 1) {
    const suffix = `-${n}`;
    const candidate = `${base.slice(0, SLUG_MAX - suffix.length).replace(/-+$/, '')}${suffix}`;
    if (!taken.has(candidate)) return candidate;
  }
  throw conflict('name', catalogueMessages.nameTaken);
}

/** Maps a unique violation of the catalogue to the field it is about; anything else is rethrown. */
function catalogueConflict(error: unknown): never {
  const constraint = uniqueViolation(error);
  if (constraint === 'gift_cards_name_key' || constraint === 'gift_cards_slug_key' || constraint === 'gift_cards_slug_unique') {
    throw conflict('name', catalogueMessages.nameTaken);
  }
  if (constraint === 'gift_card_subcategories_one_band') throw conflict('min_amount', catalogueMessages.bandTaken);
  throw error;
}

export interface CreateGiftCard {
  name: string;
  currency: CardRow['currency'];
  brand_color: string;
  enabled: boolean;
}

export async function createGiftCard(db: Db, deps: CatalogueDeps, call: StaffCall, input: CreateGiftCard): Promise<AdminGiftCard> {
  const now = deps.clock.now();
  try {
    const card = await db.transaction(async (tx) => {
      const slug = await freeSlug(tx, slugFromName(input.name));
      const [row] = await tx
        .insert(giftCards)
        .values({
          slug,
          name: input.name,
          currency: input.currency,
          brandColor: input.brand_color,
          enabled: input.enabled,
          createdAt: now,
          updatedAt: now,
        })
        .returning();
      if (!row) throw new Error('gift card insert returned nothing');
      await recordStaffAction(tx, deps.clock, call.staff, {
        action: 'giftcard.create',
        targetType: 'gift_card',
        targetId: row.id,
        after: cardAudit(row),
        ip: call.ip,
      });
      return row;
    });
    return toAdminCard(card, []);
  } catch (error) {
    catalogueConflict(error);
  }
}

export interface UpdateGiftCard {
  name?: string;
  enabled?: boolean;
  brand_color?: string;
}

export async function updateGiftCard(
  db: Db,
  deps: CatalogueDeps,
  call: StaffCall,
  cardId: string,
  input: UpdateGiftCard,
): Promise<AdminGiftCard> {
  try {
    await db.transaction(async (tx) => {
      const [before] = await tx.select().from(giftCards).where(eq(giftCards.id, cardId)).for('update');
      if (!before) throw cardNotFound();
      const [after] = await tx
        .update(giftCards)
        .set({
          ...(input.name !== undefined ? { name: input.name } : {}),
          ...(input.enabled !== undefined ? { enabled: input.enabled } : {}),
          ...(input.brand_color !== undefined ? { brandColor: input.brand_color } : {}),
          updatedAt: deps.clock.now(),
        })
        .where(eq(giftCards.id, cardId))
        .returning();
      if (!after) throw cardNotFound();
      const diff = changes(cardAudit(before), cardAudit(after));
      await recordStaffAction(tx, deps.clock, call.staff, {
        action: 'giftcard.update',
        targetType: 'gift_card',
        targetId: cardId,
        ...diff,
        ip: call.ip,
      });
    });
  } catch (error) {
    catalogueConflict(error);
  }
  return adminCard(db, cardId);
}

/** The upload's refusals name the card picture, not a sale's card images. */
const cardImageMessages: ImageMessages = {
  missing: catalogueMessages.imageRequired,
  tooLarge: catalogueMessages.imageTooLarge,
  notImage: catalogueMessages.imageNotImage,
  tooManyPixels: catalogueMessages.imageTooManyPixels,
  unreadable: catalogueMessages.imageUnreadable,
  heicUnsupported: catalogueMessages.imageNotImage,
};

/** A card picture is shown card-sized: larger would only cost customers' data. */
export const CARD_IMAGE_MAX_WIDTH_PX = 960;
export const CARD_IMAGE_MAX_HEIGHT_PX = 600;

/**
 * Checks and re-encodes an uploaded card picture exactly as sale images are (magic bytes, pixel
 * limit, metadata dropped), then scales it down to card size.
 */
export async function processCardImage(raw: Buffer): Promise<Buffer> {
  const checked = await processSaleImage(raw, cardImageMessages);
  const sharp = await loadSharp();
  return sharp(checked)
    .resize(CARD_IMAGE_MAX_WIDTH_PX, CARD_IMAGE_MAX_HEIGHT_PX, { fit: 'inside', withoutEnlargement: true })
    .webp({ quality: 85 })
    .toBuffer();
}

export interface ImageDeps extends CatalogueDeps {
  store: FileStore;
  onCleanupError: (error: unknown) => void;
}

/**
 * Stores a card's new picture under a fresh random name, points the card at it and audits the
 * change in one transaction; the previous picture is deleted once the new one is committed.
 */
export async function replaceGiftCardImage(db: Db, deps: ImageDeps, call: StaffCall, cardId: string, raw: Buffer): Promise<AdminGiftCard> {
  const [exists] = await db.select({ id: giftCards.id }).from(giftCards).where(eq(giftCards.id, cardId)).limit(1);
  if (!exists) throw cardNotFound();
  const image = await processCardImage(raw);
  const key = `${CATALOGUE_IMAGE_PREFIX}${randomBytes(16).toString('hex')}.webp`;
  await deps.store.put(key, image, 'image/webp');
  let previous: string | null;
  try {
    previous = await db.transaction(async (tx) => {
      const [before] = await tx.select().from(giftCards).where(eq(giftCards.id, cardId)).for('update');
      if (!before) throw cardNotFound();
      await tx.update(giftCards).set({ imageKey: key, updatedAt: deps.clock.now() }).where(eq(giftCards.id, cardId));
      await recordStaffAction(tx, deps.clock, call.staff, {
        action: 'giftcard.image',
        targetType: 'gift_card',
        targetId: cardId,
        before: { image_key: before.imageKey },
        after: { image_key: key, bytes: image.length },
        ip: call.ip,
      });
      return before.imageKey;
    });
  } catch (error) {
    await deps.store.delete(key).catch(deps.onCleanupError);
    throw error;
  }
  if (previous) await deps.store.delete(previous).catch(deps.onCleanupError);
  return adminCard(db, cardId);
}

/** A card's current picture for staff, or 404 when it has none. */
export async function readAdminCardImage(db: Db, store: FileStore, cardId: string): Promise<Buffer> {
  const [card] = await db.select({ imageKey: giftCards.imageKey }).from(giftCards).where(eq(giftCards.id, cardId)).limit(1);
  if (!card?.imageKey) throw new DomainError(errorCodes.notFound, catalogueMessages.cardNotFound, 404);
  const body = await store.get(card.imageKey);
  if (!body) throw new DomainError(errorCodes.notFound, catalogueMessages.cardNotFound, 404);
  return body;
}

/**
 * Names the staff member for the rate-history trigger, for this transaction only
 * (set_config's third argument): a pooled connection never carries it into someone else's work.
 */
async function actAs(tx: Db, staffId: string): Promise<void> {
  await tx.execute(sql`SELECT set_config('wise.staff_id', ${staffId}, true)`);
}

export interface CreateSubcategory {
  country: string;
  kind: SubcategoryRow['kind'];
  currency: SubcategoryRow['currency'];
  min_amount: string;
  max_amount: string;
  exchange_rate: string;
  enabled: boolean;
  position: number;
}

export async function createSubcategory(
  db: Db,
  deps: CatalogueDeps,
  call: StaffCall,
  cardId: string,
  input: CreateSubcategory,
): Promise<AdminSubcategory> {
  const now = deps.clock.now();
  try {
    const row = await db.transaction(async (tx) => {
      const [card] = await tx.select({ id: giftCards.id }).from(giftCards).where(eq(giftCards.id, cardId)).for('share');
      if (!card) throw cardNotFound();
      await actAs(tx, call.staff.id);
      const [created] = await tx
        .insert(giftCardSubcategories)
        .values({
          giftCardId: cardId,
          country: input.country,
          kind: input.kind,
          currency: input.currency,
          minAmount: toCents(input.min_amount),
          maxAmount: toCents(input.max_amount),
          exchangeRate: toCents(input.exchange_rate),
          enabled: input.enabled,
          position: input.position,
          rateUpdatedAt: now,
        })
        .returning();
      if (!created) throw new Error('sub-category insert returned nothing');
      await recordStaffAction(tx, deps.clock, call.staff, {
        action: 'giftcard.subcategory_create',
        targetType: 'gift_card_subcategory',
        targetId: created.id,
        after: subcategoryAudit(created),
        ip: call.ip,
      });
      return created;
    });
    return toAdminSubcategory(row);
  } catch (error) {
    catalogueConflict(error);
  }
}

export type UpdateSubcategory = Partial<CreateSubcategory>;

/** RATE_CHANGE_SECOND_APPROVAL_PERCENT as the database holds it (written at every start), so the code and the trigger agree. */
export async function readRateChangePercent(db: Db): Promise<string> {
  const [row] = await db.select({ percent: dutySettings.rateChangePercent }).from(dutySettings).limit(1);
  if (!row) throw new Error('duty_settings has no row (0045_separation_of_duties.sql writes one)');
  return row.percent;
}

export async function writeRateChangePercent(db: Db, clock: Clock, percent: number): Promise<void> {
  const values = { rateChangePercent: String(percent), updatedAt: clock.now() };
  await db
    .insert(dutySettings)
    .values({ id: true, ...values })
    .onConflictDoUpdate({ target: dutySettings.id, set: values });
}

/** Whether moving a rate from `from` to `to` is beyond the percentage one admin may change it by alone. */
export const rateChangeNeedsSecondAdmin = (from: string, to: string, percent: string): boolean =>
  money(to).minus(from).abs().times(100).gt(money(from).times(percent));

/**
 * Edits a sub-category. A new rate moves rate_updated_at to now and, through the trigger, adds a
 * rate-history line naming the staff member; a sale being submitted at that moment holds a share
 * lock on the row (findSaleableSubcategory), so it sees either the old rate or the new one whole.
 * A rate moved by more than RATE_CHANGE_SECOND_APPROVAL_PERCENT is not changed: it becomes a
 * request another admin confirms (`rateRequest`), and the rest of the edit is saved. The route
 * checks the admin's code or passkey before any rate change (docs/separation-of-duties.md).
 */
export async function updateSubcategory(
  db: Db,
  deps: CatalogueDeps,
  call: StaffCall,
  subcategoryId: string,
  input: UpdateSubcategory,
): Promise<{ subcategory: AdminSubcategory; rateRequest?: StaffRequestRow }> {
  try {
    const done = await db.transaction(async (tx) => {
      const [before] = await tx.select().from(giftCardSubcategories).where(eq(giftCardSubcategories.id, subcategoryId)).for('update');
      if (!before) throw subcategoryNotFound();
      const minAmount = input.min_amount !== undefined ? toCents(input.min_amount) : before.minAmount;
      const maxAmount = input.max_amount !== undefined ? toCents(input.max_amount) : before.maxAmount;
      // Checked against the stored edge too, so editing one edge cannot invert the band.
      if (money(maxAmount).lt(money(minAmount))) {
        const field = input.max_amount !== undefined ? 'max_amount' : 'min_amount';
        throw validationError(catalogueMessages.bandInvalid, { [field]: catalogueMessages.bandInvalid });
      }
      const newRate = input.exchange_rate !== undefined ? toCents(input.exchange_rate) : undefined;
      const rateMoves = newRate !== undefined && newRate !== before.exchangeRate;
      const waits = rateMoves && rateChangeNeedsSecondAdmin(before.exchangeRate, newRate, await readRateChangePercent(tx));
      const rateChanged = rateMoves && !waits;
      if (rateChanged) await actAs(tx, call.staff.id);
      const [after] = await tx
        .update(giftCardSubcategories)
        .set({
          ...(input.country !== undefined ? { country: input.country } : {}),
          ...(input.kind !== undefined ? { kind: input.kind } : {}),
          ...(input.currency !== undefined ? { currency: input.currency } : {}),
          minAmount,
          maxAmount,
          ...(rateChanged ? { exchangeRate: newRate, rateUpdatedAt: deps.clock.now() } : {}),
          ...(input.enabled !== undefined ? { enabled: input.enabled } : {}),
          ...(input.position !== undefined ? { position: input.position } : {}),
        })
        .where(eq(giftCardSubcategories.id, subcategoryId))
        .returning();
      if (!after) throw subcategoryNotFound();
      // Customers' rate alerts on it are checked once this change commits (docs/features.md, "Rates and alerts").
      if (rateChanged) await enqueueSubcategoryAlertCheck(tx, deps.clock, subcategoryId);
      const diff = changes(subcategoryAudit(before), subcategoryAudit(after));
      if (Object.keys(diff.after).length > 0 || !waits) {
        await recordStaffAction(tx, deps.clock, call.staff, {
          action: rateChanged ? 'giftcard.rate_change' : 'giftcard.subcategory_update',
          targetType: 'gift_card_subcategory',
          targetId: subcategoryId,
          ...diff,
          ip: call.ip,
        });
      }
      const rateRequest =
        waits && newRate !== undefined
          ? await openStaffRequest(
              tx,
              deps.clock,
              call.staff,
              {
                kind: 'rate_change',
                targetId: subcategoryId,
                value: newRate,
                details: { old_rate: before.exchangeRate, label: subcategoryLabel(after) },
              },
              call.ip,
            )
          : undefined;
      return { after, rateRequest };
    });
    return { subcategory: toAdminSubcategory(done.after), ...(done.rateRequest ? { rateRequest: done.rateRequest } : {}) };
  } catch (error) {
    openRequestConflict(error);
    catalogueConflict(error);
  }
}

/**
 * A confirmed rate request takes effect (domain/staff/requests.ts): only if the rate is still the
 * one the request was made against, so the confirming admin approves the move they were shown.
 */
export const applyRateRequest =
  (clock: Clock): RequestApplier =>
  async (tx, request, confirmer, now) => {
    if (!request.targetId) throw requestChanged();
    const [before] = await tx.select().from(giftCardSubcategories).where(eq(giftCardSubcategories.id, request.targetId)).for('update');
    if (!before || before.exchangeRate !== request.details.old_rate) throw requestChanged();
    await actAs(tx, confirmer.id);
    await tx
      .update(giftCardSubcategories)
      .set({ exchangeRate: request.value, rateUpdatedAt: now })
      .where(eq(giftCardSubcategories.id, before.id));
    await enqueueSubcategoryAlertCheck(tx, clock, before.id);
    await recordStaffAction(tx, clock, confirmer, {
      action: 'giftcard.rate_change',
      targetType: 'gift_card_subcategory',
      targetId: before.id,
      before: { exchange_rate: before.exchangeRate },
      after: { exchange_rate: request.value, request_id: request.id, requested_by: request.requestedBy },
    });
  };

const RATE_HISTORY_MAX = 200;

/** A sub-category's rate changes, newest first, with who made each. */
export async function listRateHistory(db: Db, subcategoryId: string): Promise<RateHistoryEntry[]> {
  const [sub] = await db
    .select({ id: giftCardSubcategories.id })
    .from(giftCardSubcategories)
    .where(eq(giftCardSubcategories.id, subcategoryId))
    .limit(1);
  if (!sub) throw subcategoryNotFound();
  const rows = await db
    .select({ entry: giftCardRateHistory, staffName: staff.name, staffEmail: staff.email })
    .from(giftCardRateHistory)
    .leftJoin(staff, eq(staff.id, giftCardRateHistory.changedBy))
    .where(eq(giftCardRateHistory.subcategoryId, subcategoryId))
    .orderBy(desc(giftCardRateHistory.changedAt), desc(giftCardRateHistory.id))
    .limit(RATE_HISTORY_MAX);
  return rows.map(({ entry, staffName, staffEmail }) => ({
    id: entry.id,
    old_rate: entry.oldRate,
    new_rate: entry.newRate,
    changed_by:
      entry.changedBy && staffName !== null && staffEmail !== null ? { id: entry.changedBy, name: staffName, email: staffEmail } : null,
    changed_at: entry.changedAt.toISOString(),
  }));
}
