/** What each project's global setup hands its test files. */
export type TestDbSpec =
  /** templateDir: a migrated, cleanly shut down PGlite data directory, to be copied (never opened in place). */
  { kind: 'pglite'; templateDir: string } | { kind: 'postgres'; adminUrl: string; template: string; prefix: string };

declare module 'vitest' {
  export interface ProvidedContext {
    testDb: TestDbSpec;
  }
}
