import type { ComponentType } from 'react';
import { Link } from 'react-router';
import { ChevronRight, Gift, History, LifeBuoy, ReceiptText, type LucideProps } from 'lucide-react';
import { gemStatementTexts as englishStatementTexts, moreTexts } from '@wise/shared';
import { Header } from '#web/components/ui/header';
import { Screen, ScreenIntro } from '#web/components/ui/screen';
import { paths, withReturnTo } from '#web/config/paths';
import { useTexts } from '#web/lib/i18n';
import '#web/components/ui/list.css';
import '../common/account.css';

interface MoreRow {
  to: string;
  icon: ComponentType<LucideProps>;
  title: string;
  sub: string;
}

/** Every row leads to a screen that exists; the gem statement comes back here. */
const moreRows = (t: typeof moreTexts, gemStatementTexts: typeof englishStatementTexts): MoreRow[] => [
  { to: paths.rewards, icon: Gift, title: t.rewards, sub: t.rewardsSub },
  { to: withReturnTo(paths.gemStatement, paths.more), icon: History, title: gemStatementTexts.link, sub: gemStatementTexts.linkSub },
  { to: paths.history, icon: ReceiptText, title: t.transactions, sub: t.transactionsSub },
  { to: paths.support, icon: LifeBuoy, title: t.support, sub: t.supportSub },
];

/** /more: a Rewards link (docs/product.md §2), and the other places that have no tab of their own. */
export function MoreRoute() {
  const t = useTexts(moreTexts);
  const rows = moreRows(t, useTexts(englishStatementTexts));
  return (
    <Screen header={<Header backTo={paths.homepage} />}>
      <title>{`${t.title} · Wise`}</title>
      <ScreenIntro title={t.title} text={t.intro} />
      <ul className="list" data-testid="more-list">
        {rows.map(({ to, icon: Icon, title, sub }) => (
          <li key={to}>
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
