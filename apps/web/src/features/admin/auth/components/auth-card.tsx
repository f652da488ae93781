import type { ReactNode } from 'react';
import './auth.css';

/** The centred card every back-office sign-in step sits in. */
export function AuthCard({ title, text, children, wide }: { title: ReactNode; text?: ReactNode; children: ReactNode; wide?: boolean }) {
  return (
    <div className="admin admin-auth">
      <main className={wide ? 'admin-auth__card admin-auth__card--wide' : 'admin-auth__card'}>
        <div className="admin-brand" style={{ padding: 0 }}>
          <span className="admin-brand__mark" aria-hidden="true">
            W
          </span>
          <span className="admin-brand__name">
            Wise <span className="admin-brand__sub">Back office</span>
          </span>
        </div>
        <div>
          <h1 className="admin-auth__title">{title}</h1>
          {text ? <p className="admin-auth__text">{text}</p> : null}
        </div>
        {children}
      </main>
    </div>
  );
}
