#!/usr/bin/env node
// A small round-robin HTTP load balancer for the scale-out tests (docs/RELIABILITY.md): two or more server
// instances sharing PostgreSQL and Redis behind one address, as a real deployment runs them.
//
// - Requests go to the upstreams in turn; request and response bodies are streamed (uploads too).
// - X-Forwarded-For / -Proto / -Host are set like a real balancer (run the instances with
//   TRUST_PROXY=true so rate limits see the client's address).
// - A request whose connection an upstream refused (that instance is down) is tried on the next
//   one; a request that may have reached an upstream is resent only if it changes nothing (GET) or
//   carries an Idempotency-Key (the API answers a repeat with the first answer). Each request walks
//   the upstreams from its own starting position, so its retry goes to another instance however
//   many requests are in flight.
// - GET /api/dev/outbox is the one exception to round robin: the dev outbox is each process's
//   own memory (development only), so the balancer asks every instance and merges the lists,
//   newest first. Nothing like it exists in production, where mail leaves by SMTP.
// - A client that disconnects before its answer ends is disconnected upstream too.
// - GET /__lb/stats (answered by the balancer itself) counts the requests each upstream served.
//
// CLI: node scripts/lb-proxy.mjs --port 3100 --upstream http://127.0.0.1:3101 --upstream http://127.0.0.1:3102
import http from 'node:http';
import { pathToFileURL } from 'node:url';

const HOP_BY_HOP = new Set(['connection', 'keep-alive', 'proxy-connection', 'transfer-encoding', 'upgrade', 'te', 'trailer']);
const UPSTREAM_TIMEOUT_MS = 65_000;

function forwardHeaders(request) {
  const headers = {};
  for (const [name, value] of Object.entries(request.headers)) if (!HOP_BY_HOP.has(name)) headers[name] = value;
  const peer = request.socket.remoteAddress ?? '';
  headers['x-forwarded-for'] = request.headers['x-forwarded-for'] ? `${request.headers['x-forwarded-for']}, ${peer}` : peer;
  headers['x-forwarded-proto'] = 'http';
  headers['x-forwarded-host'] = request.headers.host ?? '';
  return headers;
}

/** Sends one request to one upstream; resolves with its response, rejects with the connection error. */
function send(upstream, request, body, headers) {
  return new Promise((resolve, reject) => {
    const target = new URL(request.url, upstream);
    const outgoing = http.request(target, { method: request.method, headers, agent: upstream.agent, timeout: UPSTREAM_TIMEOUT_MS });
    outgoing.once('response', resolve);
    outgoing.once('error', reject);
    outgoing.once('timeout', () => outgoing.destroy(new Error('upstream timed out')));
    if (body) outgoing.end(body);
    else request.pipe(outgoing);
  });
}

const readAll = (stream) =>
  new Promise((resolve, reject) => {
    const chunks = [];
    stream.on('data', (chunk) => chunks.push(chunk));
    stream.once('end', () => resolve(Buffer.concat(chunks)));
    stream.once('error', reject);
  });

/**
 * Starts the balancer. `upstreams` are base URLs. Returns { url, port, stats(), close() }.
 * @param {{ port?: number, host?: string, upstreams: string[] }} options
 */
