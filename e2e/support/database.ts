import pg from 'pg';
import { wrapPool, type Database } from '../../apps/server/src/db/client';

let database: Database | undefined;

/**
 * The e2e server's own database (playwright.config.ts names it), for steps the product does
 * through staff or background work that journeys reach through the domain functions directly.
 */
export function e2eDatabase(): Database {
  const url = process.env.E2E_DATABASE_URL;
  if (!url) throw new Error('E2E_DATABASE_URL is not set (playwright.config.ts sets it)');
  database ??= wrapPool(new pg.Pool({ connectionString: url, max: 2 }));
  return database;
}
