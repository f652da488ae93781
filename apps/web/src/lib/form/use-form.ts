import { useState, useSyncExternalStore } from 'react';
import { createFormStore, type DefaultValues, type FieldErrors, type FieldValues, type FormStore } from './store';

/** A submit's verdict on the values: the parsed values to submit, or the errors to show. */
export type Resolution<TIn, TOut> = { values: TOut } | { errors: FieldErrors<TIn> };
export type Resolver<TIn, TOut> = (values: TIn) => Promise<Resolution<TIn, TOut>>;

type FormMethods =
  'formState' | 'register' | 'getValues' | 'watch' | 'setValue' | 'setError' | 'clearErrors' | 'getFieldState' | 'reset' | 'setFocus';

export interface UseFormReturn<TIn extends FieldValues, TOut> extends Pick<FormStore<TIn>, FormMethods> {
  control: FormStore<TIn>;
  /**
   * The form's submit handler: validates (only now, never while typing), then hands the parsed
   * values to `onValid`, or shows the errors, calls `onInvalid` and focuses the first invalid field.
   */
  /**
   * A form's submit handler: validates, then runs `onValid` or `onInvalid`. It returns nothing, as
   * an event handler should; a failure inside either is reported as an uncaught error, never a
   * promise nobody holds.
   */
  handleSubmit: (
    onValid: (values: TOut) => unknown,
    onInvalid?: (errors: FieldErrors<TIn>) => unknown,
  ) => (event?: { preventDefault: () => void }) => void;
}

/**
 * A small form hook with react-hook-form's surface, as far as our forms use it: fields are
 * uncontrolled (a keystroke stores the value without rendering the form), the form re-renders when
 * its errors or dirtiness change or a field it watches does, and `resolve` (the latest render's)
 * validates on submit.
 */
export function useForm<TIn extends FieldValues, TOut>(
  defaultValues: DefaultValues<TIn>,
  resolve: Resolver<TIn, TOut>,
): UseFormReturn<TIn, TOut> {
  const [store] = useState(() => createFormStore(defaultValues));
  useSyncExternalStore(store.subscribe, store.revision);
  return {
    ...store,
    control: store,
    handleSubmit: (onValid, onInvalid) => (event) => {
      event?.preventDefault();
      const submit = async () => {
        const result = await resolve(store.values());
        if ('errors' in result) {
          store.setErrors(result.errors);
          await onInvalid?.(result.errors);
          store.focusError();
          // Again once the errors are drawn, as react-hook-form does.
          setTimeout(store.focusError);
        } else {
          store.setErrors({});
          await onValid(result.values);
        }
      };
      submit().catch((error: unknown) => {
        // Thrown where the browser reports uncaught errors (and tests fail on them).
        setTimeout(() => {
          throw error;
        });
      });
    },
  };
}
