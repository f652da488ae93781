import zlib from 'node:zlib';

/**
 * Answers kept serialized for every customer alike (domain/catalogue-cache.ts, sent by
 * lib/response-serializer.ts sendSerialized) are compressed once per encoding, not per request:
 * brotli of the 7.7 KB coin list costs about as much CPU as the rest of its request
 * (docs/PERFORMANCE.md). plugins/compression.ts hands these to @fastify/compress, which calls each
 * with the same options every time, so a kept form is the bytes it would have made. Keyed by the
 * kept string itself, at most KEPT_MAX of them (the oldest forgotten first; a catalogue's answers
 * are replaced whole when it changes).
 */
const KEPT_MAX = 128;
const kept = new Map<string, Map<string, Buffer>>();

/** Called with a kept answer as it is sent: its compressed forms are kept from now on. */
export function keepCompressed(body: string): void {
  if (kept.has(body)) return;
  if (kept.size >= KEPT_MAX) kept.delete(kept.keys().next().value!);
  kept.set(body, new Map());
}

type CompressSync = (payload: string | Buffer, options?: object) => Buffer;

/** `compress` as @fastify/compress calls it, answering a kept body's bytes once made (the same options give the same bytes). */
function remembered(encoding: string, compress: CompressSync): CompressSync {
  return (payload, options) => {
    const forms = typeof payload === 'string' ? kept.get(payload) : undefined;
    if (!forms) return compress(payload, options);
    let bytes = forms.get(encoding);
    if (!bytes) forms.set(encoding, (bytes = compress(payload, options)));
    return bytes;
  };
}

/** node:zlib's one-shot compressors for @fastify/compress's `zlib` option, answering kept bodies from memory. */
export const keptCompressionZlib = {
  brotliCompressSync: remembered('br', zlib.brotliCompressSync),
  gzipSync: remembered('gzip', zlib.gzipSync),
};
