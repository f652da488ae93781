import { useEffect, useState, type ReactNode } from 'react';
import { Link, NavLink, useLocation } from 'react-router';
import { LogOut, Menu, X } from 'lucide-react';
import './admin-toasts.css';

export interface AdminNavItem {
  to: string;
  label: string;
  icon?: ReactNode;
  /** Only this exact path makes the link active (the dashboard at /admin). */
  end?: boolean;
  /** A small count beside the label, e.g. pending sales. */
  badge?: ReactNode;
}

export interface AdminNavGroup {
  label?: string;
  items: AdminNavItem[];
}

interface AdminLayoutProps {
  nav: AdminNavGroup[];
  user: { name: string; role: string };
  onLogout: () => void;
  loggingOut?: boolean;
  children: ReactNode;
}

function initials(name: string): string {
  const parts = name.trim().split(/\s+/).filter(Boolean);
  return ((parts[0]?.[0] ?? '') + (parts.length > 1 ? (parts[parts.length - 1]?.[0] ?? '') : '')).toUpperCase() || '?';
}

function Brand() {
  return (
    <Link to="/admin" className="admin-brand">
      <span className="admin-brand__mark" aria-hidden="true">
        W
      </span>
      <span className="admin-brand__name">
        Wise <span className="admin-brand__sub">Back office</span>
      </span>
    </Link>
  );
}

/**
 * The back office's frame: a sidebar on a desktop; on a tablet (below 1024 px) a top bar whose
 * menu button opens the same navigation over the page.
 */
export function AdminLayout({ nav, user, onLogout, loggingOut, children }: AdminLayoutProps) {
  const [menuOpen, setMenuOpen] = useState(false);
  const location = useLocation();
  // A link followed from the open panel closes it.
  const [seenPath, setSeenPath] = useState(location.pathname);
  if (seenPath !== location.pathname) {
    setSeenPath(location.pathname);
    setMenuOpen(false);
  }

  useEffect(() => {
    if (!menuOpen) return;
    const onKey = (event: KeyboardEvent) => {
      if (event.key === 'Escape') setMenuOpen(false);
    };
    document.addEventListener('keydown', onKey);
    return () => document.removeEventListener('keydown', onKey);
  }, [menuOpen]);

  return (
    <div className={menuOpen ? 'admin admin--menu-open' : 'admin'}>
      <aside className="admin-sidebar" id="admin-navigation" aria-label="Back office">
        <Brand />
        <nav className="admin-nav">
          {nav.map((group, index) => (
            <div key={group.label ?? index} className="admin-nav" role="group" aria-label={group.label}>
              {group.label ? (
                <span className="admin-nav__group" aria-hidden="true">
                  {group.label}
                </span>
              ) : null}
              {group.items.map((item) => (
                <NavLink key={item.to} to={item.to} end={item.end} className="admin-nav__link">
                  {item.icon}
                  <span>{item.label}</span>
                  {item.badge !== undefined ? <span className="admin-nav__count">{item.badge}</span> : null}
                </NavLink>
              ))}
            </div>
          ))}
        </nav>
        <div className="admin-user">
          <span className="admin-user__avatar" aria-hidden="true">
            {initials(user.name)}
          </span>
          <span className="admin-user__text">
            <span className="admin-user__name">{user.name}</span>
            <span className="admin-user__role">{user.role}</span>
          </span>
          <button type="button" className="admin-icon-button" onClick={onLogout} disabled={loggingOut} aria-label="Log out" title="Log out">
            <LogOut size={18} aria-hidden="true" />
          </button>
        </div>
      </aside>
      {menuOpen ? <div className="admin-scrim" onClick={() => setMenuOpen(false)} aria-hidden="true" /> : null}
      <div className="admin-main">
        <header className="admin-topbar">
          <button
            type="button"
            className="admin-icon-button"
            onClick={() => setMenuOpen((open) => !open)}
            aria-expanded={menuOpen}
            aria-controls="admin-navigation"
            aria-label={menuOpen ? 'Close menu' : 'Open menu'}
          >
            {menuOpen ? <X size={22} aria-hidden="true" /> : <Menu size={22} aria-hidden="true" />}
          </button>
          <Brand />
          <span className="admin-topbar__spacer" />
          <span className="admin-user__avatar" title={`${user.name} (${user.role})`} aria-hidden="true">
            {initials(user.name)}
          </span>
        </header>
        <main className="admin-content" id="admin-main">
          {children}
        </main>
      </div>
    </div>
  );
}

/** A white box with an optional title row: the building block of detail pages. */
export function Panel({
  title,
  actions,
  children,
  className,
}: {
  title?: ReactNode;
  actions?: ReactNode;
  children: ReactNode;
  className?: string;
}) {
  return (
    <section className={className ? `admin-panel ${className}` : 'admin-panel'}>
      {title || actions ? (
        <h2 className="admin-panel__title">
          <span>{title}</span>
          {actions ? <span>{actions}</span> : null}
        </h2>
      ) : null}
      {children}
    </section>
  );
}

export type FactRow = [ReactNode, ReactNode];

/** Label/value pairs (customer, bank snapshot, sale terms); a falsy row is left out. */
export function Facts({ rows }: { rows: (FactRow | false | null | undefined | '')[] }) {
  const shown = rows.filter((row): row is FactRow => Boolean(row));
  return (
    <dl className="admin-facts">
      {shown.map(([label, value], index) => (
        <div key={index} style={{ display: 'contents' }}>
          <dt>{label}</dt>
          <dd>{value ?? '—'}</dd>
        </div>
      ))}
    </dl>
  );
}
