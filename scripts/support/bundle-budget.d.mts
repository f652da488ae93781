// Types for bundle-budget.mjs, for the TypeScript that imports it (e2e/accessibility.spec.ts).
export const KB: number;
export const QUIET_MS: number;
export const BUDGET: { home: number; screen: number; routeChunk: number; css: number };
export function kb(bytes: number): string;

export interface Build {
  dist: string;
  sourceOf: Map<string, string>;
  afterSettle: Set<string>;
}
export interface Screen {
  url: string;
  /** Where the screen opened (a screen may lead to another by design). */
  landed: string;
  loggedIn: boolean;
  /** Reached by steps from another screen (not a first visit): only its own chunk is held. */
  bySteps?: boolean;
}
export interface BudgetRow extends Screen {
  js: number;
  jsBr: number;
  css: number;
  scripts: number;
  chunk: { name: string; size: number };
  admin: string[];
  jsBudget: number;
  /** What is over budget: 'JS', 'route chunk', 'CSS', 'back-office code'; empty when within. */
  over: string[];
}
export function readBuild(dist: string): Build;
export function assetOf(origin: string, requestUrl: string): string | undefined;
export function weigh<S extends Screen>(build: Build, screen: S, files: Iterable<string>): BudgetRow & S;
export function budgetReport(rows: BudgetRow[]): string;
