/** The Pidgin catalogue's loader (build/language-catalogues.ts): its own file in a production build. */
declare module 'virtual:pidgin-catalogue' {
  import type { pidginCatalogue } from '@wise/shared/i18n/pcm';

  export const loadPidginCatalogue: () => Promise<{ pidginCatalogue: typeof pidginCatalogue }>;
}
