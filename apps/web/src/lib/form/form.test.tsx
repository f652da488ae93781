import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { z } from 'zod';
import { useZodForm, type SchemaLoader } from '../use-zod-form';
import { Controller } from './controller';
import { useWatch } from './use-watch';
import { zodFieldErrors } from './zod-errors';

const profileSchema = z.object({
  name: z.string().trim().min(1, 'Enter your name'),
  code: z.string().regex(/^\d{4}$/, 'Four digits'),
  email: z.string().email('Enter an e-mail address'),
  age: z.string().min(1, 'Enter your age').transform(Number),
});
type ProfileOutput = z.output<typeof profileSchema>;

/** A code "input" that is not a native one, as the code boxes are: focused through a handle. */
function CodeBoxes({
  value,
  onChange,
  handle,
}: {
  value: string;
  onChange: (value: string) => void;
  handle: (target: { focus: () => void } | null) => void;
}) {
  return (
    <input
      aria-label="Code"
      ref={(element) => handle(element && { focus: () => element.focus() })}
      value={value}
      onChange={(event) => onChange(event.target.value)}
    />
  );
}

function ProfileForm({
  onValid,
  source = profileSchema,
}: {
  onValid: (values: ProfileOutput) => void;
  source?: typeof profileSchema | SchemaLoader<typeof profileSchema>;
}) {
  const form = useZodForm(source, { name: '', code: '', email: '', age: '' });
  const { errors } = form.formState;
  return (
    <form onSubmit={form.handleSubmit(onValid)} noValidate>
      <input aria-label="Name" {...form.field('name')} />
      {errors.name ? <p role="alert">{errors.name.message}</p> : null}
      <Controller
        control={form.control}
        name="code"
        render={({ field }) => (
          <CodeBoxes
            value={field.value}
            handle={field.ref}
            onChange={(value) => {
              field.onChange(value);
              form.clearErrors('code');
            }}
          />
        )}
      />
      {errors.code ? <p role="alert">{errors.code.message}</p> : null}
      <input aria-label="E-mail" {...form.field('email')} />
      {errors.email ? <p role="alert">{errors.email.message}</p> : null}
      <input aria-label="Age" {...form.field('age')} />
      {errors.age ? <p role="alert">{errors.age.message}</p> : null}
      <button type="submit">Save</button>
    </form>
  );
}

const alerts = () => screen.queryAllByRole('alert').map((alert) => alert.textContent);

describe('useZodForm (lib/form)', () => {
  it('validates on submit only, then passes the parsed values', async () => {
    const user = userEvent.setup();
    const onValid = vi.fn();
    render(<ProfileForm onValid={onValid} />);

    await user.type(screen.getByLabelText('E-mail'), 'not an address');
    await user.tab();
    expect(alerts()).toEqual([]);

    await user.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(alerts()).toEqual(['Enter your name', 'Four digits', 'Enter an e-mail address', 'Enter your age']));
    expect(onValid).not.toHaveBeenCalled();

    await user.type(screen.getByLabelText('Name'), '  Ada  ');
    await user.type(screen.getByLabelText('Code'), '1234');
    await user.clear(screen.getByLabelText('E-mail'));
    await user.type(screen.getByLabelText('E-mail'), 'ada@example.com');
    await user.type(screen.getByLabelText('Age'), '30');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(onValid).toHaveBeenCalledWith({ name: 'Ada', code: '1234', email: 'ada@example.com', age: 30 }));
    expect(alerts()).toEqual([]);
  });

  it("clears a field's error as soon as that field is edited, and only that one", async () => {
    const user = userEvent.setup();
    render(<ProfileForm onValid={vi.fn()} />);
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(alerts()).toHaveLength(4));

    await user.type(screen.getByLabelText('E-mail'), 'a');
    expect(alerts()).toEqual(['Enter your name', 'Four digits', 'Enter your age']);
    await user.type(screen.getByLabelText('Code'), '1');
    expect(alerts()).toEqual(['Enter your name', 'Enter your age']);
  });

  it('focuses the first invalid field in registration order, a controlled one through its handle', async () => {
    const user = userEvent.setup();
    render(<ProfileForm onValid={vi.fn()} />);
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(document.activeElement).toBe(screen.getByLabelText('Name')));

    await user.type(screen.getByLabelText('Name'), 'Ada');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    // A Controller registers as it renders, after the fields its parent registered while rendering:
    // the e-mail and age fields come before the code, as with react-hook-form.
    await waitFor(() => expect(document.activeElement).toBe(screen.getByLabelText('E-mail')));

    await user.type(screen.getByLabelText('E-mail'), 'ada@example.com');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(document.activeElement).toBe(screen.getByLabelText('Age')));

    await user.type(screen.getByLabelText('Age'), '30');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(document.activeElement).toBe(screen.getByLabelText('Code')));
  });

  it('loads a lazy schema at the first tap or key press, and the submit waits for it', async () => {
    const user = userEvent.setup();
    const loader = vi.fn(() => Promise.resolve(profileSchema));
    render(<ProfileForm onValid={vi.fn()} source={loader} />);
    expect(loader).not.toHaveBeenCalled();
    await user.type(screen.getByLabelText('Name'), 'A');
    await waitFor(() => expect(loader).toHaveBeenCalled());
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(alerts()).toEqual(['Four digits', 'Enter an e-mail address', 'Enter your age']));
  });
});

