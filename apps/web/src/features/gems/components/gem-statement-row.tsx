import type { ComponentType } from 'react';
import { Link } from 'react-router';
import { ArrowDownLeft, CalendarCheck, Gift, Lock, ReceiptText, Undo2, type LucideProps } from 'lucide-react';
import { gemStatementRowTexts, gemStatementTexts, type GemMovement, type GemMovementKind } from '@wise/shared';
import { DateTime } from '#web/components/ui/date-time';
import { Skeleton } from '#web/components/ui/skeleton';
import { transactionHref } from '#web/config/paths';
import { formatGems } from '#web/lib/format';
import { useTexts, useTranslate } from '#web/lib/i18n';
import '#web/components/ui/list.css';
import './gem-statement.css';

const icons: Record<GemMovementKind, ComponentType<LucideProps>> = {
  daily_collection: CalendarCheck,
  reward_accrual: Gift,
  reward_claim: ArrowDownLeft,
  reward_clawback: Undo2,
  hold: Lock,
  hold_capture: ReceiptText,
  hold_release: Undo2,
  account_closure: Lock,
  referral: Gift,
};

/** Movements on the rewards still to collect, not on the spendable balance (their amount is 0). */
const TO_COLLECT: Partial<Record<GemMovementKind, 'in' | 'out'>> = { reward_accrual: 'in', referral: 'in', reward_clawback: 'out' };

/** "+50", "−500" (a true minus sign), or the plain size of a movement that left the balance alone. */
function amountText(movement: GemMovement): string {
  const collect = movement.amount === 0 ? TO_COLLECT[movement.kind] : undefined;
  if (movement.amount > 0 || collect === 'in') return `+${formatGems(movement.amount || movement.gems)}`;
  if (movement.amount < 0) return `\u2212${formatGems(-movement.amount)}`;
  if (collect === 'out') return `\u2212${formatGems(movement.gems)}`;
  return formatGems(movement.gems);
}

const direction = (amount: number) => (amount > 0 ? 'in' : amount < 0 ? 'out' : 'none');

/**
 * One movement of the statement (docs/look.md list row, components/ui/list.css): the 40 px icon, what happened and what it was
 * about, when, the signed change to the balance and the balance after it. A movement about a bill
 * order or a sale opens that transaction.
 */
export function GemStatementRow({ movement }: { movement: GemMovement }) {
  const t = useTexts(gemStatementRowTexts);
  const statement = useTexts(gemStatementTexts);
  // The server writes the title and the note; the fixed ones read in the app's language.
  const translate = useTranslate();
  const Icon = icons[movement.kind];
  const way = direction(movement.amount);
  const toCollect = movement.amount === 0 && TO_COLLECT[movement.kind] !== undefined;
  const body = (
    <>
      <span className={way === 'in' ? 'list__icon list__icon--gem' : 'list__icon'}>
        <Icon size={20} aria-hidden="true" />
      </span>
      <span className="list__main">
        <span className="list__title gem-move__title">{translate(movement.title)}</span>
        {/* The server joins what the movement was about and its note with " · ": each part is a text of its own. */}
        {movement.detail ? <span className="gem-move__detail">{movement.detail.split(' · ').map(translate).join(' · ')}</span> : null}
        <DateTime className="gem-move__date" iso={movement.created_at} />
      </span>
      <span className="gem-move__trail">
        <span className={`gem-move__amount gem-move__amount--${toCollect ? 'collect' : way}`} data-testid="gem-move-amount">
          {amountText(movement)}
          <span className="visually-hidden">{t.unit}</span>
        </span>
        {toCollect ? (
          <span className="gem-move__balance" data-testid="gem-move-to-collect">
            {statement.toCollect}
          </span>
        ) : (
          <span className="gem-move__balance" data-testid="gem-move-balance">
            {statement.balanceAfter} {formatGems(movement.balance)}
          </span>
        )}
      </span>
    </>
  );
  return movement.transaction_id ? (
    <Link to={transactionHref(movement.transaction_id)} className="list__row" data-testid="gem-move" data-kind={movement.kind}>
      {body}
    </Link>
  ) : (
    <div className="list__row" data-testid="gem-move" data-kind={movement.kind}>
      {body}
    </div>
  );
}

export function GemStatementRowSkeleton() {
  return (
    <div className="list__row" aria-hidden="true">
      <Skeleton width={40} height={40} radius="50%" />
      <span className="list__main" style={{ gap: 6 }}>
        <Skeleton width="60%" height={16} />
        <Skeleton width="40%" height={12} />
      </span>
      <Skeleton width={56} height={20} />
    </div>
  );
}
