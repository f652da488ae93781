import { AsyncLocalStorage } from 'node:async_hooks';
import type { Context, Span, SpanKind as OtelSpanKind } from '@opentelemetry/api';
import type { Sampler, SpanExporter } from '@opentelemetry/sdk-trace';
import type { SpanHandle, SpanKind, Tracer, TracingConfig } from './tracing';

/**
 * The OpenTelemetry SDK behind lib/tracing.ts, imported by server.ts only when tracing is
 * configured. Its packages are imported inside `startOtelTracer` too, so the server bundle (which
 * leaves npm packages external) never loads them at start-up.
 *
 * Nothing is registered globally: the context lives in this module's AsyncLocalStorage and spans
 * are started with their parent passed explicitly, so no other library's instrumentation and no
 * incoming `traceparent` header joins our traces (the server is the edge: a client must not pick
 * our trace ids or force sampling), and no outgoing request carries one to a provider.
 */

/** At most one log line per this long while the collector is failing. */
const EXPORT_ERROR_REPORT_MS = 60_000;

export async function startOtelTracer(config: TracingConfig, onExportError: (error: Error) => void): Promise<Tracer> {
  const [api, sdk, { OTLPTraceExporter }, resources, semconv] = await Promise.all([
    import('@opentelemetry/api'),
    import('@opentelemetry/sdk-trace'),
    import('@opentelemetry/exporter-trace-otlp-http'),
    import('@opentelemetry/resources'),
    import('@opentelemetry/semantic-conventions'),
  ]);

  // OTLP/HTTP with JSON bodies (config.ts accepts only http/json).
  const otlp = new OTLPTraceExporter({ url: config.tracesUrl, headers: config.headers, timeoutMillis: config.exportTimeoutMs });
  let lastReportAt = -Infinity;
  const exporter: SpanExporter = {
    export(spans, done) {
      otlp.export(spans, (result) => {
        if (result.code !== 0 && Date.now() - lastReportAt >= EXPORT_ERROR_REPORT_MS) {
          lastReportAt = Date.now();
          onExportError(result.error ?? new Error('the trace collector did not accept the spans'));
        }
        done(result);
      });
    },
    shutdown: () => otlp.shutdown(),
    forceFlush: () => otlp.forceFlush(),
  };

  const ratio = new sdk.TraceIdRatioBasedSampler(config.samplerRatio);
  const samplers: Record<TracingConfig['sampler'], () => Sampler> = {
    always_on: () => new sdk.AlwaysOnSampler(),
    always_off: () => new sdk.AlwaysOffSampler(),
    traceidratio: () => ratio,
    parentbased_always_on: () => new sdk.ParentBasedSampler({ root: new sdk.AlwaysOnSampler() }),
    parentbased_always_off: () => new sdk.ParentBasedSampler({ root: new sdk.AlwaysOffSampler() }),
    parentbased_traceidratio: () => new sdk.ParentBasedSampler({ root: ratio }),
  };

  const provider = new sdk.TracerProvider({
    resource: resources
      .defaultResource()
      .merge(resources.resourceFromAttributes({ ...config.resourceAttributes, [semconv.ATTR_SERVICE_NAME]: config.serviceName })),
    sampler: samplers[config.sampler](),
    spanProcessors: [new sdk.BatchSpanProcessor({ exporter, scheduledDelayMillis: config.scheduledDelayMs })],
  });
  const tracer = provider.getTracer('wise-server');
  const active = new AsyncLocalStorage<Context>();
  const kinds: Record<SpanKind, OtelSpanKind> = {
    server: api.SpanKind.SERVER,
    client: api.SpanKind.CLIENT,
    internal: api.SpanKind.INTERNAL,
  };

  class OtelSpan implements SpanHandle {
    constructor(readonly span: Span) {}
    setAttributes(attributes: Parameters<SpanHandle['setAttributes']>[0]): void {
      this.span.setAttributes(attributes);
    }
    fail(message: string): void {
      this.span.setStatus({ code: api.SpanStatusCode.ERROR, message });
    }
    end(): void {
      this.span.end();
    }
  }

  return {
    startSpan(name, { kind, attributes, childOnly }) {
      const parent = active.getStore();
      if (childOnly && !parent) return undefined;
      return new OtelSpan(tracer.startSpan(name, { kind: kinds[kind], attributes }, parent ?? api.ROOT_CONTEXT));
    },
    withSpan(span, work) {
      if (!(span instanceof OtelSpan)) return work();
      return active.run(api.trace.setSpan(active.getStore() ?? api.ROOT_CONTEXT, span.span), work);
    },
    forceFlush: () => provider.forceFlush(),
    shutdown: () => provider.shutdown(),
  };
}
