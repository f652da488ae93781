/*
 * One form's state outside React: values (read and written without a render, as a customer types),
 * errors and dirtiness (which re-render the form), and the fields' elements, in the order they
 * were first registered: the order in which a failed submit looks for a field to focus.
 * useForm, Controller and useWatch read it through useSyncExternalStore.
 */

/** A form's values: a flat object, one key a field. */
export type FieldValues = Record<string, unknown>;
export type FieldName<T> = keyof T & string;
/** Fields left out are undefined until their element is read (a select's placeholder gives ''). */
export type DefaultValues<T> = Partial<T>;

export interface FieldError {
  /** The zod issue's code, or what a caller chose ('server'). */
  type: string;
  message: string;
}
/** An error under a field, or about the whole form ('root', e.g. a failed save). */
export type ErrorName<T> = FieldName<T> | 'root';
export type FieldErrors<T> = Partial<Record<ErrorName<T>, FieldError>>;
export type SetError<T> = (name: ErrorName<T>, error: FieldError) => void;

export type FieldElement = HTMLInputElement | HTMLSelectElement | HTMLTextAreaElement;
/** What can take the focus: an element, or a component's handle (the code boxes). */
export interface Focusable {
  focus: () => void;
}
/** Attaches a field's element; React runs the returned cleanup when it goes. */
export type FieldRef<E> = (element: E | null) => (() => void) | undefined;

export interface RegisterOptions {
  /** Runs after the value is stored, e.g. to clear the field's error. */
  onChange?: (event: { target: FieldElement }) => void;
  /** A number input's value as a number (NaN when empty). */
  valueAsNumber?: boolean;
}

/** What `register(name)` gives an input, a select or a textarea to spread. */
export interface Registration<N extends string = string> {
  name: N;
  onChange: (event: { target: FieldElement }) => void;
  ref: FieldRef<FieldElement>;
}

/** A form's store, as Controller and useWatch take it. */
export interface Control<T extends FieldValues> {
  /** A copy of every value. */
  values: () => T;
  get: <N extends FieldName<T>>(name: N) => T[N];
  setValue: <N extends FieldName<T>>(name: N, value: T[N]) => void;
  /** Notifies on any change; subscribers compare their own snapshot. */
  subscribe: (listener: () => void) => () => void;
  /** Changes whenever one of these fields' values does. */
  stamp: (names: readonly string[]) => string;
  /** Takes a controlled field's focus target; `name` joins the focus order if new. */
  focusRef: (name: string) => FieldRef<Focusable>;
}

export interface FormStore<T extends FieldValues> extends Control<T> {
  /** The form's own re-render: errors, dirtiness or a watched value changed. */
  revision: () => number;
  formState: { readonly errors: FieldErrors<T>; readonly isDirty: boolean };
  register: <N extends FieldName<T>>(name: N, options?: RegisterOptions) => Registration<N>;
  getValues: <N extends FieldName<T>>(name: N) => T[N];
  /** The value now, and a re-render of the form whenever it changes. */
  watch: <N extends FieldName<T>>(name: N) => T[N];
  setError: SetError<T>;
  setErrors: (errors: FieldErrors<T>) => void;
  /** These fields' errors, or all of them. */
  clearErrors: (names?: ErrorName<T> | readonly ErrorName<T>[]) => void;
  getFieldState: (name: ErrorName<T>) => { error?: FieldError };
  /** New values that are also the new defaults: no errors, not dirty. */
  reset: (values: DefaultValues<T>) => void;
  setFocus: (name: FieldName<T>) => void;
  /** Focuses the first invalid field that can take the focus, in registration order. */
  focusError: () => void;
}

const checkable = (element: FieldElement): element is HTMLInputElement => element.type === 'checkbox' || element.type === 'radio';

/** What a form's store holds; the element registry and the store's methods share it. */
interface StoreState<T extends FieldValues> {
  defaults: T;
  values: T;
  errors: FieldErrors<T>;
  isDirty: boolean;
  revision: number;
  resets: number;
  /** Per field, how many times its value changed (useWatch's snapshot). */
  stamps: Map<string, number>;
  listeners: Set<() => void>;
  /** Fields whose changes re-render the form itself (`watch`). */
  watched: Set<string>;
}

/**
 * The fields' elements and focus targets: what `register` and `focusRef` attach, how a value is
 * read from and written to an element, and the registration order a failed submit focuses in.
 * `assign` stores a value the store's way (stamps, dirtiness, listeners).
 */
