/**
 * What the app shell says when a session ends under it. Its own module: the shell is in the first
 * chunk, and importing messages.ts there would put every message of every screen in that chunk.
 */
export const sessionMessages = {
  sessionExpired: 'Your session has ended. Please log in again',
} as const;
