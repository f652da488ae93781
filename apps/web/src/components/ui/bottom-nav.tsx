import { NavLink } from 'react-router';
import { Gem, Headset, House, UserRound, Wallet, type LucideIcon } from 'lucide-react';
import { paths } from '#web/config/paths';
import './layout.css';
import { bottomNavTexts } from '@wise/shared';
import { useTexts } from '#web/lib/i18n';

interface Tab {
  to: string;
  label: keyof typeof bottomNavTexts;
  Icon: LucideIcon;
}

const tabs: readonly Tab[] = [
  { to: paths.homepage, label: 'home', Icon: House },
  { to: paths.account, label: 'wallet', Icon: Wallet },
  { to: paths.earn, label: 'earn', Icon: Gem },
  { to: paths.support, label: 'support', Icon: Headset },
  { to: paths.profile, label: 'profile', Icon: UserRound },
];

/** The five tabs of the logged-in app (docs/product.md §2): icon and label, active tab in primary. */
export function BottomNav() {
  const t = useTexts(bottomNavTexts);
  return (
    <nav className="bottom-nav" aria-label={t.label}>
      <ul className="bottom-nav__list">
        {tabs.map(({ to, label, Icon }) => (
          <li key={to}>
            <NavLink to={to} className="bottom-nav__link">
              {({ isActive }) => (
                <>
                  <Icon size={22} strokeWidth={isActive ? 2.4 : 1.8} aria-hidden="true" />
                  <span>{t[label]}</span>
                </>
              )}
            </NavLink>
          </li>
        ))}
      </ul>
    </nav>
  );
}
