import type { ReactNode } from 'react';
import { Link, type To } from 'react-router';
import { ArrowLeft } from 'lucide-react';
import './layout.css';
import { headerTexts } from '@wise/shared';
import { useTexts } from '#web/lib/i18n';

interface HeaderProps {
  /** Where the back arrow goes; no arrow when absent. */
  backTo?: To;
  title?: ReactNode;
}

/** The light top bar (docs/look.md): back arrow and the screen title, no heavy app bar. */
export function Header({ backTo, title }: HeaderProps) {
  const t = useTexts(headerTexts);
  return (
    <header className="header">
      {backTo !== undefined ? (
        <Link to={backTo} className="icon-button" aria-label={t.back}>
          <ArrowLeft size={24} aria-hidden="true" />
        </Link>
      ) : null}
      {title ? <p className="header__title">{title}</p> : null}
    </header>
  );
}
