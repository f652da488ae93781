import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider, type RouteObject } from 'react-router';
import { vi } from 'vitest';
import { ToastHost } from '../components/ui/toast';
import { appInfoQueryOptions } from '../features/app-info/api/get-app-info';
import { BusinessTimeZoneProvider } from '../lib/business-time-zone';

interface RenderRoutesOptions {
  path?: string;
  /** The query string the screen opens with, e.g. `?ref=ABCD2345`. */
  search?: string;
  state?: unknown;
  /** Pass false with fake timers. */
  userEvents?: boolean;
  /**
   * The business time zone, as if GET /api/app-info had answered it already (no request is made).
   * `null` leaves it to the screens: the app layout then asks the (stubbed) server.
   */
  timeZone?: string | null;
}

/** Renders screens with the app's real providers in a memory router (docs/style.md "testing/"). */
export function renderRoutes(
  routes: RouteObject[],
  { path = '/', search = '', state, timeZone = 'Africa/Lagos' }: RenderRoutesOptions = {},
) {
  const router = createMemoryRouter(routes, { initialEntries: [{ pathname: path, search, state }] });
  const queryClient = new QueryClient({
    defaultOptions: { queries: { retry: false }, mutations: { retry: false } },
  });
  if (timeZone !== null) queryClient.setQueryData(appInfoQueryOptions().queryKey, { time_zone: timeZone });
  const user = userEvent.setup();
  const view = render(
    <QueryClientProvider client={queryClient}>
      <BusinessTimeZoneProvider timeZone={timeZone ?? undefined}>
        <RouterProvider router={router} />
      </BusinessTimeZoneProvider>
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

type RouteHandler = (init?: RequestInit) => FakeResponse;

/** Stubs fetch with an answer per "METHOD path", so parallel queries may come in any order; returns the calls made. */
export function routeFetch(handlers: Record<string, RouteHandler>) {
  const calls: string[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
      const key = `${init?.method ?? 'GET'} ${String(input)}`;
      calls.push(key);
      const handler = handlers[key];
      if (!handler) throw new Error(`unexpected ${key}`);
      const { status, body } = handler(init);
      return new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
    }),
  );
  return calls;
}

/** The JSON body of the n-th stubbed request. */
export function requestBody(mock: ReturnType<typeof stubFetch>, call = 0): unknown {
  const init = mock.mock.calls[call]?.[1];
  return typeof init?.body === 'string' ? JSON.parse(init.body) : undefined;
}
