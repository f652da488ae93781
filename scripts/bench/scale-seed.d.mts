/** Types of scale-seed.mjs for the TypeScript test that shares it (apps/server/test/list-plans.test.ts). */
export function scaleSeedStatements(options: { rows: number; heavyUserId: string; staffId: string }): string[];
export const SEARCH_NEEDLES: { count: number; name: string; phone: string };
