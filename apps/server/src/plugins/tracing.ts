import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { SpanHandle, Tracer } from '../lib/tracing';

/**
 * A server span for every request, named by its route pattern (`POST /api/bank/resolve`, never the
 * URL: ids and query strings stay out), with the request's database queries and provider calls as
 * its children. Registered by app.ts only when tracing is on, before every other hook.
 */

const spans = new WeakMap<FastifyRequest, SpanHandle>();

export function traceRequests(app: FastifyInstance, tracer: Tracer): void {
  app.addHook('onRequest', (request, _reply, done) => {
    const route = request.routeOptions.url;
    const span = tracer.startSpan(route ? `${request.method} ${route}` : request.method, {
      kind: 'server',
      attributes: { 'http.request.method': request.method, ...(route ? { 'http.route': route } : {}), 'wise.request_id': request.id },
    });
    if (!span) return done();
    spans.set(request, span);
    // The rest of the request's hooks run inside the span…
    tracer.withSpan(span, () => done());
  });
  // …but the body is read in the socket's own context, so the span is entered again once it has
  // been: the session check, validation and the handler run in it.
  app.addHook('preValidation', (request, _reply, done) => {
    const span = spans.get(request);
    if (!span) return done();
    tracer.withSpan(span, () => done());
  });
  app.addHook('onResponse', (request, reply, done) => {
    const span = spans.get(request);
    if (span) {
      span.setAttributes({ 'http.response.status_code': reply.statusCode });
      if (reply.statusCode >= 500) span.fail(`HTTP ${reply.statusCode}`);
      span.end();
      spans.delete(request);
    }
    done();
  });
}