function fieldRegistry<T extends FieldValues>(state: StoreState<T>, assign: (name: string, value: unknown, fromElement?: boolean) => void) {
  const order = new Set<string>();
  const elements = new Map<string, FieldElement[]>();
  const targets = new Map<string, Focusable>();
  const options = new Map<string, RegisterOptions>();
  const bindings = new Map<string, Omit<Registration, 'name'>>();
  const focusRefs = new Map<string, FieldRef<Focusable>>();

  /** A checkbox is a boolean; a radio group, its checked radio's value. */
  const read = (element: FieldElement, name: string): unknown => {
    if (checkable(element)) return element.type === 'radio' ? (element.checked ? element.value : state.values[name]) : element.checked;
    return options.get(name)?.valueAsNumber ? (element.value === '' ? NaN : Number(element.value)) : element.value;
  };
  const write = (element: FieldElement, value: unknown) => {
    if (checkable(element)) element.checked = element.type === 'radio' ? element.value === value : Boolean(value);
    else element.value = value == null ? '' : String(value);
  };
  const attach = (name: string, element: FieldElement) => {
    const current = elements.get(name) ?? [];
    if (!current.includes(element)) {
      elements.set(name, [...current, element]);
      // A field without a value takes its element's (a select's placeholder: ''); otherwise the element shows the value.
      if (state.values[name] === undefined) state.values = { ...state.values, [name]: read(element, name) };
      else write(element, state.values[name]);
    }
    return () =>
      elements.set(
        name,
        (elements.get(name) ?? []).filter((other) => other !== element),
      );
  };
  const binding = (name: string) => {
    let bound = bindings.get(name);
    if (!bound) {
      bound = {
        onChange: (event) => {
          assign(name, read(event.target, name), true);
          options.get(name)?.onChange?.(event);
        },
        ref: (element) => (element ? attach(name, element) : undefined),
      };
      bindings.set(name, bound);
    }
    return bound;
  };
  const focusable = (name: string): Focusable | undefined => targets.get(name) ?? elements.get(name)?.find((element) => !element.disabled);

  return {
    /** Shows `value` in every element of the field. */
    show: (name: string, value: unknown) => {
      for (const element of elements.get(name) ?? []) write(element, value);
    },
    /** Shows every field's value in its elements (after a reset). */
    showAll: () => {
      for (const [name, list] of elements) for (const element of list) write(element, state.values[name]);
    },
    register: <N extends string>(name: N, registerOptions: RegisterOptions = {}): Registration<N> => {
      order.add(name);
      options.set(name, registerOptions);
      return { name, ...binding(name) };
    },
    focusRef: (name: string): FieldRef<Focusable> => {
      order.add(name);
      let ref = focusRefs.get(name);
      if (!ref) {
        ref = (target) => {
          if (!target) return undefined;
          targets.set(name, target);
          return () => {
            if (targets.get(name) === target) targets.delete(name);
          };
        };
        focusRefs.set(name, ref);
      }
      return ref;
    },
    focusable,
    /** The first field in registration order that `isInvalid` and can take the focus. */
    firstFocusable: (isInvalid: (name: string) => boolean): Focusable | undefined => {
      for (const name of order) {
        const target = isInvalid(name) ? focusable(name) : undefined;
        if (target) return target;
      }
      return undefined;
    },
  };
}

export function createFormStore<T extends FieldValues>(defaultValues: DefaultValues<T>): FormStore<T> {
  // Partial until the missing fields' elements are read, as react-hook-form's values are.
  const defaults = { ...defaultValues } as T;
  const state: StoreState<T> = {
    defaults,
    values: { ...defaults },
    errors: {},
    isDirty: false,
    revision: 0,
    resets: 0,
    stamps: new Map(),
    listeners: new Set(),
    watched: new Set(),
  };
  const emit = () => state.listeners.forEach((listener) => listener());
  const rerender = () => {
    state.revision += 1;
    emit();
  };
  /** Stores a value; `fromElement` when an element already shows it. */
  const assign = (name: string, value: unknown, fromElement?: boolean) => {
    state.values = { ...state.values, [name]: value };
    if (!fromElement) fields.show(name, value);
    state.stamps.set(name, (state.stamps.get(name) ?? 0) + 1);
    const { values, defaults: current } = state;
    const dirty = Object.keys({ ...current, ...values }).some((key) => !Object.is(values[key], current[key]));
    if (dirty !== state.isDirty || state.watched.has(name)) {
      state.isDirty = dirty;
      state.revision += 1;
    }
    emit();
  };
  const fields = fieldRegistry(state, assign);
  const setErrors = (next: FieldErrors<T>) => {
    state.errors = next;
    rerender();
  };
  const get = <N extends FieldName<T>>(name: N): T[N] => state.values[name];
  return {
    get,
    getValues: get,
    watch: (name) => {
      state.watched.add(name);
      return state.values[name];
    },
    values: () => ({ ...state.values }),
    setValue: (name, value) => assign(name, value),
    subscribe: (listener) => {
      state.listeners.add(listener);
      return () => state.listeners.delete(listener);
    },
    stamp: (names) => [state.resets, ...names.map((name) => state.stamps.get(name) ?? 0)].join(),
    revision: () => state.revision,
    formState: {
      get errors() {
        return state.errors;
      },
      get isDirty() {
        return state.isDirty;
      },
    },
    register: (name, registerOptions) => fields.register(name, registerOptions),
    focusRef: (name) => fields.focusRef(name),
    setError: (name, error) => setErrors({ ...state.errors, [name]: error }),
    setErrors,
    clearErrors: (names) => {
      const cleared = names === undefined ? Object.keys(state.errors) : typeof names === 'string' ? [names] : names;
      if (!cleared.some((name) => name in state.errors)) return;
      const next = { ...state.errors };
      for (const name of cleared) delete next[name as ErrorName<T>];
      setErrors(next);
    },
    getFieldState: (name) => ({ error: state.errors[name] }),
    reset: (next) => {
      state.defaults = { ...next } as T;
      state.values = { ...state.defaults };
      state.errors = {};
      state.isDirty = false;
      state.resets += 1;
      fields.showAll();
      rerender();
    },
    setFocus: (name) => {
      // After the render under way, as react-hook-form does (e.g. once a cleared code is drawn).
      setTimeout(() => fields.focusable(name)?.focus());
    },
    focusError: () => fields.firstFocusable((name) => name in state.errors)?.focus(),
  };
}
