import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

/**
 * The tests run on the Node the repository brings (docs/decisions.md §2.25): npm scripts put
 * node_modules/.bin first on PATH, where the `node-<platform>-<arch>` package's binary sits. A
 * run started on the machine's own older Node would test a runtime production does not use.
 */
describe('the runtime', () => {
  it(`is the Node that package.json's engines ask for (this run: ${process.version})`, async () => {
    const root = path.resolve(import.meta.dirname, '../../..');
    const pkg = JSON.parse(await readFile(path.join(root, 'package.json'), 'utf8')) as {
      engines: { node: string };
      optionalDependencies: Record<string, string>;
    };
    const minimum = Number(/^>=(\d+)/.exec(pkg.engines.node)?.[1]);
    expect(minimum).toBeGreaterThanOrEqual(24);
    expect(Number(process.versions.node.split('.')[0])).toBeGreaterThanOrEqual(minimum);
    // On a platform whose package the repository lists, it is exactly that pinned build.
    const brought = pkg.optionalDependencies[`node-${process.platform === 'win32' ? 'win' : process.platform}-${process.arch}`];
    if (brought) expect(process.version).toBe(`v${brought}`);
  });
});
