import type { BillNetwork, TvService } from '@wise/shared';
import type { ProviderPlan } from './types';

/**
 * The sandbox's catalogue: plan lists shaped like a Nigerian VTU service's (names, codes, prices
 * in naira as decimal text). One price has kobo in it, to show that the integer part is used.
 */

const plan = (variationCode: string, name: string, amountNaira: string): ProviderPlan => ({ variationCode, name, amountNaira });

export const SANDBOX_DATA_PLANS: Record<BillNetwork, ProviderPlan[]> = {
  mtn: [
    plan('mtn-40mb-daily', 'MTN 40MB (Daily) – 1 day', '49.99'),
    plan('mtn-100mb-daily', 'MTN 100MB (Daily) – 1 day', '100.00'),
    plan('mtn-500mb-sme', 'MTN 500MB (SME) – 30 days', '350.00'),
    plan('mtn-1gb-sme', 'MTN 1GB (SME) – 30 days', '600.00'),
    plan('mtn-1-5gb-weekly', 'MTN 1.5GB (Weekly) – 7 days', '1000.00'),
    plan('mtn-2gb-sme', 'MTN 2GB (SME) – 30 days', '1200.00'),
    plan('mtn-3gb-sme', 'MTN 3GB (SME) – 30 days', '1800.00'),
    plan('mtn-5gb-sme', 'MTN 5GB (SME) – 30 days', '3000.00'),
    plan('mtn-10gb-sme', 'MTN 10GB (SME) – 30 days', '5500.00'),
    plan('mtn-20gb-monthly', 'MTN 20GB (Monthly) – 30 days', '7500.00'),
  ],
  airtel: [
    plan('airtel-150mb-daily', 'Airtel 150MB (Daily) – 1 day', '100.00'),
    plan('airtel-1gb-weekly', 'Airtel 1GB (Weekly) – 7 days', '800.00'),
    plan('airtel-1-5gb-monthly', 'Airtel 1.5GB (Monthly) – 30 days', '1200.00'),
    plan('airtel-3gb-monthly', 'Airtel 3GB (Monthly) – 30 days', '2000.00'),
    plan('airtel-6gb-monthly', 'Airtel 6GB (Monthly) – 30 days', '3000.00'),
    plan('airtel-10gb-monthly', 'Airtel 10GB (Monthly) – 30 days', '4000.00'),
    plan('airtel-25gb-monthly', 'Airtel 25GB (Monthly) – 30 days', '8000.00'),
  ],
  glo: [
    plan('glo-200mb-daily', 'GLO 200MB (Daily) – 1 day', '100.00'),
    plan('glo-1-35gb-biweekly', 'GLO 1.35GB – 14 days', '500.00'),
    plan('glo-2-9gb-monthly', 'GLO 2.9GB – 30 days', '1000.00'),
    plan('glo-5-8gb-monthly', 'GLO 5.8GB – 30 days', '2000.00'),
    plan('glo-7-7gb-monthly', 'GLO 7.7GB – 30 days', '2500.00'),
    plan('glo-10gb-monthly', 'GLO 10GB – 30 days', '3000.00'),
    plan('glo-18-25gb-monthly', 'GLO 18.25GB – 30 days', '5000.00'),
  ],
  etisalat: [
    plan('9mobile-100mb-daily', '9mobile 100MB (Daily) – 1 day', '100.00'),
    plan('9mobile-500mb-monthly', '9mobile 500MB – 30 days', '500.00'),
    plan('9mobile-1-5gb-monthly', '9mobile 1.5GB – 30 days', '1200.00'),
    plan('9mobile-2gb-monthly', '9mobile 2GB – 30 days', '1500.00'),
    plan('9mobile-4-5gb-monthly', '9mobile 4.5GB – 30 days', '2000.00'),
    plan('9mobile-11gb-monthly', '9mobile 11GB – 30 days', '4000.00'),
  ],
};

export const SANDBOX_TV_PLANS: Record<TvService, ProviderPlan[]> = {
  dstv: [
    plan('dstv-padi', 'DStv Padi', '4400.00'),
    plan('dstv-yanga', 'DStv Yanga', '6000.00'),
    plan('dstv-confam', 'DStv Confam', '11000.00'),
    plan('dstv-compact', 'DStv Compact', '19000.00'),
    plan('dstv-compact-plus', 'DStv Compact Plus', '30000.00'),
    plan('dstv-premium', 'DStv Premium', '44500.00'),
  ],
  gotv: [
    plan('gotv-smallie', 'GOtv Smallie – monthly', '1900.00'),
    plan('gotv-jinja', 'GOtv Jinja', '3900.00'),
    plan('gotv-jolli', 'GOtv Jolli', '5800.00'),
    plan('gotv-max', 'GOtv Max', '8500.00'),
    plan('gotv-supa', 'GOtv Supa', '11400.00'),
    plan('gotv-supa-plus', 'GOtv Supa+', '16800.00'),
  ],
  startimes: [
    plan('startimes-nova', 'StarTimes Nova – monthly', '2100.00'),
    plan('startimes-basic', 'StarTimes Basic – monthly', '4000.00'),
    plan('startimes-smart', 'StarTimes Smart – monthly', '5100.00'),
    plan('startimes-classic', 'StarTimes Classic – monthly', '6000.00'),
    plan('startimes-super', 'StarTimes Super – monthly', '9800.00'),
  ],
  showmax: [
    plan('showmax-mobile', 'Showmax Mobile – monthly', '1450.00'),
    plan('showmax-entertainment', 'Showmax Entertainment – monthly', '3500.00'),
    plan('showmax-pl-mobile', 'Showmax Premier League Mobile – monthly', '3200.00'),
    plan('showmax-entertainment-pl', 'Showmax Entertainment + Premier League – monthly', '6300.00'),
  ],
};

/** Naira per kWh the sandbox charges, per distribution company (roughly band A tariffs). */
export const SANDBOX_TARIFFS_NAIRA_PER_KWH: Record<string, number> = {
  ikeja: 209.5,
  eko: 211.2,
  kano: 206.8,
  portharcourt: 210.6,
  jos: 207.4,
  ibadan: 209.0,
  kaduna: 208.3,
  abuja: 209.8,
  enugu: 210.1,
  benin: 208.9,
  aba: 207.7,
  yola: 206.2,
};
