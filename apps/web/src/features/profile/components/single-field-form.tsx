import type { UseMutationResult } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import type { z } from 'zod';
import { singleFieldFormTexts } from '@wise/shared';
import { Button } from '#web/components/ui/button';
import { toastError } from '#web/components/ui/toast';
import { errorMessage } from '#web/lib/api-client';
import type { DefaultValues, FieldName, FieldValues, Registration } from '#web/lib/form/store';
import { applyFieldErrors } from '#web/lib/form-errors';
import { useTexts } from '#web/lib/i18n';
import { useZodForm, type SchemaLoader } from '#web/lib/use-zod-form';

interface SingleFieldFormProps<T extends FieldValues> {
  /** The shared schema, loaded at the first tap or key press (see useZodForm). */
  schema: SchemaLoader<z.ZodType<T, T>>;
  field: FieldName<T>;
  defaultValues: DefaultValues<T>;
  mutation: UseMutationResult<{ message: string }, unknown, T>;
  failure: string;
  /** Saved; `message` is the server's. */
  onUpdated: (message: string) => void;
  /** Draws the field, given its registration and current error. */
  children: (field: Registration<FieldName<T>> & { error?: string }) => ReactNode;
}

/**
 * A one-field profile form (gender, address, date of birth): the shared schema, validation on
 * submit only, errors cleared on edit, 'Submit' / 'Submitting...'.
 */
export function SingleFieldForm<T extends FieldValues>({
  schema,
  field,
  defaultValues,
  mutation,
  failure,
  onUpdated,
  children,
}: SingleFieldFormProps<T>) {
  const form = useZodForm(schema, defaultValues);
  const t = useTexts(singleFieldFormTexts);
  const submit = form.handleSubmit((input) =>
    mutation.mutate(input, {
      onSuccess: (result) => onUpdated(result.message),
      onError: (error) => {
        applyFieldErrors(error, form.setError, [field]);
        toastError(errorMessage(error, failure));
      },
    }),
  );
  const error = form.formState.errors[field]?.message;
  return (
    <form className="screen__form" onSubmit={submit} noValidate>
      {children({ ...form.field(field), error })}
      <div className="screen__actions">
        <Button type="submit" busy={mutation.isPending} busyLabel={t.submitting}>
          {t.submit}
        </Button>
      </div>
    </form>
  );
}