const bandSchema = z.object({
  label: z.string().min(1, 'Required'),
  position: z.number({ error: 'A number' }).int().min(0, 'Not below 0'),
  enabled: z.boolean(),
  audience: z.enum(['all', 'one']),
  network: z.enum(['mtn', 'glo'], { error: 'Choose a network' }),
});
type BandInput = z.input<typeof bandSchema>;

function BandForm({ onValid, initial }: { onValid: (values: z.output<typeof bandSchema>) => void; initial: Partial<BandInput> }) {
  const form = useZodForm(bandSchema, initial);
  const [label, audience] = useWatch({ control: form.control, name: ['label', 'audience'] });
  const [serverFailed, setServerFailed] = useState(false);
  const { errors, isDirty } = form.formState;
  return (
    <form
      noValidate
      onSubmit={form.handleSubmit((values) => {
        onValid(values);
        if (values.label === 'taken') {
          form.setError('label', { type: 'server', message: 'Label taken' });
          form.setError('root', { type: 'server', message: 'Could not save' });
          setServerFailed(form.getFieldState('label').error?.message === 'Label taken');
        }
      })}
    >
      <input aria-label="Label" {...form.field('label')} />
      <input
        aria-label="Position"
        type="number"
        {...form.register('position', { valueAsNumber: true, onChange: () => form.clearErrors('position') })}
      />
      <label>
        <input type="checkbox" {...form.field('enabled')} /> Enabled
      </label>
      <label>
        <input type="radio" value="all" {...form.field('audience')} /> All
      </label>
      <label>
        <input type="radio" value="one" {...form.field('audience')} /> One
      </label>
      <select aria-label="Network" defaultValue="" {...form.field('network')}>
        <option value="" disabled>
          Choose
        </option>
        <option value="mtn">MTN</option>
        <option value="glo">Glo</option>
      </select>
      <p data-testid="watched">{`${label}|${audience}|${isDirty ? 'dirty' : 'clean'}|${serverFailed ? 'read back' : ''}`}</p>
      {Object.entries(errors).map(([name, error]) => (
        <p key={name} role="alert">
          {`${name}: ${error?.message}`}
        </p>
      ))}
      <button type="button" onClick={() => form.setValue('label', 'Set')}>
        Set label
      </button>
      <button type="button" onClick={() => form.reset({ label: 'Reset', position: 1, enabled: false, audience: 'one', network: 'glo' })}>
        Reset
      </button>
      <button type="button" onClick={() => form.clearErrors()}>
        Clear errors
      </button>
      <button type="submit">Save</button>
    </form>
  );
}

const band = { label: 'USA', position: 0, enabled: true, audience: 'all' } as const;

