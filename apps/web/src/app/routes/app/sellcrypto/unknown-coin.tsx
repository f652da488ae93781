import { CircleHelp } from 'lucide-react';
import { cryptoMessages } from '@wise/shared';
import { LinkButton } from '../../../../components/ui/button';
import { EmptyState } from '../../../../components/ui/empty-state';
import { Header } from '../../../../components/ui/header';
import { Screen } from '../../../../components/ui/screen';
import { paths } from '../../../../config/paths';

/** A sell-crypto address naming a coin we do not buy. */
export function UnknownCoin() {
  return (
    <Screen header={<Header backTo={paths.crypto} title="Sell Cryptocurrency" />}>
      <title>Sell Cryptocurrency · Wise</title>
      <EmptyState
        art={<CircleHelp size={48} aria-hidden="true" />}
        title="We don't buy this coin"
        text={cryptoMessages.unknownCoin}
        action={<LinkButton to={paths.crypto}>See the coins</LinkButton>}
      />
    </Screen>
  );
}
