import { Link } from 'react-router';
import { riskFlagTexts, type RiskFlag, type RiskFlagCode } from '@wise/shared/admin';
import { Panel } from '#web/components/admin/admin-layout';
import { Badge } from '#web/components/admin/status-badge';
import { DateTime } from '#web/components/ui/date-time';
import { SaleStatus } from './sale-status';
import '#web/components/admin/status-badge.css';
import './sales.css';

/** The flags that point at another sale or a pattern worth a second look; the rest are context. */
const SERIOUS: ReadonlySet<RiskFlagCode> = new Set([
  'duplicate_transaction_id',
  'duplicate_card_code',
  'duplicate_photo',
  'velocity',
  'amount_above_usual',
]);

/** A flag that points at another sale or a pattern worth a second look (drawn in the danger tone). */
export const isSeriousFlag = (code: RiskFlagCode): boolean => SERIOUS.has(code);

const toneOf = (code: RiskFlagCode) => (SERIOUS.has(code) ? 'danger' : 'warning');

/** A queue row's flags as small badges (the explanation in the title). */
export function RiskFlagBadges({ codes }: { codes: readonly RiskFlagCode[] }) {
  if (codes.length === 0) return <span className="admin-muted">—</span>;
  return (
    <span className="admin-badges">
      {codes.map((code) => (
        <Badge key={code} tone={toneOf(code)} title={riskFlagTexts[code].explanation}>
          {riskFlagTexts[code].label}
        </Badge>
      ))}
    </span>
  );
}

/** Related sales shown before the rest fold away: the photos below must stay near the top of the page. */
const RELATED_SHOWN = 3;

type RelatedSale = RiskFlag['related_sales'][number];

function RelatedSaleRows({ sales, saleHref }: { sales: readonly RelatedSale[]; saleHref: (id: string) => string }) {
  return (
    <ul className="admin-list">
      {sales.map((other) => (
        <li key={other.id}>
          <Link to={saleHref(other.id)} className="admin-list__row">
            <span>
              <span className="admin-cell-title">{other.title}</span>
              <span className="admin-cell-sub">
                {other.customer.full_name} (@{other.customer.username}) · <DateTime iso={other.created_at} />
              </span>
            </span>
            <span className="admin-list__end">
              <SaleStatus sale={{ status: other.status, payout_status: null }} />
            </span>
          </Link>
        </li>
      ))}
    </ul>
  );
}

/** The other sales behind a flag: the first few, and the rest behind "Show N more". */
function RelatedSales({ sales, saleHref }: { sales: readonly RelatedSale[]; saleHref: (id: string) => string }) {
  const rest = sales.slice(RELATED_SHOWN);
  return (
    <>
      <RelatedSaleRows sales={sales.slice(0, RELATED_SHOWN)} saleHref={saleHref} />
      {rest.length > 0 ? (
        <details className="admin-related-more">
          <summary>Show {rest.length} more</summary>
          <RelatedSaleRows sales={rest} saleHref={saleHref} />
        </details>
      ) : null}
    </>
  );
}

/** A sale's flags on its page: each with its explanation, and the other sales behind a duplicate. */
export function RiskFlagsPanel({ flags, saleHref }: { flags: readonly RiskFlag[]; saleHref: (id: string) => string }) {
  if (flags.length === 0) return null;
  return (
    <Panel title="Risk flags">
      <ul className="admin-list" aria-label="Risk flags">
        {flags.map((flag) => (
          <li key={flag.code} data-flag={flag.code}>
            <p>
              <Badge tone={toneOf(flag.code)}>{riskFlagTexts[flag.code].label}</Badge> <span>{riskFlagTexts[flag.code].explanation}</span>
            </p>
            {flag.related_sales.length > 0 ? <RelatedSales sales={flag.related_sales} saleHref={saleHref} /> : null}
          </li>
        ))}
      </ul>
    </Panel>
  );
}
