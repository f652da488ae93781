/**
 * VTpass's `request_id`: at least 12 characters, the first 12 digits being the date and time in
 * Africa/Lagos as YYYYMMDDHHII, then anything unique. Our orders' request ids are already made
 * that way (domain/bills/orders.ts `newRequestId`: the checkout's Lagos minute, then 20 random hex
 * characters), so the mapping is the identity: the id VTpass sees is the one stored on the order,
 * and a status query by the order's id finds the purchase. An id that does not have that shape
 * (none is made so today) is never sent: nothing can have happened under it.
 */
const REQUEST_ID_SHAPE = /^(\d{4})(\d{2})(\d{2})(\d{2})(\d{2})[A-Za-z0-9]{1,88}$/;

/** Whether `requestId` can be sent to VTpass as it is: a real Lagos date and minute, then a unique tail. */
export function isVtpassRequestId(requestId: string): boolean {
  const match = REQUEST_ID_SHAPE.exec(requestId);
  if (!match) return false;
  const [year, month, day, hour, minute] = match.slice(1, 6).map(Number) as [number, number, number, number, number];
  const date = new Date(Date.UTC(year, month - 1, day, hour, minute));
  return date.getUTCFullYear() === year && date.getUTCMonth() === month - 1 && date.getUTCDate() === day && hour < 24 && minute < 60;
}
