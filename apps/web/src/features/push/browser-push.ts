import type { PushSubscribeRequest } from '@wise/shared';

/**
 * The browser's side of Web Push: whether it can, what it allows, and the subscription itself
 * (through the service worker features/pwa registers). Kept apart from React so the card stays
 * a thin view.
 */

export const pushSupported = () =>
  typeof window !== 'undefined' && 'serviceWorker' in navigator && 'PushManager' in window && 'Notification' in window;

export type PushPermission = NotificationPermission;

export const pushPermission = (): PushPermission => Notification.permission;

/** The worker's registration once it is active (it is registered after the first screen settles). */
const registration = () => navigator.serviceWorker.ready;

export async function currentSubscription(): Promise<PushSubscription | null> {
  return (await registration()).pushManager.getSubscription();
}

function keyBytes(base64url: string): Uint8Array<ArrayBuffer> {
  const base64 = base64url
    .replace(/-/g, '+')
    .replace(/_/g, '/')
    .padEnd(Math.ceil(base64url.length / 4) * 4, '=');
  const raw = atob(base64);
  const bytes = new Uint8Array(new ArrayBuffer(raw.length));
  for (let i = 0; i < raw.length; i += 1) bytes[i] = raw.charCodeAt(i);
  return bytes;
}

/** Asks the browser's permission (only ever from a tap) and subscribes with the server's key. */
export async function subscribeBrowser(publicKey: string): Promise<{ permission: PushPermission; subscription?: PushSubscribeRequest }> {
  const permission = await Notification.requestPermission();
  if (permission !== 'granted') return { permission };
  const reg = await registration();
  const existing = await reg.pushManager.getSubscription();
  const subscription = existing ?? (await reg.pushManager.subscribe({ userVisibleOnly: true, applicationServerKey: keyBytes(publicKey) }));
  const json = subscription.toJSON();
  return {
    permission,
    subscription: {
      endpoint: json.endpoint ?? subscription.endpoint,
      keys: { p256dh: json.keys?.p256dh ?? '', auth: json.keys?.auth ?? '' },
    },
  };
}
