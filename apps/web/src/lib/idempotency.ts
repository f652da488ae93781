/**
 * A fresh Idempotency-Key for one customer action (a tap on Collect, Claim, Submit). Retries of
 * that same action reuse it, so the server answers them with the first result instead of acting
 * twice. `getRandomValues` works outside secure contexts too, unlike `randomUUID`.
 */
export function newIdempotencyKey(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  return Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('');
}
