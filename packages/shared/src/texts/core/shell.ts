/*
 * The app shell's and shared components' texts (English; docs/i18n.md). A module goes whole into
 * one chunk: the landing's and the splash's words have their own, the route progress's (in the
 * entry) its own, and the components' share one.
 */
export * from './shell/components';
export * from './shell/route-progress';
export * from './shell/landing';
export * from './shell/splash';
