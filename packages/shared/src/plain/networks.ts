/*
 * Which network a Nigerian number belongs to, from its prefix (the numbering plan the regulator
 * assigns; docs/product.md §2 airtime and data). A guess, never a rule: a number can be ported to another
 * network and keep its prefix, so a form pre-selects the guess and the customer can change it.
 */
import type { BillNetwork } from './bills';

/**
 * The prefixes (leading 0 and the first digits) of each network. A longer prefix wins over a
 * shorter one (07025 and 07026 are MTN inside 0702, which is no network of ours).
 */
export const NETWORK_PREFIXES: Readonly<Record<BillNetwork, readonly string[]>> = {
  mtn: ['0703', '0704', '0706', '07025', '07026', '0803', '0806', '0810', '0813', '0814', '0816', '0903', '0906', '0913', '0916'],
  airtel: ['0701', '0708', '0802', '0808', '0812', '0901', '0902', '0904', '0907', '0911', '0912'],
  glo: ['0705', '0805', '0807', '0811', '0815', '0905', '0915'],
  etisalat: ['0809', '0817', '0818', '0908', '0909'],
};

const byPrefix = new Map<string, BillNetwork>(
  (Object.entries(NETWORK_PREFIXES) as [BillNetwork, readonly string[]][]).flatMap(([network, prefixes]) =>
    prefixes.map((prefix) => [prefix, network] as const),
  ),
);

/**
 * The network a number's prefix names, however it is typed (`0803…`, `+234 803…`, `234803…`,
 * spaces and dashes allowed), as soon as the prefix is complete; undefined for a number of another
 * country, an unknown prefix, or too few digits yet.
 */
export function networkOfPhone(text: string): BillNetwork | undefined {
  const digits = text.normalize('NFKC').replace(/[^\d+]/g, '');
  const national = /^(?:\+234|234|0)(\d*)$/.exec(digits)?.[1];
  if (national === undefined || national.length > 10) return undefined;
  const local = `0${national}`;
  return byPrefix.get(local.slice(0, 5)) ?? byPrefix.get(local.slice(0, 4));
}
