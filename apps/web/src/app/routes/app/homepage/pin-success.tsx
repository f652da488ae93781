import { pinSuccessTexts } from '@wise/shared';
import { paths } from '#web/config/paths';
import { SuccessScreen } from '#web/components/ui/success-screen';
import { useTexts } from '#web/lib/i18n';

/** /homepage/pinset/success. */
export function PinSuccessRoute() {
  const t = useTexts(pinSuccessTexts);
  return <SuccessScreen title={t.pageTitle} message={t.message} action={{ label: t.goHome, to: paths.homepage }} />;
}
