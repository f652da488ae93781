import { Link } from 'react-router';
import { COINS } from '@wise/shared';
import type { AdminSaleListItem } from '@wise/shared/admin';
import { FetchError } from '#web/components/ui/fetch-error';
import { Skeleton } from '#web/components/ui/skeleton';
import { formatNaira } from '#web/lib/format';
import { formatAge, formatSaleAmount } from '../format-sale';
import { secondApprovalRole, type DeskViewer } from '../desk-queue';
import { adminSaleImageUrl } from '../sale-image';
import { DeskFlags } from './desk-flags';
import './desk.css';

interface DeskTableProps {
  rows: AdminSaleListItem[] | undefined;
  /** Sales approved once and waiting for a second admin: their own section, above the rest. */
  secondRows?: AdminSaleListItem[];
  isLoading: boolean;
  error: unknown;
  onRetry: () => void;
  hasMore: boolean;
  loadingMore: boolean;
  onLoadMore: () => void;
  saleHref: (id: string) => string;
  viewer: DeskViewer;
  /** REVIEW_TARGET_MINUTES: an age past it is coloured. */
  targetMinutes: number;
  /** The row j/k moved to (Enter opens it). */
  selectedId: string | null;
}

const COLUMNS = 8;

/**
 * The dense queue: one line per sale (two when a name is long), so 20 and more fit a 1280×800
 * screen. The row's link opens the sale in work mode (which claims it). Sales waiting for a second
 * approval have a section of their own above the rest: first for the admin who can confirm them,
 * marked and passed over by the keys for the one who asked (docs/separation-of-duties.md).
 */
export function DeskTable({
  rows,
  secondRows = [],
  isLoading,
  error,
  onRetry,
  hasMore,
  loadingMore,
  onLoadMore,
  saleHref,
  viewer,
  targetMinutes,
  selectedId,
}: DeskTableProps) {
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
  if (rows.length === 0 && secondRows.length === 0) {
    return (
      <p className="desk-empty" role="status">
        No sales here. New sales appear within seconds.
      </p>
    );
  }
  const sections = secondRows.length > 0;
  const row = (sale: AdminSaleListItem) => (
    <QueueRow
      key={sale.id}
      sale={sale}
      saleHref={saleHref}
      viewer={viewer}
      targetMinutes={targetMinutes}
      selected={sale.id === selectedId}
    />
  );
  return (
    <>
      <table className="desk-table">
        <caption className="visually-hidden">Sales</caption>
        <thead>
          <tr>
            <th scope="col" aria-label="Image" />
            <th scope="col">Sale</th>
            <th scope="col">Customer</th>
            <th scope="col" className="desk-num">
              Amount
            </th>
            <th scope="col" className="desk-num">
              Naira
            </th>
            <th scope="col">Waiting</th>
            <th scope="col">Flags</th>
            <th scope="col">Reviewer</th>
          </tr>
        </thead>
        {sections ? (
          <tbody className="desk-section" data-section="second-approval">
            <tr className="desk-section__row">
              <th scope="rowgroup" colSpan={COLUMNS} id="desk-section-second">
                Second approval <span className="desk-section__count">{secondRows.length}</span>
                <span className="desk-section__hint">Approved once; another admin than the one who asked confirms with their code.</span>
              </th>
            </tr>
            {secondRows.map(row)}
          </tbody>
        ) : null}
        <tbody data-section="waiting">
          {sections ? (
            <tr className="desk-section__row">
              <th scope="rowgroup" colSpan={COLUMNS} id="desk-section-waiting">
                Waiting <span className="desk-section__count">{`${rows.length}${hasMore ? '+' : ''}`}</span>
              </th>
            </tr>
          ) : null}
          {rows.length === 0 ? (
            <tr>
              <td colSpan={COLUMNS} className="desk-muted">
                Nothing else waits.
              </td>
            </tr>
          ) : (
            rows.map(row)
          )}
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

function QueueRow({
  sale,
  saleHref,
  viewer,
  targetMinutes,
  selected,
}: {
  sale: AdminSaleListItem;
  saleHref: (id: string) => string;
  viewer: DeskViewer;
  targetMinutes: number;
  selected: boolean;
}) {
  const late = sale.age_minutes !== null && sale.age_minutes > targetMinutes;
  const claim = sale.claimed_by;
  const second = sale.second_approval;
  const role = secondApprovalRole(sale, viewer);
  const className = ['desk-row', selected ? 'desk-row--selected' : '', role === 'asked' || role === 'watch' ? 'desk-row--other' : '']
    .filter(Boolean)
    .join(' ');
  return (
    <tr className={className} data-sale-id={sale.id} data-second-approval={role === 'none' ? undefined : role} aria-selected={selected}>
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
      <td className="desk-num desk-money">
        {second ? (
          <span title={`Asked to pay; quoted ${formatNaira(sale.value_kobo)}`}>{formatNaira(second.amount_kobo)}</span>
        ) : (
          formatNaira(sale.value_kobo)
        )}
      </td>
      <td>
        {sale.age_minutes !== null ? (
          <span
            className={late ? 'desk-age desk-age--late' : 'desk-age'}
            title={late ? `Past the ${targetMinutes}-minute target` : undefined}
          >
            {formatAge(sale.age_minutes)}
          </span>
        ) : (
          '—'
        )}
      </td>
      <td className="desk-flags">
        <DeskFlags codes={sale.risk_flags} />
      </td>
      <td className="desk-reviewer">
        {second ? (
          <span className={role === 'confirm' ? 'desk-second desk-second--confirm' : 'desk-second'}>
            {role === 'confirm'
              ? `Confirm · asked by ${second.requested_by.name}`
              : role === 'asked'
                ? 'Asked by you'
                : `Asked by ${second.requested_by.name}`}
          </span>
        ) : (
          <>
            {claim ? (
              <span className={claim.id === viewer.id ? 'desk-claim desk-claim--mine' : 'desk-claim'}>
                {claim.id === viewer.id ? 'You' : claim.name}
              </span>
            ) : null}
            {sale.assigned_to && sale.assigned_to.id !== claim?.id ? (
              <span className="desk-assigned" title="Assigned by an admin">
                → {sale.assigned_to.id === viewer.id ? 'you' : sale.assigned_to.name}
              </span>
            ) : null}
            {!claim && !sale.assigned_to ? <span className="desk-muted">—</span> : null}
          </>
        )}
      </td>
    </tr>
  );
}
