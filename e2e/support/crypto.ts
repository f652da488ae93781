import { expect, type Page } from '@playwright/test';
import sharp from 'sharp';

export interface Quote {
  id: string;
  coin: string;
  amount: string;
  value_kobo: number;
  rate_ngn_per_usd: string;
  expires_at: string;
}

export interface WalletAddress {
  coin: string;
  network: string;
  address: string;
}

/** The platform's addresses, as the API lists them. */
export async function walletAddresses(page: Page): Promise<WalletAddress[]> {
  const response = await page.request.get('/api/crypto/wallet-addresses');
  expect(response.ok(), await response.text()).toBeTruthy();
  return ((await response.json()) as { addresses: WalletAddress[] }).addresses;
}

/** What a phone's screenshot of a wallet's "sent" screen looks like to the server: a tall PNG. */
export function transferScreenshot(): Promise<Buffer> {
  const width = 1170;
  const height = 2532;
  const banner = Buffer.from(
    `<svg width="${width}" height="${height}" xmlns="http://www.w3.org/2000/svg"><rect width="100%" height="100%" fill="#f4f6fb"/>` +
      `<circle cx="585" cy="700" r="160" fill="#12b886"/><rect x="160" y="1000" width="850" height="60" rx="30" fill="#0f1222"/>` +
      `<rect x="160" y="1120" width="600" height="40" rx="20" fill="#5b6075"/></svg>`,
  );
  return sharp(banner).png().toBuffer();
}

/** Lets the page read what it copied (Chromium asks for permission otherwise). */
export async function allowClipboard(page: Page): Promise<void> {
  await page.context().grantPermissions(['clipboard-read', 'clipboard-write']);
}

export const readClipboard = (page: Page) => page.evaluate(() => navigator.clipboard.readText());
