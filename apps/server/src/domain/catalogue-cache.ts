import { eq, sql } from 'drizzle-orm';
import { CATALOGUE_CHANNEL, type Database, type Db } from '../db/client';
import { listenToChannel } from '../db/listen';
import { prepared } from '../db/prepared';
import { catalogueNames, catalogueVersions, type CatalogueName } from '../db/schema/index';

/**
 * Answers every customer is given alike — the gift-card catalogue, the bill plans, the coin prices —
 * kept in this process, already serialized, for as long as their catalogue is unchanged
 * (docs/PERFORMANCE.md, docs/decisions.md 2.15). The database bumps the catalogue's version row
 * (migration 0015) in every transaction that writes the tables behind it, and notifies the channel
 * wise_catalogue as it does (migration 0043). Two ways to know a kept answer still stands:
 *
 * - heard: while this process is sure to hear every notification (`watchCatalogues`: on PostgreSQL
 *   a LISTENing connection of its own is up; on the embedded database always, this process being
 *   the only writer), a kept answer is served with no database round trip, until a notification of
 *   its catalogue drops it. A write of this process is heard before its COMMIT answers (the
 *   writing connection listens too: db/client.ts), so it is served at the very next request;
 *   another instance's, once its notification arrives (a millisecond or so after the commit).
 * - read: otherwise (the listener down or not started), each request reads the version, one
 *   primary-key read, and a kept answer of another version is rebuilt.
 *
 * The version is read before the catalogue is: an answer built from data newer than its version can
 * only cost one rebuild when the next request sees the new version, never serve older data. Likewise
 * an answer whose build began before a notification of its catalogue is never served as heard.
 * A build that throws (an empty catalogue's 404, a provider outage) is not kept.
 */

interface CatalogueState {
  version: bigint;
  /** The catalogue's `heard` count when the build began: served without a read only while it holds. */
  heard: number;
  answers: Map<string, unknown>;
}

interface Watch {
  /** Whether every notification of this database reaches this process now. */
  live: boolean;
  /**
   * Notifications heard per catalogue (any change drops all of that catalogue's heard answers).
   * One map per database handle for the life of the process, shared by every watch on it, so the
   * counts only grow and an answer kept under an earlier watch is never taken for a later one's.
   */
  heard: Map<CatalogueName, number>;
}

const states = new WeakMap<Db, Map<CatalogueName, CatalogueState>>();
const watches = new WeakMap<Db, Watch>();
const heardCounts = new WeakMap<Db, Map<CatalogueName, number>>();

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

const heardCount = (watch: Watch | undefined, catalogue: CatalogueName) => watch?.heard.get(catalogue) ?? 0;

/**
 * The answer kept for `key` under the catalogue's current state, or `build()`'s, which is kept.
 * `key` names one answer of the catalogue (the list, one card, one plan set); keys must come from a
 * bounded set — only answers that built successfully are kept, and all of a catalogue's answers are
 * dropped together when it changes.
 */
export async function catalogueAnswer<T>(db: Db, catalogue: CatalogueName, key: string, build: () => Promise<T>): Promise<T> {
  const watch = watches.get(db);
  let byCatalogue = states.get(db);
  if (!byCatalogue) states.set(db, (byCatalogue = new Map()));
  const heard = heardCount(watch, catalogue);
  const kept = byCatalogue.get(catalogue);
  if (watch?.live && kept?.heard === heard && kept.answers.has(key)) return kept.answers.get(key) as T;
  const version = await currentVersion(db, catalogue);
  const state = byCatalogue.get(catalogue);
  if (version !== undefined && state?.version === version) {
    // The version stands: what is kept is as new as the database was when `heard` was counted.
    if (state.heard < heard) state.heard = heard;
    if (state.answers.has(key)) return state.answers.get(key) as T;
  }
  const answer = await build();
  if (version === undefined) return answer;
  const now = byCatalogue.get(catalogue);
  // Another request may have moved on to a newer version meanwhile: an older answer never replaces it.
  if (!now || now.version < version) byCatalogue.set(catalogue, { version, heard, answers: new Map([[key, answer]]) });
  else if (now.version === version) {
    now.answers.set(key, answer);
    if (now.heard < heard) now.heard = heard;
  }
  return answer;
}

/** A catalogue changed (a notification heard): its kept answers are no longer served without a read. */
function heardChange(watch: Watch, payload: string): void {
  const named = catalogueNames.find((name) => name === payload);
  // An unknown payload (a newer release's catalogue) changes all of them: never wrong.
  for (const name of named ? [named] : catalogueNames) watch.heard.set(name, heardCount(watch, name) + 1);
}

/**
 * Starts hearing catalogue changes for `database`: on the embedded database from its own
 * connection, on PostgreSQL (given its URL) also through a LISTENing connection of its own, which
 * alone makes the kept answers servable without a read. Without a URL (tests, tools) every request
 * reads the version, as before. Answers `close`.
 */
export async function watchCatalogues(
  database: Database,
  options: { connectionString?: string; logger: { warn(details: object, message: string): void } },
): Promise<{ close(): Promise<void> }> {
  const { db } = database;
  let heard = heardCounts.get(db);
  if (!heard) heardCounts.set(db, (heard = new Map()));
  const watch: Watch = { live: false, heard };
  watches.set(db, watch);
  const everything = () => heardChange(watch, '');
  // What was kept before this watch began was not heard of by it.
  everything();
  const stopHearing = database.onNotification?.((channel, payload) => {
    if (channel === CATALOGUE_CHANNEL) heardChange(watch, payload);
  });
  if (!stopHearing) {
    watches.delete(db);
    return { close: async () => undefined };
  }
  let listener: { close(): Promise<void> } | undefined;
  if (database.kind === 'pglite') {
    // One process owns the embedded database and every write goes through its pool.
    watch.live = true;
  } else if (options.connectionString) {
    listener = await listenToChannel(
      options.connectionString,
      CATALOGUE_CHANNEL,
      {
        onNotification: (payload) => heardChange(watch, payload),
        // What changed while nobody listened is unknown: nothing kept is served as heard.
        onUp: () => {
          everything();
          watch.live = true;
        },
        onDown: () => {
          watch.live = false;
        },
        meanwhile: 'each request reads its catalogue version',
      },
      options.logger,
    );
  }
  return {
    close: async () => {
      watch.live = false;
      stopHearing();
      await listener?.close();
      if (watches.get(db) === watch) watches.delete(db);
    },
  };
}
