import { useSyncExternalStore } from 'react';
import type { Control, FieldName, FieldValues } from './store';

interface WatchOne<T extends FieldValues, N extends FieldName<T>> {
  control: Control<T>;
  name: N;
}
interface WatchMany<T extends FieldValues, N extends readonly FieldName<T>[]> {
  control: Control<T>;
  name: N;
}

/** A field's value (or several fields' values, in order), re-rendering only the caller when they change. */
export function useWatch<T extends FieldValues, N extends FieldName<T>>(props: WatchOne<T, N>): T[N];
export function useWatch<T extends FieldValues, const N extends readonly FieldName<T>[]>(
  props: WatchMany<T, N>,
): { [K in keyof N]: T[N[K] & keyof T] };
export function useWatch<T extends FieldValues>({
  control,
  name,
}: {
  control: Control<T>;
  name: FieldName<T> | readonly FieldName<T>[];
}): unknown {
  const names = typeof name === 'string' ? [name] : name;
  useSyncExternalStore(control.subscribe, () => control.stamp(names));
  return typeof name === 'string' ? control.get(name) : names.map((one) => control.get(one));
}
