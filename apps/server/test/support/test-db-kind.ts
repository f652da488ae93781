/** What each project's global setup hands its test files. */
export type TestDbSpec =
  | { kind: 'pglite'; dumpPath: string }
  | { kind: 'postgres'; adminUrl: string; template: string; prefix: string };

declare module 'vitest' {
  export interface ProvidedContext {
    testDb: TestDbSpec;
  }
}
