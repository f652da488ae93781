/**
 * Whether the raw connection comes from this machine. Read from the socket, never from
 * X-Forwarded-For: a proxy header must never open what only this machine may see.
 */
export const isLoopbackPeer = (address: string | undefined) =>
  address !== undefined && (address === '::1' || /^(::ffff:)?127\./.test(address));
