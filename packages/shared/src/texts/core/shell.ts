/*
 * The app shell's and shared components' texts (English; docs/i18n.md). One file per component:
 * a module goes whole into one chunk, so each screen's chunk carries only the texts of what it draws.
 */
export * from './shell/bottom-nav';
export * from './shell/header';
export * from './shell/route-progress';
export * from './shell/coming-soon';
export * from './shell/copy-button';
export * from './shell/image-picker';
export * from './shell/text-field';
export * from './shell/fetch-error';
export * from './shell/landing';
export * from './shell/splash';
