import { eq, sql } from 'drizzle-orm';
import type { Db } from '../db/client';
import { prepared } from '../db/prepared';
import { catalogueVersions, type CatalogueName } from '../db/schema/index';

/**
 * Answers every customer is given alike — the gift-card catalogue, the bill plans, the coin prices —
 * kept in this process, already serialized, for as long as their catalogue's version row
 * (migration 0015) is unchanged. The database bumps that row in every transaction that writes the
 * tables behind it, so a request costs one primary-key read instead of reading, sorting, mapping
 * and serializing the catalogue again (docs/PERFORMANCE.md), and still sees any committed change at once,
 * whoever made it and on whichever instance.
 *
 * The version is read before the catalogue is: an answer built from data newer than its version can
 * only cost one rebuild when the next request sees the new version, never serve older data.
 * A build that throws (an empty catalogue's 404, a provider outage) is not kept.
 */

interface CatalogueState {
  version: bigint;
  answers: Map<string, unknown>;
}

const states = new WeakMap<Db, Map<CatalogueName, CatalogueState>>();

const versionOf = (db: Db) =>
  prepared(db, 'catalogue_version', (d) =>
    d
      .select({ version: catalogueVersions.version })
      .from(catalogueVersions)
      .where(eq(catalogueVersions.name, sql.placeholder('name')))
      .prepare('catalogue_version'),
  );

/** The catalogue's current version (a missing row — a database without 0015 — is never cached). */
async function currentVersion(db: Db, catalogue: CatalogueName): Promise<bigint | undefined> {
  const [row] = await versionOf(db).execute({ name: catalogue });
  return row?.version;
}

/**
 * The answer kept for `key` under the catalogue's current version, or `build()`'s, which is kept.
 * `key` names one answer of the catalogue (the list, one card, one plan set); keys must come from a
 * bounded set — only answers that built successfully are kept, and all of a catalogue's answers are
 * dropped together when its version moves.
 */
export async function catalogueAnswer<T>(db: Db, catalogue: CatalogueName, key: string, build: () => Promise<T>): Promise<T> {
  const version = await currentVersion(db, catalogue);
  let byCatalogue = states.get(db);
  if (!byCatalogue) states.set(db, (byCatalogue = new Map()));
  const state = byCatalogue.get(catalogue);
  if (version !== undefined && state?.version === version && state.answers.has(key)) return state.answers.get(key) as T;
  const answer = await build();
  if (version === undefined) return answer;
  const now = byCatalogue.get(catalogue);
  // Another request may have moved on to a newer version meanwhile: an older answer never replaces it.
  if (!now || now.version < version) byCatalogue.set(catalogue, { version, answers: new Map([[key, answer]]) });
  else if (now.version === version) now.answers.set(key, answer);
  return answer;
}
