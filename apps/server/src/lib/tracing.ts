/**
 * Tracing as the rest of the server sees it: a few plain functions that do nothing until a tracer
 * is installed. The OpenTelemetry SDK lives in lib/otel.ts and is imported only when
 * OTEL_EXPORTER_OTLP_ENDPOINT is set (server.ts), so a server without it loads no SDK, wraps no
 * query and adds no request hook (docs/decisions.md §7b.7).
 *
 * Attribute names follow OpenTelemetry's semantic conventions where one exists; ours are `wise.*`.
 * What may be put in an attribute: route patterns, provider names, methods, status codes, host
 * names, SQL text with its placeholders. Never a URL with its query, a parameter value, a header,
 * a body, an account number or a key.
 */

/** The validated OTEL_* settings (config.ts), present only when tracing is on. */
export interface TracingConfig {
  /** Where spans are POSTed: OTEL_EXPORTER_OTLP_TRACES_ENDPOINT, or OTEL_EXPORTER_OTLP_ENDPOINT + /v1/traces. */
  tracesUrl: string;
  /** OTEL_EXPORTER_OTLP_HEADERS (often a collector's API key: never logged). */
  headers: Record<string, string>;
  serviceName: string;
  resourceAttributes: Record<string, string>;
  sampler: 'always_on' | 'always_off' | 'traceidratio' | 'parentbased_always_on' | 'parentbased_always_off' | 'parentbased_traceidratio';
  samplerRatio: number;
  /** OTEL_BSP_SCHEDULE_DELAY: how long finished spans wait to be sent together. */
  scheduledDelayMs: number;
  /** OTEL_EXPORTER_OTLP_TIMEOUT. */
  exportTimeoutMs: number;
}

export type SpanAttributes = Record<string, string | number | boolean>;

export type SpanKind = 'server' | 'client' | 'internal';

export interface SpanHandle {
  setAttributes(attributes: SpanAttributes): void;
  /** Marks the span failed; `message` must name no secret (an error class or an outcome). */
  fail(message: string): void;
  end(): void;
}

export interface Tracer {
  /**
   * A span whose parent is the active span; a root span when there is none, unless `childOnly`
   * (then undefined: a database query outside any request or job is not worth a trace).
   */
  startSpan(name: string, options: { kind: SpanKind; attributes: SpanAttributes; childOnly?: boolean }): SpanHandle | undefined;
  /** Runs `work` with `span` active, so what it starts (even after awaits) is the span's child. */
  withSpan<T>(span: SpanHandle, work: () => T): T;
  /** Sends every finished span now. */
  forceFlush(): Promise<void>;
  /** Sends what is left and stops. */
  shutdown(): Promise<void>;
}

let installed: Tracer | undefined;

/** The installed tracer, undefined when tracing is off (the common case: callers skip all work). */
export const activeTracer = (): Tracer | undefined => installed;

/** Installs (or, with undefined, removes) the process's tracer. */
export function useTracer(tracer: Tracer | undefined): void {
  installed = tracer;
}

/**
 * Runs `work` inside a span when tracing is on, and just runs it otherwise. The span ends when
 * the work settles and is marked failed when it throws (with the error's class name only).
 */
export async function inSpan<T>(
  name: string,
  options: { kind: SpanKind; attributes: SpanAttributes },
  work: (span: SpanHandle | undefined) => Promise<T>,
): Promise<T> {
  const tracer = installed;
  const span = tracer?.startSpan(name, options);
  if (!tracer || !span) return work(undefined);
  try {
    return await tracer.withSpan(span, () => work(span));
  } catch (error) {
    span.fail(error instanceof Error ? error.name : 'error');
    throw error;
  } finally {
    span.end();
  }
}
