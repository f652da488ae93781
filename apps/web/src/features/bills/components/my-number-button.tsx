import { billQuickTexts } from '@wise/shared';
import { useTexts } from '#web/lib/i18n';

/** "My number": fills the phone field with the customer's own number (nothing when it is unknown). */
export function MyNumberButton({ phone, onUse }: { phone: string | undefined; onUse: (phone: string) => void }) {
  const quick = useTexts(billQuickTexts);
  if (!phone) return null;
  return (
    <button type="button" className="bills-chip bills-phone__mine" onClick={() => onUse(phone)}>
      {quick.myNumber}
    </button>
  );
}
