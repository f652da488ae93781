/// <reference lib="webworker" />
import { clientsClaim } from 'workbox-core';
import { ExpirationPlugin } from 'workbox-expiration';
import { cleanupOutdatedCaches, createHandlerBoundToURL, precacheAndRoute } from 'workbox-precaching';
import { NavigationRoute, registerRoute } from 'workbox-routing';
import { CacheFirst } from 'workbox-strategies';
import type { PushPayload } from '@wise/shared';

/**
 * Wise's service worker (docs/decisions.md §9.36), built by vite-plugin-pwa's injectManifest strategy.
 *
 * What it caches: the app shell (index.html) and the hashed static assets of the customer
 * screens, precached at install so the app opens offline; any other hashed asset (a back-office
 * chunk) the first time it is fetched. What it NEVER caches: anything under /api. Those answers
 * carry personal data (balances, bank details, transactions, photos) and must come from the
 * server or not at all; no route below matches /api, so every API request goes to the network
 * exactly as if there were no worker (e2e/pwa.spec.ts checks an API call fails offline).
 *
 * It also shows the Web Push notifications the server sends about sales and bill orders
 * (apps/server/src/domain/push) and opens the transaction when one is tapped.
 */

declare const self: ServiceWorkerGlobalScope & { __WB_MANIFEST: (string | { url: string; revision: string | null })[] };

precacheAndRoute(self.__WB_MANIFEST);
cleanupOutdatedCaches();

const isApi = (pathname: string) => pathname === '/api' || pathname.startsWith('/api/');

// Every page of the single-page app opens from the precached shell, online or not: the client
// router draws it. /api addresses opened as pages (e.g. /api/docs) are left to the network.
registerRoute(new NavigationRoute(createHandlerBoundToURL('/index.html'), { denylist: [/^\/api(\/|$)/] }));

// Hashed file names never change content, so the first copy fetched is good for ever.
registerRoute(
  ({ url, sameOrigin }) => sameOrigin && url.pathname.startsWith('/assets/') && !isApi(url.pathname),
  new CacheFirst({ cacheName: 'wise-assets', plugins: [new ExpirationPlugin({ maxEntries: 120, maxAgeSeconds: 30 * 24 * 60 * 60 })] }),
);

// A new version waits until the customer taps "Update" (features/pwa), then takes over at once.
self.addEventListener('message', (event) => {
  if ((event.data as { type?: unknown } | null)?.type === 'SKIP_WAITING') void self.skipWaiting();
});
clientsClaim();

function parsePush(data: PushMessageData | null): PushPayload | undefined {
  try {
    const value = data?.json() as Partial<PushPayload> | undefined;
    if (typeof value?.title !== 'string' || typeof value.body !== 'string') return undefined;
    // Only a path of this app is ever opened.
    const url = typeof value.url === 'string' && value.url.startsWith('/') && !value.url.startsWith('//') ? value.url : '/homepage';
    return { title: value.title, body: value.body, url, ...(typeof value.tag === 'string' ? { tag: value.tag } : {}) };
  } catch {
    return undefined;
  }
}

self.addEventListener('push', (event) => {
  const message = parsePush(event.data);
  if (!message) return;
  event.waitUntil(
    self.registration.showNotification(message.title, {
      body: message.body,
      icon: '/icons/icon-192.png',
      badge: '/icons/icon-96.png',
      lang: 'en-NG',
      data: { url: message.url },
      ...(message.tag ? { tag: message.tag } : {}),
    }),
  );
});

self.addEventListener('notificationclick', (event) => {
  event.notification.close();
  const path = (event.notification.data as { url?: string } | null)?.url ?? '/homepage';
  const target = new URL(path, self.location.origin).href;
  event.waitUntil(
    (async () => {
      const windows = await self.clients.matchAll({ type: 'window', includeUncontrolled: true });
      // An open Wise window is reused: brought forward and taken to the transaction.
      for (const client of windows) {
        if (new URL(client.url).origin !== self.location.origin) continue;
        const focused = await client.focus();
        await focused.navigate(target).catch(() => undefined);
        return;
      }
      await self.clients.openWindow(target);
    })(),
  );
});
