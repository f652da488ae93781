import { useEffect } from 'react';
import type { z } from 'zod';
import type { DefaultValues, FieldName, FieldValues } from './form/store';
import { useForm } from './form/use-form';
import { zodFieldErrors } from './form/zod-errors';

/** A form's schema: the very one the endpoint uses (from @wise/shared), over the form's fields. */
export type FormSchema = z.ZodType<FieldValues, FieldValues>;

/**
 * How a form gets its schema: a function loading it (`() => import('…').then((m) => m.schema)`).
 * Schemas are zod, and zod is 25 KB gzip a screen would otherwise download before it could be
 * used (the JavaScript budgets, docs/PERFORMANCE.md); forms validate on submit only, so the schema can arrive later — it is
 * fetched at the first tap or key press on the page, and the first validation waits for it.
 */
export type SchemaLoader<S extends FormSchema> = () => Promise<S>;

/**
 * The back office, which has no budget, passes its schemas as they are. Either way zod is told
 * not to compile code (lib/zod-jitless.ts) before a schema module builds its schemas or a schema
 * parses anything.
 */
const loaderOf =
  <S extends FormSchema>(source: S | SchemaLoader<S>): SchemaLoader<S> =>
  () =>
    import('./zod-jitless').then(() => (typeof source === 'function' ? source() : source));

/**
 * Every form of the app: the shared zod schema validates on submit only, never while typing, and
 * a field's error goes away as soon as that field is edited (docs/product.md §4, §5). `field(name)` is
 * `register(name)` with that clearing; code and phone fields, which are controlled, clear
 * through their own `onEdit`/`onChange` with `clearErrors`. Customer forms pass a `SchemaLoader`;
 * the messages a customer sees are the schema's, exactly as before.
 */
export function useZodForm<S extends FormSchema>(source: S | SchemaLoader<S>, defaultValues: DefaultValues<z.input<S>>) {
  const load = loaderOf(source);
  // Validation on submit awaits the schema (the latest render's: some depend on the screen's data).
  const form = useForm<z.input<S>, z.output<S>>(defaultValues, async (values) => {
    const result = await (await load()).safeParseAsync(values);
    return result.success ? { values: result.data } : { errors: zodFieldErrors(result.error.issues) };
  });

  // Started at the customer's first tap or key press, not at mount: an autofocused field must not
  // pull zod in before the screen is even read. By then the submit is at least a moment away.
  useEffect(() => {
    const start = () => {
      // A failed prefetch (offline) is tried again by the validation, which reports its own error.
      load().catch(() => undefined);
      stop();
    };
    const stop = () => {
      document.removeEventListener('pointerdown', start, true);
      document.removeEventListener('keydown', start, true);
    };
    document.addEventListener('pointerdown', start, true);
    document.addEventListener('keydown', start, true);
    return stop;
    // The loader is the form's own and stays the same module for its lifetime.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);

  const field = <N extends FieldName<z.input<S>>>(name: N) => form.register(name, { onChange: () => form.clearErrors(name) });
  return { ...form, field };
}
