import { act, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';

afterEach(() => {
  vi.doUnmock('react-toastify');
  vi.resetModules();
});

describe('toasts when their library cannot load', () => {
  it("still shows the server's words, as an alert drawn without the library", async () => {
    vi.resetModules();
    vi.doMock('react-toastify', () =>
      Promise.reject(new TypeError('Failed to fetch dynamically imported module: /assets/react-toastify.js')),
    );
    const { ToastHost, toastError } = await import('./toast');
    render(<ToastHost />);
    act(() => toastError('Incorrect PIN. 4 tries left.'));
    expect((await screen.findByRole('alert')).textContent).toBe('Incorrect PIN. 4 tries left.');
  });
});
