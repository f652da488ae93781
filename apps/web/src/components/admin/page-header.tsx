import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { ArrowLeft } from 'lucide-react';
import './page-header.css';

interface PageHeaderProps {
  title: ReactNode;
  description?: ReactNode;
  /** Buttons on the right (or below on narrow screens). */
  actions?: ReactNode;
  /** A link back to the list this page belongs to. */
  back?: { to: string; label: string };
}

/** The title row of a back-office screen. */
export function PageHeader({ title, description, actions, back }: PageHeaderProps) {
  return (
    <header className="admin-page-header">
      <div>
        {back ? (
          <Link to={back.to} className="admin-page-header__back">
            <ArrowLeft size={16} aria-hidden="true" /> {back.label}
          </Link>
        ) : null}
        <h1 className="admin-page-header__title">{title}</h1>
        {description ? <p className="admin-page-header__text">{description}</p> : null}
      </div>
      {actions ? <div className="admin-page-header__actions">{actions}</div> : null}
    </header>
  );
}
