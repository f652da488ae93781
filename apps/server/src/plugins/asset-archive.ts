import { constants } from 'node:fs';
import { copyFile, mkdir, readdir, rename, rm, stat, utimes, writeFile } from 'node:fs/promises';
import path from 'node:path';

/**
 * Hashed web assets outlive the build that made them (docs/operations.md, "Deploying a new version").
 *
 * An app opened before a deploy still holds the old index.html, which names old hashed chunks;
 * behind a balancer an instance still on the old build hands out that index.html too. Were the
 * old files gone, the next screen would 404 its own code. So every build's assets are copied into
 * an archive that outlives the build folder, and a request for a hashed file the current build
 * lacks is answered from there. A file leaves the archive `retention` after the first start that
 * no longer shipped it (the time it was retired, kept as a marker file's mtime), never earlier.
 */
export interface AssetArchive {
  dir: string;
  retentionMs: number;
}

/** Hashed names only: what Vite writes (letters, digits, `_`, `-`, dots), never a path. */
const ASSET_NAME = /^[A-Za-z0-9_-][A-Za-z0-9_.-]{0,199}$/;
const RETIRED = '.retired';

export const isArchivableName = (name: string) => ASSET_NAME.test(name) && !name.includes('..');

export interface ArchiveReport {
  archived: number;
  retired: number;
  pruned: number;
}

/**
 * Copies the build's assets into the archive (a copy made under a temporary name, then renamed, so
 * two instances starting together never see half a file), marks archived files the build no longer
 * has as retired, and deletes those retired longer than the retention. Safe to run on every start.
 */
export async function archiveBuildAssets(buildAssetsDir: string, archive: AssetArchive, now = Date.now()): Promise<ArchiveReport> {
  const retiredDir = path.join(archive.dir, RETIRED);
  await mkdir(retiredDir, { recursive: true });
  const built = new Set((await readdir(buildAssetsDir, { withFileTypes: true })).filter((e) => e.isFile()).map((e) => e.name));
  const report: ArchiveReport = { archived: 0, retired: 0, pruned: 0 };

  for (const name of built) {
    if (!isArchivableName(name)) continue;
    const target = path.join(archive.dir, name);
    // A hashed name is its content: a copy already there is the same file.
    await rm(path.join(retiredDir, name), { force: true });
    if (await exists(target)) continue;
    const temporary = `${target}.${process.pid}.${Math.random().toString(36).slice(2)}.tmp`;
    await copyFile(path.join(buildAssetsDir, name), temporary, constants.COPYFILE_FICLONE);
    await rename(temporary, target);
    report.archived += 1;
  }

  const seconds = now / 1000;
  for (const entry of await readdir(archive.dir, { withFileTypes: true })) {
    if (!entry.isFile() || built.has(entry.name) || !isArchivableName(entry.name) || entry.name.endsWith('.tmp')) continue;
    const marker = path.join(retiredDir, entry.name);
    const retiredAt = await stat(marker).then(
      (s) => s.mtimeMs,
      () => undefined,
    );
    if (retiredAt === undefined) {
      await writeFile(marker, '');
      await utimes(marker, seconds, seconds);
      report.retired += 1;
    } else if (now - retiredAt >= archive.retentionMs) {
      await rm(path.join(archive.dir, entry.name), { force: true });
      await rm(marker, { force: true });
      report.pruned += 1;
    }
  }
  return report;
}

/** The archived copy of `/assets/<name>`, when there is one. */
export async function archivedAsset(archive: AssetArchive, name: string): Promise<string | undefined> {
  if (!isArchivableName(name)) return undefined;
  const file = path.join(archive.dir, name);
  return (await exists(file)) ? file : undefined;
}

const exists = (file: string) =>
  stat(file).then(
    (s) => s.isFile(),
    () => false,
  );
