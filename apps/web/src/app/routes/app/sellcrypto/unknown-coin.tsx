import { CircleHelp } from 'lucide-react';
import { cryptoMessages, unknownCoinTexts } from '@wise/shared';
import { LinkButton } from '#web/components/ui/button';
import { EmptyState } from '#web/components/ui/empty-state';
import { Header } from '#web/components/ui/header';
import { Screen } from '#web/components/ui/screen';
import { paths } from '#web/config/paths';
import { useTexts } from '#web/lib/i18n';

/** A sell-crypto address naming a coin we do not buy. */
export function UnknownCoin() {
  const t = useTexts(unknownCoinTexts);
  const cryptoText = useTexts(cryptoMessages);
  return (
    <Screen header={<Header backTo={paths.crypto} title={t.header} />}>
      <title>{t.title}</title>
      <EmptyState
        art={<CircleHelp size={48} aria-hidden="true" />}
        title={t.heading}
        text={cryptoText.unknownCoin}
        action={<LinkButton to={paths.crypto}>{t.seeCoins}</LinkButton>}
      />
    </Screen>
  );
}
