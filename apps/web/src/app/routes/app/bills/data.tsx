import { Link, Navigate, useParams } from 'react-router';
import { ChevronRight } from 'lucide-react';
import { BILL_NETWORK_LABELS, BILL_NETWORKS, dataScreenTexts, type BillNetwork } from '@wise/shared';
import { brandMark } from '#web/components/ui/art/brand-marks';
import { Header } from '#web/components/ui/header';
import { Screen, ScreenIntro } from '#web/components/ui/screen';
import { billHrefs, paths } from '#web/config/paths';
import { DataPlans } from '#web/features/bills/components/data-plans';
import { useGemBalance } from '#web/features/gems/api/get-gem-balance';
import { useProfile } from '#web/features/profile/api/get-profile';
import { useTexts } from '#web/lib/i18n';
import '#web/features/bills/components/bills.css';

/** /data (docs/product.md §2): one button per network, 'MTN Data Plans' … '9mobile Data Plans'. */
export function DataRoute() {
  const t = useTexts(dataScreenTexts);
  return (
    <Screen header={<Header backTo={paths.homepage} />}>
      <title>{t.title}</title>
      <ScreenIntro title={t.heading} text={t.text} />
      <ul className="bills-providers">
        {BILL_NETWORKS.map((network) => (
          <li key={network}>
            <Link to={billHrefs.dataProvider(network)} className="bills-network">
              {brandMark(network)}
              <span className="bills-network__name">{t.networkPlans(BILL_NETWORK_LABELS[network])}</span>
              <ChevronRight size={20} aria-hidden="true" />
            </Link>
          </li>
        ))}
      </ul>
    </Screen>
  );
}

const isNetwork = (value: string | undefined): value is BillNetwork => (BILL_NETWORKS as readonly string[]).includes(value ?? '');

/** /data/:provider: the network's plans with the checkout sheet. */
export function DataPlansRoute() {
  const { provider } = useParams();
  const balance = useGemBalance();
  const profile = useProfile();
  const t = useTexts(dataScreenTexts);
  if (!isNetwork(provider)) return <Navigate to={paths.data} replace />;
  return (
    <Screen header={<Header backTo={paths.data} />}>
      <title>{t.plansTitle(BILL_NETWORK_LABELS[provider])}</title>
      <ScreenIntro
        title={
          <span className="bills-title">
            {brandMark(provider, 32)}
            {t.networkPlans(BILL_NETWORK_LABELS[provider])}
          </span>
        }
        text={t.plansText}
      />
      <DataPlans key={provider} network={provider} balance={balance.data?.total_points} ownPhone={profile.data?.phone} />
    </Screen>
  );
}
