import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { stubFetch } from '#web/testing/render';
import { BroadcastForm } from './broadcast-form';

/** The broadcast form: the preview follows the message and the audience, and the confirmation repeats both. */

function renderForm() {
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false }, mutations: { retry: false } } });
  render(
    <QueryClientProvider client={queryClient}>
      <BroadcastForm />
    </QueryClientProvider>,
  );
  return userEvent.setup();
}

describe('the broadcast form', () => {
  it('previews the message for all customers and repeats it in the confirmation', async () => {
    // The customer search is never answered here: the test stays with all customers.
    stubFetch();
    const user = renderForm();
    const preview = screen.getByLabelText('How customers will see it');
    expect(within(preview).getByText('Your message shows here.')).toBeTruthy();
    expect(within(preview).getByText('To: all customers')).toBeTruthy();

    await user.type(screen.getByLabelText('Message'), 'Payouts are slower today');
    expect(within(preview).getByText('Payouts are slower today')).toBeTruthy();

    await user.click(screen.getByRole('radio', { name: /One customer/ }));
    expect(within(preview).getByText('To: choose a customer')).toBeTruthy();
    await user.click(screen.getByRole('radio', { name: /All customers/ }));

    await user.click(screen.getByRole('button', { name: 'Review and send' }));
    const dialog = await screen.findByRole('dialog', { name: 'Send to all customers?' });
    const summary = dialog.querySelector('dl.biz-summary');
    expect(summary?.textContent).toBe('ToAll customersMessagePayouts are slower today');
  });
});
