import { ApiError } from './api-client';
import type { FieldName, FieldValues, SetError } from './form/store';

/**
 * Puts a failed call's per-field messages under the matching fields (red text, docs/product.md §5).
 * Only fields the form has are set, so no hidden error can keep the button dimmed.
 */
export function applyFieldErrors<T extends FieldValues>(error: unknown, setError: SetError<T>, fieldNames: readonly FieldName<T>[]): void {
  if (!(error instanceof ApiError)) return;
  for (const name of fieldNames) {
    const message = error.fields[name];
    if (message) setError(name, { type: 'server', message });
  }
}
