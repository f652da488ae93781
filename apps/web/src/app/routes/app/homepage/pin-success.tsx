import { pinSuccessTexts } from '@wise/shared';
import { paths } from '../../../../config/paths';
import { SuccessScreen } from '../../../../components/ui/success-screen';
import { useTexts } from '../../../../lib/i18n';

/** /homepage/pinset/success. */
export function PinSuccessRoute() {
  const t = useTexts(pinSuccessTexts);
  return <SuccessScreen title={t.title} message={t.message} action={{ label: t.action, to: paths.homepage }} />;
}
