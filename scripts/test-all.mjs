// `npm test`'s suites, side by side: the unit and API tests (`npm run test:unit`) and the browser
// journeys (`npm run test:e2e`). Each spends much of its time waiting — on servers it started, on
// the app's polling, on the payout sandbox — so on two cores together they use the CPU that either
// alone leaves idle (docs/decisions.md §2.28). They share nothing: the unit tests make databases of
// their own prefix, the journeys one of their own and Redis database 1 (scripts/e2e-server.mjs).
// The unit output streams; the journeys' is printed whole once they end. Fails if either fails.
import { spawn } from 'node:child_process';

const started = performance.now();
const seconds = () => `${Math.round((performance.now() - started) / 1000)} s`;

function run(script, { stream }) {
  return new Promise((resolve) => {
    const child = spawn('npm', ['run', '--silent', script], {
      stdio: ['ignore', stream ? 'inherit' : 'pipe', stream ? 'inherit' : 'pipe'],
    });
    const held = [];
    if (!stream) {
      child.stdout.on('data', (chunk) => held.push(chunk));
      child.stderr.on('data', (chunk) => held.push(chunk));
    }
    for (const signal of ['SIGINT', 'SIGTERM']) process.once(signal, () => child.kill(signal));
    child.on('close', (code, signal) => resolve({ script, code: code ?? (signal ? 1 : 0), output: Buffer.concat(held), took: seconds() }));
  });
}

const unit = run('test:unit', { stream: true });
const journeys = run('test:e2e', { stream: false });

const unitDone = await unit;
process.stdout.write(`\n::: test:unit ended (exit ${unitDone.code}) after ${unitDone.took}; the journeys' output follows when they end\n`);
const journeysDone = await journeys;
process.stdout.write(journeysDone.output);
process.stdout.write(`\n::: test:e2e ended (exit ${journeysDone.code}) after ${journeysDone.took}\n`);
const failed = [unitDone, journeysDone].filter((done) => done.code !== 0).map((done) => done.script);
if (failed.length > 0) process.stdout.write(`::: failed: ${failed.join(', ')}\n`);
process.exit(failed.length > 0 ? 1 : 0);
