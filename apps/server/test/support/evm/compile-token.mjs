// Regenerates test-token.json from TestToken.sol. Not run by the tests (they use the committed
// output, so they need no compiler and no network): run it by hand after changing the source,
//   npm install --prefix /tmp/solc --no-save solc@0.8.28 &&
//   SOLC_FROM=/tmp/solc/x.js node apps/server/test/support/evm/compile-token.mjs
import { readFileSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const here = path.dirname(fileURLToPath(import.meta.url));
const require = createRequire(process.env.SOLC_FROM ?? import.meta.url);
const solc = require('solc');
const input = {
  language: 'Solidity',
  sources: { 'TestToken.sol': { content: readFileSync(path.join(here, 'TestToken.sol'), 'utf8') } },
  settings: { optimizer: { enabled: true, runs: 200 }, outputSelection: { '*': { TestToken: ['abi', 'evm.bytecode.object'] } } },
};
const output = JSON.parse(solc.compile(JSON.stringify(input)));
const errors = (output.errors ?? []).filter((e) => e.severity === 'error');
if (errors.length > 0) throw new Error(errors.map((e) => e.formattedMessage).join('\n'));
const contract = output.contracts['TestToken.sol'].TestToken;
const artifact = { compiler: `solc ${solc.version()}`, abi: contract.abi, bytecode: `0x${contract.evm.bytecode.object}` };
writeFileSync(path.join(here, 'test-token.json'), `${JSON.stringify(artifact, null, 1)}\n`);
process.stdout.write(`${artifact.compiler}: ${artifact.bytecode.length} hex characters\n`);
