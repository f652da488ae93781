import { giftCardCatalogueScreenTexts } from '@wise/shared';
import { Header } from '#web/components/ui/header';
import { Screen, ScreenIntro } from '#web/components/ui/screen';
import { giftCardHrefs, paths } from '#web/config/paths';
import { GiftCardCatalogue } from '#web/features/giftcards/components/gift-card-catalogue';
import { useTexts } from '#web/lib/i18n';

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
