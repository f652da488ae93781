import type { FastifyPluginAsync } from 'fastify';
import { authMessages } from '@wise/shared';
import type { RouteContext } from '#server/context';
import { findSession } from '#server/domain/auth/sessions';
import type { CustomerEvent, EventHub, EventStream } from '#server/domain/events/hub';
import { rateLimited } from '#server/domain/errors';
import { currentUser, SESSION_COOKIE } from '#server/plugins/sessions';

/** Below the usual 60 s idle timeouts of proxies and load balancers. */
export const HEARTBEAT_MS = 25_000;
/** When a refused customer could try again: one of their other screens may have closed by then. */
const RETRY_AFTER_S = 30;

/**
 * GET /api/events: the customer's live updates as server-sent events (domain/events/hub.ts), each
 * `data: {"type":"sale","id":"…"}`. Private like every /api route: the session guard has run.
 * The reply is taken over from Fastify, so compression and its buffering never touch it; the
 * headers tell proxies not to buffer either. Each heartbeat also checks that the session still
 * exists, so a stream outlives a logout elsewhere, or the session's end, by one heartbeat at most.
 */
export const eventRoutes: FastifyPluginAsync<{ ctx: RouteContext; hub: EventHub; heartbeatMs?: number }> = async (
  app,
  { ctx, hub, heartbeatMs = HEARTBEAT_MS },
) => {
  app.get(
    '/',
    { schema: { tags: ['events'], summary: "The customer's live updates (text/event-stream): what changed, never the data", hide: true } },
    async (request, reply) => {
      const user = currentUser(request);
      const token = request.cookies[SESSION_COOKIE] ?? '';
      // Refused with a plain 429: the browser's EventSource then stops, and that screen polls.
      if (!hub.hasRoomFor(user.id)) throw rateLimited(authMessages.tooManyRequests, RETRY_AFTER_S);
      reply.hijack();
      const raw = reply.raw;
      raw.writeHead(200, {
        'content-type': 'text/event-stream; charset=utf-8',
        'cache-control': 'no-cache, no-transform',
        'x-accel-buffering': 'no',
        connection: 'keep-alive',
      });
      raw.flushHeaders();
      // `retry`: how long the browser waits before reconnecting a dropped stream.
      raw.write('retry: 3000\n: open\n\n');

      let timer: NodeJS.Timeout | undefined;
      let closed = false;
      const stream: EventStream = {
        userId: user.id,
        sessionHash: request.principal?.sessionHash ?? '',
        send: (event: CustomerEvent) => {
          raw.write(`data: ${JSON.stringify({ type: event.type, id: event.id })}\n\n`);
        },
        close: () => {
          if (closed) return;
          closed = true;
          if (timer) clearInterval(timer);
          timer = undefined;
          hub.remove(stream);
          raw.end();
        },
      };
      hub.add(stream);
      timer = setInterval(() => {
        void findSession(ctx.db, ctx.clock, token).then(
          (found) => (found ? raw.write(': heartbeat\n\n') : stream.close()),
          () => raw.write(': heartbeat\n\n'),
        );
      }, heartbeatMs);
      timer.unref();
      raw.on('close', () => stream.close());
    },
  );
};
