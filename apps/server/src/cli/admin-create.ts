import { parseArgs } from 'node:util';
import { staffCreateSchema, staffPasswordField } from '@wise/shared/admin';
import { ConfigError, loadConfig, type Config } from '../config';
import { openDatabase } from '../db/client';
import { migrate } from '../db/migrate';
import { DomainError } from '../domain/errors';
import { createStaffMember } from '../domain/staff/management';
import { systemClock } from '../lib/clock';

/**
 * `npm run admin:create -- --email ada@example.com --name "Ada Obi" [--role reviewer] [--password-stdin]`
 *
 * Adds a staff member (an admin unless told otherwise) to the database the server would use
 * (DATABASE_URL, else the embedded PGlite in DATA_DIR — the same ./data as `npm start`), creating
 * or migrating it first if needed. Prints a one-time password to change at the first sign-in, or
 * takes the person's own password from standard input. Audited with the actor `cli`.
 * Exit codes: 0 created, 1 refused (bad input, e-mail taken), 2 could not run.
 */

const EXIT_REFUSED = 1;
const EXIT_CANNOT_RUN = 2;
const PROBE_TIMEOUT_MS = 1000;

const usage = 'Usage: npm run admin:create -- --email <email> --name "<name>" [--role admin|reviewer] [--password-stdin]';

/** PGlite is one process's database: with the server running on it, this must not open it too. */
async function serverIsUp(config: Config): Promise<boolean> {
  try {
    const response = await fetch(`http://127.0.0.1:${config.PORT}/healthz`, { signal: AbortSignal.timeout(PROBE_TIMEOUT_MS) });
    return response.ok;
  } catch {
    return false;
  }
}

async function readStdin(): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of process.stdin) chunks.push(typeof chunk === 'string' ? Buffer.from(chunk) : (chunk as Buffer));
  // One line: the trailing newline of `echo` or a here-string is not part of the password.
  return Buffer.concat(chunks)
    .toString('utf8')
    .replace(/\r?\n$/, '');
}

function firstIssue(error: { issues: readonly { path: readonly PropertyKey[]; message: string }[] }): string {
  const issue = error.issues[0];
  return issue ? `${issue.path.map(String).join('.') || 'input'}: ${issue.message}` : 'invalid input';
}

const cliOptions = {
  email: { type: 'string' },
  name: { type: 'string' },
  role: { type: 'string' },
  'password-stdin': { type: 'boolean' },
} as const;

function parseCli() {
  try {
    return parseArgs({ options: cliOptions, strict: true, allowPositionals: false }).values;
  } catch (error) {
    console.error(`${error instanceof Error ? error.message : String(error)}\n${usage}`);
    return undefined;
  }
}

async function main(): Promise<number> {
  const values = parseCli();
  if (!values) return EXIT_REFUSED;
  const { email, name, role = 'admin' } = values;
  if (!email || !name) {
    console.error(usage);
    return EXIT_REFUSED;
  }
  // The same rules as an admin adding someone in the back office (the code is not asked here).
  const input = staffCreateSchema.safeParse({ email, name, role, confirm_code: '000000' });
  if (!input.success) {
    console.error(firstIssue(input.error));
    return EXIT_REFUSED;
  }
  let password: string | undefined;
  if (values['password-stdin']) {
    const parsed = staffPasswordField.safeParse(await readStdin());
    if (!parsed.success) {
      console.error(`password: ${parsed.error.issues[0]?.message ?? 'not accepted'}`);
      return EXIT_REFUSED;
    }
    password = parsed.data;
  }

  let config: Config;
  try {
    config = loadConfig();
  } catch (error) {
    if (error instanceof ConfigError) {
      console.error(error.message);
      return EXIT_CANNOT_RUN;
    }
    throw error;
  }
  if (!config.DATABASE_URL && (await serverIsUp(config))) {
    console.error(
      `The server is running on the embedded database in ${config.dataDir}; only one process may open it.\n` +
        'Stop the server (Ctrl+C), run this again, then start the server.',
    );
    return EXIT_CANNOT_RUN;
  }
  const database = await openDatabase({ databaseUrl: config.DATABASE_URL, dataDir: config.dataDir });
  try {
    // A first run before the server ever started: create the tables the server would.
    await migrate(database);
    const created = await createStaffMember(database.db, systemClock, { id: null, email: 'cli' }, { ...input.data, password });
    const where = database.kind === 'pglite' ? `the embedded database in ${config.dataDir}` : 'PostgreSQL (DATABASE_URL)';
    const lines = [`Created ${created.row.role} ${created.row.name} <${created.row.email}> in ${where}.`];
    if (password === undefined) {
      lines.push(`One-time password: ${created.password}`, 'It is shown once: sign in at /admin/login, then choose a new password.');
    } else {
      lines.push('Sign in at /admin/login with the password you gave.');
    }
    lines.push('The first sign-in sets up an authenticator app (scan the QR code).');
    process.stdout.write(`${lines.join('\n')}\n`);
    return 0;
  } catch (error) {
    if (error instanceof DomainError) {
      console.error(error.message);
      return EXIT_REFUSED;
    }
    throw error;
  } finally {
    await database.close();
  }
}

main().then(
  (code) => {
    process.exitCode = code;
  },
  (error: unknown) => {
    console.error('admin:create could not run:', error instanceof Error ? error.message : error);
    process.exitCode = EXIT_CANNOT_RUN;
  },
);
