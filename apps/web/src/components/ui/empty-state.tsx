import type { ReactNode } from 'react';
import './layout.css';

interface EmptyStateProps {
  title: ReactNode;
  text?: ReactNode;
  /** An illustration or icon. */
  art?: ReactNode;
  /** The next action, e.g. a button. */
  action?: ReactNode;
}

/** A friendly line and the next action, for lists with nothing in them (docs/look.md). */
export function EmptyState({ title, text, art, action }: EmptyStateProps) {
  return (
    <div className="empty">
      {art ? <div className="empty__art">{art}</div> : null}
      <p className="empty__title">{title}</p>
      {text ? <p className="empty__text">{text}</p> : null}
      {action ? <div className="empty__action">{action}</div> : null}
    </div>
  );
}