describe('registration of checkboxes, radios, numbers and selects; watching, setting and resetting', () => {
  it('reads each kind of input as the schema expects it', async () => {
    const user = userEvent.setup();
    const onValid = vi.fn();
    render(<BandForm onValid={onValid} initial={band} />);
    expect(screen.getByLabelText('Enabled')).toHaveProperty('checked', true);
    expect(screen.getByLabelText('All')).toHaveProperty('checked', true);
    expect(screen.getByLabelText('Position')).toHaveProperty('value', '0');

    // The select had no value: its placeholder's '' is read, and the schema says so.
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(alerts()).toEqual(['network: Choose a network']));

    await user.click(screen.getByLabelText('Enabled'));
    await user.click(screen.getByLabelText('One'));
    await user.clear(screen.getByLabelText('Position'));
    await user.type(screen.getByLabelText('Position'), '7');
    await user.selectOptions(screen.getByLabelText('Network'), 'glo');
    expect(alerts()).toEqual([]);
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() =>
      expect(onValid).toHaveBeenCalledWith({ label: 'USA', position: 7, enabled: false, audience: 'one', network: 'glo' }),
    );

    // An emptied number input is NaN, which the schema refuses.
    await user.clear(screen.getByLabelText('Position'));
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(alerts()).toEqual(['position: A number']));
  });

  it('re-renders watchers and the dirty flag on edits, setValue and reset, and writes set values into the inputs', async () => {
    const user = userEvent.setup();
    render(<BandForm onValid={vi.fn()} initial={{ ...band, network: 'mtn' }} />);
    const watched = screen.getByTestId('watched');
    expect(watched.textContent).toBe('USA|all|clean|');

    await user.type(screen.getByLabelText('Label'), 'A');
    expect(watched.textContent).toBe('USAA|all|dirty|');
    await user.type(screen.getByLabelText('Label'), '{Backspace}');
    expect(watched.textContent).toBe('USA|all|clean|');

    await user.click(screen.getByLabelText('One'));
    expect(watched.textContent).toBe('USA|one|dirty|');

    await user.click(screen.getByRole('button', { name: 'Set label' }));
    expect(screen.getByLabelText('Label')).toHaveProperty('value', 'Set');
    expect(watched.textContent).toBe('Set|one|dirty|');

    await user.click(screen.getByRole('button', { name: 'Reset' }));
    expect(watched.textContent).toBe('Reset|one|clean|');
    expect(screen.getByLabelText('Label')).toHaveProperty('value', 'Reset');
    expect(screen.getByLabelText('Position')).toHaveProperty('value', '1');
    expect(screen.getByLabelText('Enabled')).toHaveProperty('checked', false);
    expect(screen.getByLabelText('One')).toHaveProperty('checked', true);
    expect(screen.getByLabelText('Network')).toHaveProperty('value', 'glo');
  });

  it('sets errors from outside (a server refusal, the whole form), reads them back at once, and clears them', async () => {
    const user = userEvent.setup();
    render(<BandForm onValid={vi.fn()} initial={{ ...band, label: 'taken', network: 'mtn' }} />);
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(alerts()).toEqual(['label: Label taken', 'root: Could not save']));
    expect(screen.getByTestId('watched').textContent).toBe('taken|all|clean|read back');

    await user.click(screen.getByRole('button', { name: 'Clear errors' }));
    expect(alerts()).toEqual([]);

    // A submit replaces every error with the schema's verdict (none here but the server's again).
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(alerts()).toEqual(['label: Label taken', 'root: Could not save']));
    await user.type(screen.getByLabelText('Label'), 'x');
    expect(alerts()).toEqual(['root: Could not save']);
  });
});

describe('Controller', () => {
  function PinForm() {
    const form = useZodForm(z.object({ pin: z.string() }), { pin: '12' });
    return (
      <>
        <Controller
          control={form.control}
          name="pin"
          render={({ field }) => <input aria-label="PIN" value={field.value} onChange={(event) => field.onChange(event.target.value)} />}
        />
        <button type="button" onClick={() => form.setValue('pin', '')}>
          Clear PIN
        </button>
      </>
    );
  }

  it('shows the value, stores edits and follows setValue', async () => {
    const user = userEvent.setup();
    render(<PinForm />);
    const pin = screen.getByLabelText('PIN');
    expect(pin).toHaveProperty('value', '12');
    await user.type(pin, '34');
    expect(pin).toHaveProperty('value', '1234');
    await user.click(screen.getByRole('button', { name: 'Clear PIN' }));
    expect(pin).toHaveProperty('value', '');
  });
});

describe('zodFieldErrors', () => {
  const issuesOf = (schema: z.ZodType, value: unknown) => {
    const result = schema.safeParse(value);
    if (result.success) throw new Error('expected a failure');
    return result.error.issues;
  };

  it('keeps the first issue of each path and joins nested paths with dots', () => {
    const schema = z.object({
      password: z.string().min(8, 'Too short').regex(/\d/, 'Needs a digit'),
      address: z.object({ city: z.string().min(1, 'Enter a city') }),
    });
    expect(zodFieldErrors(issuesOf(schema, { password: 'abc', address: { city: '' } }))).toEqual({
      password: { type: 'too_small', message: 'Too short' },
      'address.city': { type: 'too_small', message: 'Enter a city' },
    });
  });

  it("reports a union that matched no option by its closest option's first issue, then that option's issues", () => {
    const schema = z.object({
      contact: z.union([
        z.object({ email: z.string({ error: 'Need an e-mail' }), name: z.string({ error: 'Need a name' }) }),
        z.object({ phone: z.string({ error: 'Need a phone' }) }),
      ]),
    });
    expect(zodFieldErrors(issuesOf(schema, { contact: {} }))).toEqual({
      contact: { type: 'invalid_type', message: 'Need a phone' },
      'contact.email': { type: 'invalid_type', message: 'Need an e-mail' },
      'contact.name': { type: 'invalid_type', message: 'Need a name' },
      'contact.phone': { type: 'invalid_type', message: 'Need a phone' },
    });
  });

  it('puts an issue about the whole value under the empty path', () => {
    const schema = z.object({ a: z.string(), b: z.string() }).refine((value) => value.a === value.b, 'Must match');
    expect(zodFieldErrors(issuesOf(schema, { a: 'x', b: 'y' }))).toEqual({ '': { type: 'custom', message: 'Must match' } });
  });
});
