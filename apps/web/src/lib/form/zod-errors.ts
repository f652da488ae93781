import type { z } from 'zod';
import type { FieldError, FieldErrors } from './store';

/**
 * A failed parse's issues as errors by field, the way @hookform/resolvers' zod resolver gave them:
 * the first issue of each path wins, a nested path is joined with '.', and a union that matched no
 * option reports the issue of the option that came closest (fewest issues), whose own issues are
 * then read as well.
 */
export function zodFieldErrors<T>(issues: readonly z.core.$ZodIssue[]): FieldErrors<T> {
  // No prototype: a field named like an Object member (`constructor`) must not look taken.
  const errors: Record<string, FieldError> = Object.create(null);
  const queue = [...issues];
  for (let issue = queue.shift(); issue; issue = queue.shift()) {
    const path = issue.path.map(String).join('.');
    if (issue.code === 'invalid_union') {
      const { path: unionPath, errors: branches } = issue;
      const closest = branches.reduce<z.core.$ZodIssue[] | undefined>(
        (best, branch) => (best && best.length <= branch.length ? best : branch),
        undefined,
      )?.[0];
      errors[path] ??= { type: closest?.code ?? issue.code, message: closest?.message ?? issue.message };
      for (const branch of branches) for (const inner of branch) queue.push({ ...inner, path: [...unionPath, ...inner.path] });
    } else {
      errors[path] ??= { type: issue.code, message: issue.message };
    }
  }
  // The paths are the schema's, whose input is the form's values.
  return errors as FieldErrors<T>;
}
