import type { ReactNode } from 'react';
import { paths } from '#web/config/paths';
import { LinkButton } from './button';
import { Header } from './header';
import { Screen } from './screen';
import './coming-soon.css';
import { comingSoonTexts } from '@wise/shared';
import { useTexts } from '#web/lib/i18n';

interface ComingSoonProps {
  title: string;
  text: string;
  art: ReactNode;
  backTo: string;
}

/** A finished-looking 'COMING SOON' page (docs/product.md §2) with the way back home. */
export function ComingSoon({ title, text, art, backTo }: ComingSoonProps) {
  const t = useTexts(comingSoonTexts);
  return (
    <Screen header={<Header backTo={backTo} title={title} />}>
      <title>{`${title} · Wise`}</title>
      <div className="coming-soon">
        <span className="coming-soon__art">{art}</span>
        <span className="coming-soon__badge">{t.badge}</span>
        <h1 className="screen__title">{title}</h1>
        <p className="screen__text">{text}</p>
      </div>
      <div className="screen__actions">
        <LinkButton to={paths.homepage} variant="secondary">
          {t.backHome}
        </LinkButton>
      </div>
    </Screen>
  );
}
