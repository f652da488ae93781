// The type-aware lint's canary: two mistakes and a type error `npm run lint` (scripts/lint.mjs) must
// report here, or it fails. The tree's own lint ignores this folder.

async function save(): Promise<void> {
  await Promise.resolve();
}

/** A promise nobody awaits or catches: its rejection would be lost. */
export function forgetsThePromise(): void {
  save();
}

/** An async callback where a plain one is expected: the caller never sees its rejection. */
export function handsOverAnAsyncCallback(target: EventTarget): void {
  target.addEventListener('click', async () => {
    await save();
  });
}

/** A string where a number is declared: the type-check's canary (its own tsconfig keeps it out of `npm run typecheck`). */
export const typeCanary: number = 'not a number';
