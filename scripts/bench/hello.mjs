// A bare Fastify hello-world from the project's own node_modules: the ceiling `/healthz` is
// compared to (docs/PERFORMANCE.md: the bare route ≥ 50 % of it). No logger, no plugins.
import Fastify from 'fastify';

const port = Number(process.argv[2] ?? 3000);
const app = Fastify({ logger: false });
app.get('/', async () => ({ hello: 'world' }));
await app.listen({ port, host: '127.0.0.1' });
process.on('SIGTERM', () => void app.close().then(() => process.exit(0)));
