import { createContext, useContext, type ReactNode } from 'react';

/**
 * The business time zone (the server's APP_TIMEZONE): every instant the app shows is written in
 * it, never in the device's zone. The app shell provides what the server says; `undefined` until
 * then, and screens show a placeholder rather than a time in a zone that may be wrong.
 */
const BusinessTimeZoneContext = createContext<string | undefined>(undefined);

export function BusinessTimeZoneProvider({ timeZone, children }: { timeZone: string | undefined; children: ReactNode }) {
  return <BusinessTimeZoneContext value={timeZone}>{children}</BusinessTimeZoneContext>;
}

export function useBusinessTimeZone(): string | undefined {
  return useContext(BusinessTimeZoneContext);
}
