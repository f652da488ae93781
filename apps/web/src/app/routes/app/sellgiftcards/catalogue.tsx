import { Header } from '../../../../components/ui/header';
import { Screen, ScreenIntro } from '../../../../components/ui/screen';
import { giftCardHrefs, paths } from '../../../../config/paths';
import { GiftCardCatalogue } from '../../../../features/giftcards/components/gift-card-catalogue';

/** /sellgiftcards/giftcardscatalogue: the two-column grid of cards with search (docs/product.md §2). */
export function GiftCardCatalogueRoute() {
  return (
    <Screen header={<Header backTo={paths.homepage} title="Sell Gift Cards" />}>
      <title>Sell Gift Cards · Wise</title>
      <ScreenIntro title="Choose a gift card" text="Pick the card you want to sell for naira." />
      <GiftCardCatalogue hrefFor={(card) => giftCardHrefs.confirmAccount(card.slug)} />
    </Screen>
  );
}
