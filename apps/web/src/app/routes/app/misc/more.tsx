import type { ComponentType } from 'react';
import { Link } from 'react-router';
import { ChevronRight, Gift, History, LifeBuoy, ReceiptText, type LucideProps } from 'lucide-react';
import { gemStatementTexts } from '@wise/shared';
import { Header } from '../../../../components/ui/header';
import { Screen, ScreenIntro } from '../../../../components/ui/screen';
import { paths, withReturnTo } from '../../../../config/paths';
import '../../../../components/ui/list.css';
import '../common/account.css';

interface MoreRow {
  to: string;
  icon: ComponentType<LucideProps>;
  title: string;
  sub: string;
}

/** Every row leads to a screen that exists; the gem statement comes back here. */
const rows: MoreRow[] = [
  { to: paths.rewards, icon: Gift, title: 'Rewards', sub: 'Collect the gems your sales earned' },
  { to: withReturnTo(paths.gemStatement, paths.more), icon: History, title: gemStatementTexts.link, sub: gemStatementTexts.linkSub },
  { to: paths.history, icon: ReceiptText, title: 'Transactions', sub: 'Your sales and bills, with their receipts' },
  { to: paths.support, icon: LifeBuoy, title: 'Support', sub: 'Reach us on WhatsApp or by e-mail' },
];

/** /more: a Rewards link (docs/product.md §2), and the other places that have no tab of their own. */
export function MoreRoute() {
  return (
    <Screen header={<Header backTo={paths.homepage} />}>
      <title>More · Wise</title>
      <ScreenIntro title="More" text="Everything else Wise can do for you" />
      <ul className="list" data-testid="more-list">
        {rows.map(({ to, icon: Icon, title, sub }) => (
          <li key={title}>
            <Link to={to} className="list__row">
              <span className="list__icon">
                <Icon size={20} aria-hidden="true" />
              </span>
              <span className="list__main">
                <span className="list__title">{title}</span>
                <span className="list__sub">{sub}</span>
              </span>
              <ChevronRight className="list__trail" size={20} aria-hidden="true" />
            </Link>
          </li>
        ))}
      </ul>
    </Screen>
  );
}
