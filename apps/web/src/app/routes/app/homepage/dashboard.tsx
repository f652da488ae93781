import { useNavigate } from 'react-router';
import { Avatar } from '../../../../components/ui/art/avatar';
import { GemGlyph } from '../../../../components/ui/art/gem';
import { Card } from '../../../../components/ui/card';
import { Screen } from '../../../../components/ui/screen';
import { paths } from '../../../../config/paths';
import { LogoutButton } from '../../../../features/auth/components/logout-button';
import { authStorage } from '../../../../lib/auth-storage';
import './dashboard.css';

/** Home dashboard (SPEC §1). For now: the greeting and logout; the cards arrive with their features. */
export function DashboardRoute() {
  const navigate = useNavigate();
  const fullName = authStorage.fullName();
  const firstName = fullName.trim().split(/\s+/)[0] ?? '';

  return (
    <Screen withNav>
      <title>Home · Wise</title>
      <header className="dashboard__top">
        <Avatar name={fullName} size={44} />
        <div className="dashboard__hello">
          <h1 className="dashboard__greeting">Hi, {firstName}</h1>
          <p className="dashboard__sub">Welcome back to Wise</p>
        </div>
        <LogoutButton onLoggedOut={() => navigate(paths.home, { replace: true })} />
      </header>
      <Card tone="tinted" className="dashboard__welcome">
        <GemGlyph size={40} />
        <div>
          <p className="dashboard__welcome-title">Everything in one place</p>
          <p className="dashboard__welcome-text">
            Sell gift cards and crypto for naira, collect Wise Gems and pay your bills from here.
          </p>
        </div>
      </Card>
    </Screen>
  );
}
