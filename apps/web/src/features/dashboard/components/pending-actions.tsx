import { Link } from 'react-router';
import { Camera, ChevronRight, KeyRound, Landmark, ShieldCheck, type LucideIcon } from 'lucide-react';
import { pendingActionTexts, tierTexts, type PendingAction } from '@wise/shared';
import { useTexts } from '#web/lib/i18n';
import '#web/components/ui/list.css';

export type PendingActionLinks = Record<PendingAction, string>;

const icons: Record<PendingAction, LucideIcon> = {
  set_pin: KeyRound,
  upload_photo: Camera,
  add_bank_details: Landmark,
  verify_identity: ShieldCheck,
};

/** docs/product.md §4's pending-action prompts; each goes away once it is done. Nothing shows when all are. */
export function PendingActions({ actions, links }: { actions: readonly PendingAction[]; links: PendingActionLinks }) {
  const t = useTexts(pendingActionTexts);
  const tiers = useTexts(tierTexts);
  if (actions.length === 0) return null;
  return (
    <section aria-labelledby="pending-title">
      <h2 id="pending-title" className="section-title">
        {t.heading}
      </h2>
      <ul className="list" data-testid="pending-actions">
        {actions.map((action) => {
          const { title, text } = action === 'verify_identity' ? { title: tiers.verify, text: tiers.verifyPrompt } : t[action];
          const Icon = icons[action];
          return (
            <li key={action}>
              <Link to={links[action]} className="list__row" data-action={action}>
                <span className="list__icon">
                  <Icon size={20} aria-hidden="true" />
                </span>
                <span className="list__main">
                  <span className="list__title">{title}</span>
                  <span className="list__sub">{text}</span>
                </span>
                <ChevronRight className="list__trail" size={20} aria-hidden="true" />
              </Link>
            </li>
          );
        })}
      </ul>
    </section>
  );
}
