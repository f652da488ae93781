import fastifyCompress, { type FastifyCompressOptions } from '@fastify/compress';
import { keptCompressionZlib } from '../lib/kept-compression';

/**
 * API answers of 1 KB or more leave compressed, brotli (quality 4, the library's default: cheap
 * enough to run per answer) or gzip. The dashboard's trending list is 23 KB of JSON, a sixth of a
 * second on the slow 4G Lighthouse models (docs/PERFORMANCE.md); most answers are smaller than the threshold
 * and pay only the size check. The web build's files are compressed at build time and sent with
 * their encoding set (plugins/web.ts), which this leaves alone. Request bodies are never inflated:
 * no client of ours sends them compressed, and a compressed upload is a way round the body limit.
 * Compression next to a secret can leak it by size (BREACH) only when the same answer also echoes
 * what an attacker sent; secrets here travel in cookies (headers, never compressed), and the one
 * answer holding a secret in its body, the staff authenticator enrolment, echoes nothing.
 */
export const compressionOptions: FastifyCompressOptions = {
  threshold: 1024,
  encodings: ['br', 'gzip'],
  globalDecompression: false,
  // Only the synchronous one-shot functions (answers under the library's sync threshold) are
  // replaced (lib/kept-compression.ts: kept answers compressed once); streams and everything else
  // come from node:zlib as before.
  zlib: keptCompressionZlib,
};

export { fastifyCompress as compression };
