import type { ReactNode } from 'react';
import './layout.css';

interface ScreenProps {
  header?: ReactNode;
  children: ReactNode;
  /** Leaves room for the bottom navigation. */
  withNav?: boolean;
  className?: string;
}

/** One screen of the centred column: header, then the body filling the height. */
export function Screen({ header, children, withNav, className }: ScreenProps) {
  const classes = ['screen', withNav ? 'screen--with-nav' : '', className ?? ''].filter(Boolean).join(' ');
  return (
    <main className={classes}>
      {header}
      <div className="screen__body">{children}</div>
    </main>
  );
}

/** The heading block at the top of a screen: title and a line of explanation. */
export function ScreenIntro({ title, text, children }: { title: ReactNode; text?: ReactNode; children?: ReactNode }) {
  return (
    <div className="screen__intro">
      <h1 className="screen__title">{title}</h1>
      {text ? <p className="screen__text">{text}</p> : null}
      {children}
    </div>
  );
}
