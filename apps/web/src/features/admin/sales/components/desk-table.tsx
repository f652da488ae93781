import { Link } from 'react-router';
import { COINS } from '@wise/shared';
import { riskFlagTexts, type AdminSaleListItem } from '@wise/shared/admin';
import { FetchError } from '../../../../components/ui/fetch-error';
import { Skeleton } from '../../../../components/ui/skeleton';
import { formatNaira } from '../../../../lib/format';
import { formatAge, formatSaleAmount } from '../format-sale';
import { adminSaleImageUrl } from '../sale-image';
import './desk.css';

interface DeskTableProps {
  rows: AdminSaleListItem[] | undefined;
  isLoading: boolean;
  error: unknown;
  onRetry: () => void;
  hasMore: boolean;
  loadingMore: boolean;
  onLoadMore: () => void;
  saleHref: (id: string) => string;
  staffId: string;
  /** REVIEW_TARGET_MINUTES: an age past it is coloured. */
  targetMinutes: number;
  /** The row j/k moved to (Enter opens it). */
  selectedId: string | null;
}

/**
 * The dense queue: one 30 px line per sale, so 20 and more fit a 1280×800 screen. The row's link
 * opens the sale in work mode (which claims it).
 */
export function DeskTable({ rows, isLoading, error, onRetry, hasMore, loadingMore, onLoadMore, saleHref, staffId, targetMinutes, selectedId }: DeskTableProps) {
  if (error) return <FetchError message="Couldn't load the sales" onRetry={onRetry} retrying={isLoading} />;
  if (isLoading || !rows) {
    return (
      <div aria-busy="true" className="desk-table-skeleton">
        {Array.from({ length: 8 }, (_, index) => (
          <Skeleton key={index} height={24} width="100%" />
        ))}
      </div>
    );
  }
  if (rows.length === 0) {
    return (
      <p className="desk-empty" role="status">
        No sales here. New sales appear within seconds.
      </p>
    );
  }
  return (
    <>
      <table className="desk-table">
        <caption className="visually-hidden">Sales</caption>
        <thead>
          <tr>
            <th scope="col" aria-label="Image" />
            <th scope="col">Sale</th>
            <th scope="col">Customer</th>
            <th scope="col" className="desk-num">Amount</th>
            <th scope="col" className="desk-num">Naira</th>
            <th scope="col">Waiting</th>
            <th scope="col">Flags</th>
            <th scope="col">Reviewer</th>
          </tr>
        </thead>
        <tbody>
          {rows.map((sale) => {
            const late = sale.age_minutes !== null && sale.age_minutes > targetMinutes;
            const claim = sale.claimed_by;
            return (
              <tr key={sale.id} className={sale.id === selectedId ? 'desk-row desk-row--selected' : 'desk-row'} data-sale-id={sale.id} aria-selected={sale.id === selectedId}>
                <td className="desk-thumb">
                  {sale.kind === 'crypto' && sale.coin ? (
                    <span className={`desk-coin desk-coin--${sale.coin}`} aria-hidden="true">
                      {COINS[sale.coin].symbol.slice(0, 1)}
                    </span>
                  ) : sale.has_image ? (
                    <img src={adminSaleImageUrl(sale.id, 0)} alt="" loading="lazy" decoding="async" width={36} height={24} />
                  ) : (
                    <span className="desk-coin" aria-hidden="true" />
                  )}
                </td>
                <td className="desk-title">
                  <Link to={saleHref(sale.id)} className="desk-link">
                    {sale.title}
                  </Link>
                </td>
                <td className="desk-customer" title={`@${sale.customer.username}`}>
                  {sale.customer.full_name}
                </td>
                <td className="desk-num">{formatSaleAmount(sale)}</td>
                <td className="desk-num desk-money">{formatNaira(sale.value_kobo)}</td>
                <td>
                  {sale.age_minutes !== null ? (
                    <span className={late ? 'desk-age desk-age--late' : 'desk-age'} title={late ? `Past the ${targetMinutes}-minute target` : undefined}>
                      {formatAge(sale.age_minutes)}
                    </span>
                  ) : (
                    '—'
                  )}
                </td>
                <td className="desk-flags">
                  {sale.risk_flags.map((code) => (
                    <span key={code} className="desk-flag" title={riskFlagTexts[code].explanation}>
                      {riskFlagTexts[code].label}
                    </span>
                  ))}
                </td>
                <td className="desk-reviewer">
                  {claim ? <span className={claim.id === staffId ? 'desk-claim desk-claim--mine' : 'desk-claim'}>{claim.id === staffId ? 'You' : claim.name}</span> : null}
                  {sale.assigned_to && sale.assigned_to.id !== claim?.id ? (
                    <span className="desk-assigned" title="Assigned by an admin">
                      → {sale.assigned_to.id === staffId ? 'you' : sale.assigned_to.name}
                    </span>
                  ) : null}
                  {!claim && !sale.assigned_to ? <span className="desk-muted">—</span> : null}
                </td>
              </tr>
            );
          })}
        </tbody>
      </table>
      {hasMore ? (
        <button type="button" className="desk-more" onClick={onLoadMore} disabled={loadingMore}>
          {loadingMore ? 'Loading…' : 'Show more'}
        </button>
      ) : null}
    </>
  );
}