export async function startProxy({ port = 0, host = '127.0.0.1', upstreams }) {
  if (!upstreams?.length) throw new Error('at least one upstream is needed');
  // An idle upstream connection is closed here after 30 s, well before the instance itself would
  // close it (Fastify: 72 s), so a request never goes out on a connection the instance is closing.
  const pool = upstreams.map((base) => ({
    base,
    url: new URL(base),
    agent: new http.Agent({ keepAlive: true, maxSockets: 256, timeout: 30_000 }),
    served: 0,
  }));
  let next = 0;

  async function mergedOutbox(request, response) {
    const lists = await Promise.all(
      pool.map(async (upstream) => {
        try {
          // Read here, so asked for uncompressed: the API compresses answers of 1 KB or more.
          const headers = { ...forwardHeaders(request), 'accept-encoding': 'identity' };
          const answer = await send(upstream.url, request, Buffer.alloc(0), headers);
          const text = (await readAll(answer)).toString('utf8');
          return answer.statusCode === 200 ? JSON.parse(text) : [];
        } catch {
          return [];
        }
      }),
    );
    const merged = lists.flat().sort((a, b) => (a.created_at < b.created_at ? 1 : a.created_at > b.created_at ? -1 : 0));
    response.writeHead(200, { 'content-type': 'application/json; charset=utf-8' });
    response.end(JSON.stringify(merged));
  }

  const handle = async (request, response) => {
    if (request.url === '/__lb/stats') {
      response.writeHead(200, { 'content-type': 'application/json' });
      response.end(JSON.stringify(pool.map(({ base, served }) => ({ upstream: base, served }))));
      return;
    }
    if (request.method === 'GET' && request.url?.startsWith('/api/dev/outbox')) {
      await mergedOutbox(request, response);
      return;
    }
    const headers = forwardHeaders(request);
    // Bodies are buffered only so a refused connection can be retried elsewhere; uploads in these
    // tests are a few megabytes at most.
    const body = request.method === 'GET' || request.method === 'HEAD' ? Buffer.alloc(0) : await readAll(request);
    // This request's own position: with one shared position, concurrent requests moved it between a
    // request's first try and its retry, and both tries could land on the same dead instance.
    const start = next;
    next = (next + 1) % pool.length;
    for (let tried = 0; tried < pool.length; tried += 1) {
      const upstream = pool[(start + tried) % pool.length];
      try {
        const answer = await send(upstream.url, request, body, headers);
        upstream.served += 1;
        const outHeaders = {};
        for (const [name, value] of Object.entries(answer.headers)) if (!HOP_BY_HOP.has(name)) outHeaders[name] = value;
        response.writeHead(answer.statusCode ?? 502, outHeaders);
        answer.pipe(response);
        // A client that leaves mid-answer (a closed tab's live-update stream) hangs up upstream too,
        // as a real balancer does: otherwise the instance keeps writing to a stream nobody reads.
        response.once('close', () => {
          if (!answer.complete) answer.destroy();
        });
        return;
      } catch (error) {
        // Refused: the instance is down and saw nothing. A reset on a reused connection may come
        // after the upstream read the request, so only a request that changes nothing is resent.
        const idempotent = request.method === 'GET' || request.method === 'HEAD' || typeof request.headers['idempotency-key'] === 'string';
        if (error?.code === 'ECONNREFUSED' || (idempotent && (error?.code === 'ECONNRESET' || error?.code === 'EPIPE'))) continue;
        if (!response.headersSent) {
          response.writeHead(502, { 'content-type': 'application/json' });
          response.end(JSON.stringify({ error: 'The server could not be reached', code: 'BAD_GATEWAY' }));
        } else response.destroy();
        return;
      }
    }
    response.writeHead(503, { 'content-type': 'application/json' });
    response.end(JSON.stringify({ error: 'No server is available', code: 'UNAVAILABLE' }));
  };
  // A request the handler could not answer (its body failed to read) ends alone; the proxy keeps serving.
  const server = http.createServer((request, response) => {
    handle(request, response).catch(() => response.destroy());
  });
  // Like a hosted balancer (60 s idle), and longer than a test client keeps a connection idle: Node's
  // default of 5 s closed connections that Playwright's request context then reused ("socket hang
  // up" on a journey's API call after a few seconds in the browser). headersTimeout must be longer.
  server.keepAliveTimeout = 65_000;
  server.headersTimeout = 66_000;
  await new Promise((resolve) => server.listen(port, host, resolve));
  const address = server.address();
  return {
    port: address.port,
    url: `http://${host}:${address.port}`,
    stats: () => pool.map(({ base, served }) => ({ upstream: base, served })),
    close: () =>
      new Promise((resolve) => {
        for (const upstream of pool) upstream.agent.destroy();
        server.closeAllConnections?.();
        server.close(() => resolve(undefined));
      }),
  };
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  const args = process.argv.slice(2);
  const upstreams = [];
  let port = 3100;
  for (let i = 0; i < args.length; i += 1) {
    if (args[i] === '--port') port = Number(args[++i]);
    else if (args[i] === '--upstream') upstreams.push(args[++i]);
  }
  const proxy = await startProxy({ port, upstreams });
  console.log(`load balancer on ${proxy.url} → ${upstreams.join(', ')}`);
  const stop = () => void proxy.close().then(() => process.exit(0));
  process.on('SIGTERM', stop);
  process.on('SIGINT', stop);
}
