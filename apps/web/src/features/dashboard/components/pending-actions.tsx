import { Link } from 'react-router';
import { Camera, ChevronRight, KeyRound, Landmark, ShieldCheck, type LucideIcon } from 'lucide-react';
import { tierTexts, type PendingAction } from '@wise/shared';
import '../../../components/ui/list.css';

export type PendingActionLinks = Record<PendingAction, string>;

const texts: Record<PendingAction, { title: string; text: string; Icon: LucideIcon }> = {
  set_pin: { title: 'Set your transaction PIN', text: 'You need it to pay bills with your gems', Icon: KeyRound },
  upload_photo: { title: 'Upload a profile photo', text: 'Put a face to your account', Icon: Camera },
  add_bank_details: { title: 'Add your bank details', text: 'Where we pay you for your sales', Icon: Landmark },
  verify_identity: { title: tierTexts.verify, text: tierTexts.verifyPrompt, Icon: ShieldCheck },
};

/** docs/product.md §4's pending-action prompts; each goes away once it is done. Nothing shows when all are. */
export function PendingActions({ actions, links }: { actions: readonly PendingAction[]; links: PendingActionLinks }) {
  if (actions.length === 0) return null;
  return (
    <section aria-labelledby="pending-title">
      <h2 id="pending-title" className="section-title">
        Finish setting up
      </h2>
      <ul className="list" data-testid="pending-actions">
        {actions.map((action) => {
          const { title, text, Icon } = texts[action];
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
