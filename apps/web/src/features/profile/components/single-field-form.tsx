import type { UseMutationResult } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import type { DefaultValues, FieldValues, Path, UseFormRegisterReturn } from 'react-hook-form';
import type { z } from 'zod';
import { Button } from '../../../components/ui/button';
import { toastError } from '../../../components/ui/toast';
import { errorMessage } from '../../../lib/api-client';
import { applyFieldErrors } from '../../../lib/form-errors';
import { useZodForm } from '../../../lib/use-zod-form';

interface SingleFieldFormProps<T extends FieldValues> {
  schema: z.ZodType<T, T>;
  field: Path<T>;
  defaultValues: DefaultValues<T>;
  mutation: UseMutationResult<{ message: string }, unknown, T>;
  failure: string;
  /** Saved; `message` is the server's. */
  onUpdated: (message: string) => void;
  /** Draws the field, given its registration and current error. */
  children: (field: UseFormRegisterReturn<Path<T>> & { error?: string }) => ReactNode;
}

/**
 * A one-field profile form (gender, address, date of birth): the shared schema, validation on
 * submit only, errors cleared on edit, 'Submit' / 'Submitting...'.
 */
export function SingleFieldForm<T extends FieldValues>({ schema, field, defaultValues, mutation, failure, onUpdated, children }: SingleFieldFormProps<T>) {
  const form = useZodForm(schema, defaultValues);
  const submit = form.handleSubmit((input) =>
    mutation.mutate(input, {
      onSuccess: (result) => onUpdated(result.message),
      onError: (error) => {
        applyFieldErrors(error, form.setError, [field]);
        toastError(errorMessage(error, failure));
      },
    }),
  );
  const error = form.getFieldState(field, form.formState).error?.message;
  return (
    <form className="screen__form" onSubmit={submit} noValidate>
      {children({ ...form.field(field), error })}
      <div className="screen__actions">
        <Button type="submit" busy={mutation.isPending} busyLabel="Submitting...">
          Submit
        </Button>
      </div>
    </form>
  );
}
