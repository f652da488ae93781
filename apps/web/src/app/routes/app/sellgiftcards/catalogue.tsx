import { giftCardCatalogueScreenTexts } from '@wise/shared';
import { Header } from '../../../../components/ui/header';
import { Screen, ScreenIntro } from '../../../../components/ui/screen';
import { giftCardHrefs, paths } from '../../../../config/paths';
import { GiftCardCatalogue } from '../../../../features/giftcards/components/gift-card-catalogue';
import { useTexts } from '../../../../lib/i18n';

/** /sellgiftcards/giftcardscatalogue: the two-column grid of cards with search (docs/product.md §2). */
export function GiftCardCatalogueRoute() {
  const t = useTexts(giftCardCatalogueScreenTexts);
  return (
    <Screen header={<Header backTo={paths.homepage} title={t.header} />}>
      <title>{t.title}</title>
      <ScreenIntro title={t.heading} text={t.text} />
      <GiftCardCatalogue hrefFor={(card) => giftCardHrefs.confirmAccount(card.slug)} />
    </Screen>
  );
}
