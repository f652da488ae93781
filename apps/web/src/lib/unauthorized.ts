/**
 * What a 401 UNAUTHENTICATED means is decided by the app shell (storage cleared, back to /home,
 * docs/product.md §4). Kept apart from api-client so the shell can register it without pulling zod and the
 * shared schemas into the first chunk.
 */
type UnauthorizedHandler = () => void;
let onUnauthorized: UnauthorizedHandler = () => undefined;

export function setUnauthorizedHandler(handler: UnauthorizedHandler): void {
  onUnauthorized = handler;
}

export function notifyUnauthorized(): void {
  onUnauthorized();
}
