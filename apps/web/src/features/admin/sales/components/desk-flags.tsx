import { Camera, CreditCard, FileQuestionMark, Hash, Sparkles, TrendingUp, UserPlus, UserX, Zap, type LucideIcon } from 'lucide-react';
import { riskFlagTexts, type RiskFlagCode } from '@wise/shared/admin';
import { isSeriousFlag } from './risk-flags';
import './desk.css';

/** One small picture per flag, so a row shows every flag it has in the width one label took. */
const icons: Record<RiskFlagCode, LucideIcon> = {
  duplicate_transaction_id: Hash,
  transaction_id_unreadable: FileQuestionMark,
  duplicate_card_code: CreditCard,
  duplicate_photo: Camera,
  new_account: UserPlus,
  velocity: Zap,
  first_sale: Sparkles,
  amount_above_usual: TrendingUp,
  name_mismatch: UserX,
};

/**
 * A queue row's risk flags, all of them, as compact icons. Each is named for assistive technology
 * (its label) and reachable with Tab, and shows its label on hover and on keyboard focus.
 */
export function DeskFlags({ codes }: { codes: readonly RiskFlagCode[] }) {
  if (codes.length === 0) return <span className="desk-muted">—</span>;
  return (
    <ul className="desk-flags__list" aria-label="Risk flags">
      {codes.map((code) => {
        const Icon = icons[code];
        const { label } = riskFlagTexts[code];
        return (
          <li key={code} className="desk-flags__item">
            <span
              className={isSeriousFlag(code) ? 'desk-flag desk-flag--serious' : 'desk-flag'}
              role="img"
              aria-label={label}
              tabIndex={0}
              data-flag={code}
            >
              <Icon size={13} strokeWidth={2.25} aria-hidden="true" />
              <span className="desk-flag__tip" aria-hidden="true">
                {label}
              </span>
            </span>
          </li>
        );
      })}
    </ul>
  );
}
