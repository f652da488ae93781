import { pinScreenTexts } from '@wise/shared';
import { paths } from '../../../../config/paths';
import { SuccessScreen } from '../../../../components/ui/success-screen';
import { useTexts } from '../../../../lib/i18n';

/** /homepage/pinset/success. */
export function PinSuccessRoute() {
  const t = useTexts(pinScreenTexts);
  return <SuccessScreen title={t.successTitle} message={t.successMessage} action={{ label: t.successAction, to: paths.homepage }} />;
}
