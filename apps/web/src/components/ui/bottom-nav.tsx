import { NavLink } from 'react-router';
import { Gem, Headset, House, UserRound, Wallet, type LucideIcon } from 'lucide-react';
import { paths } from '../../config/paths';
import './layout.css';

interface Tab {
  to: string;
  label: string;
  Icon: LucideIcon;
}

const tabs: readonly Tab[] = [
  { to: paths.homepage, label: 'Home', Icon: House },
  { to: paths.account, label: 'Wallet', Icon: Wallet },
  { to: paths.earn, label: 'Earn', Icon: Gem },
  { to: paths.support, label: 'Support', Icon: Headset },
  { to: paths.profile, label: 'Profile', Icon: UserRound },
];

/** The five tabs of the logged-in app (docs/product.md §2): icon and label, active tab in primary. */
export function BottomNav() {
  return (
    <nav className="bottom-nav" aria-label="Main">
      <ul className="bottom-nav__list">
        {tabs.map(({ to, label, Icon }) => (
          <li key={to}>
            <NavLink to={to} className="bottom-nav__link">
              {({ isActive }) => (
                <>
                  <Icon size={22} strokeWidth={isActive ? 2.4 : 1.8} aria-hidden="true" />
                  <span>{label}</span>
                </>
              )}
            </NavLink>
          </li>
        ))}
      </ul>
    </nav>
  );
}
