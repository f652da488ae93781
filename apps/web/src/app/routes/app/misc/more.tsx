import { Link } from 'react-router';
import { ChevronRight, Gift } from 'lucide-react';
import { Header } from '../../../../components/ui/header';
import { Screen, ScreenIntro } from '../../../../components/ui/screen';
import { paths } from '../../../../config/paths';
import '../shared/account.css';

/** /more: a Rewards link (SPEC §2). */
export function MoreRoute() {
  return (
    <Screen header={<Header backTo={paths.homepage} />}>
      <title>More · Wise</title>
      <ScreenIntro title="More" text="Everything else Wise can do for you" />
      <ul className="list">
        <li>
          <Link to={paths.rewards} className="list__row">
            <span className="list__icon">
              <Gift size={20} aria-hidden="true" />
            </span>
            <span className="list__main">
              <span className="list__title">Rewards</span>
              <span className="list__sub">Collect the gems your sales earned</span>
            </span>
            <ChevronRight className="list__trail" size={20} aria-hidden="true" />
          </Link>
        </li>
      </ul>
    </Screen>
  );
}
