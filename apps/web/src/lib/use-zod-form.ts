import { zodResolver } from '@hookform/resolvers/zod';
import { useForm, type DefaultValues, type FieldValues, type Path } from 'react-hook-form';
import type { z } from 'zod';

/** A form's schema: the very one the endpoint uses (from @wise/shared), over the form's fields. */
export type FormSchema = z.ZodType<FieldValues, FieldValues>;

/**
 * Every form of the app: the shared zod schema validates on submit only, never while typing, and
 * a field's error goes away as soon as that field is edited (SPEC §4, §5). `field(name)` is
 * `register(name)` with that clearing; code and phone fields, which are controlled, clear
 * through their own `onEdit`/`onChange` with `clearErrors`.
 */
export function useZodForm<S extends FormSchema>(schema: S, defaultValues: DefaultValues<z.input<S>>) {
  const form = useForm<z.input<S>, unknown, z.output<S>>({
    resolver: zodResolver(schema),
    mode: 'onSubmit',
    reValidateMode: 'onSubmit',
    defaultValues,
  });
  const field = (name: Path<z.input<S>>) => form.register(name, { onChange: () => form.clearErrors(name) });
  return { ...form, field };
}
