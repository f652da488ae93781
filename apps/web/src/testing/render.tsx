import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider, type RouteObject } from 'react-router';
import { vi } from 'vitest';
import { ToastHost } from '../components/ui/toast';

interface RenderRoutesOptions {
  path?: string;
  state?: unknown;
  /** Pass false with fake timers. */
  userEvents?: boolean;
}

/** Renders screens with the app's real providers in a memory router (STYLE.md "testing/"). */
export function renderRoutes(routes: RouteObject[], { path = '/', state }: RenderRoutesOptions = {}) {
  const router = createMemoryRouter(routes, { initialEntries: [{ pathname: path, state }] });
  const queryClient = new QueryClient({
    defaultOptions: { queries: { retry: false }, mutations: { retry: false } },
  });
  const user = userEvent.setup();
  const view = render(
    <QueryClientProvider client={queryClient}>
      <RouterProvider router={router} />
      <ToastHost />
    </QueryClientProvider>,
  );
  return { ...view, router, user };
}

interface FakeResponse {
  status: number;
  body: unknown;
}

/** Stubs fetch with one answer per call, in order; returns the mock to inspect the requests. */
export function stubFetch(...answers: FakeResponse[]) {
  const queue = [...answers];
  const mock = vi.fn(async (_input: RequestInfo | URL, _init?: RequestInit) => {
    const next = queue.shift();
    if (!next) throw new Error('Unexpected fetch');
    return new Response(JSON.stringify(next.body), {
      status: next.status,
      headers: { 'content-type': 'application/json' },
    });
  });
  vi.stubGlobal('fetch', mock);
  return mock;
}

/** The JSON body of the n-th stubbed request. */
export function requestBody(mock: ReturnType<typeof stubFetch>, call = 0): unknown {
  const init = mock.mock.calls[call]?.[1];
  return typeof init?.body === 'string' ? JSON.parse(init.body) : undefined;
}
