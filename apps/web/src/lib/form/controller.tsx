import type { ReactNode } from 'react';
import type { Control, FieldName, FieldRef, FieldValues, Focusable } from './store';
import { useWatch } from './use-watch';

/** What a controlled input receives: the value, how to change it, and where the focus goes. */
export interface ControllerField<V, N extends string> {
  name: N;
  value: V;
  onChange: (value: V) => void;
  /** A failed submit (or setFocus) focuses what this is given. */
  ref: FieldRef<Focusable>;
}

interface ControllerProps<T extends FieldValues, N extends FieldName<T>> {
  control: Control<T>;
  name: N;
  render: (props: { field: ControllerField<T[N], N> }) => ReactNode;
}

/** A field drawn by a component that is not a native input (the code boxes, the phone field). */
export function Controller<T extends FieldValues, N extends FieldName<T>>({ control, name, render }: ControllerProps<T, N>) {
  const value = useWatch({ control, name });
  return render({ field: { name, value, onChange: (next) => control.setValue(name, next), ref: control.focusRef(name) } });
}
