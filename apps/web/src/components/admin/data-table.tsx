import type { CSSProperties, KeyboardEvent, ReactNode } from 'react';
import { EmptyState } from '../ui/empty-state';
import { FetchError } from '../ui/fetch-error';
import { Skeleton } from '../ui/skeleton';
import { Button } from '../ui/button';
import './data-table.css';

export interface Column<T> {
  key: string;
  header: ReactNode;
  cell: (row: T) => ReactNode;
  /** Numbers and amounts sit on the right. */
  align?: 'start' | 'end';
  width?: CSSProperties['width'];
}

interface DataTableProps<T> {
  /** Names the table for screen readers. */
  caption: string;
  columns: Column<T>[];
  rows: T[] | undefined;
  rowKey: (row: T) => string;
  isLoading?: boolean;
  /** A failed first load: the message and a retry replace the rows. */
  error?: unknown;
  errorMessage?: string;
  onRetry?: () => void;
  retrying?: boolean;
  empty?: { title: ReactNode; text?: ReactNode; action?: ReactNode };
  /**
   * Makes each row open something with a click. With `rowLabel` the row is also focusable and
   * Enter opens it; without, the row should hold a link of its own for keyboards.
   */
  onRowClick?: (row: T) => void;
  rowLabel?: (row: T) => string;
  /** "Load more" for keyset-paged lists. */
  hasMore?: boolean;
  loadingMore?: boolean;
  onLoadMore?: () => void;
  /** Height cap of the scrolling box (its header stays visible while the rows scroll). */
  maxHeight?: CSSProperties['maxHeight'];
}

const SKELETON_ROWS = 6;

/**
 * The back office's list: a sticky header over scrolling rows, and the three other states
 * designed (skeleton rows while loading, the error with a retry, a friendly empty line).
 */
export function DataTable<T>({
  caption,
  columns,
  rows,
  rowKey,
  isLoading,
  error,
  errorMessage = "Couldn't load this list",
  onRetry,
  retrying,
  empty = { title: 'Nothing here yet' },
  onRowClick,
  rowLabel,
  hasMore,
  loadingMore,
  onLoadMore,
  maxHeight,
}: DataTableProps<T>) {
  const style =
    maxHeight !== undefined
      ? ({ '--admin-table-max-h': typeof maxHeight === 'number' ? `${maxHeight}px` : maxHeight } as CSSProperties)
      : undefined;
  const failed = error !== undefined && error !== null && !rows;
  const loading = !failed && (isLoading || !rows);

  let body: ReactNode;
  if (loading) body = <SkeletonRows columns={columns} />;
  else if (failed)
    body = (
      <StateRow columns={columns}>
        <FetchError message={errorMessage} onRetry={onRetry ?? (() => undefined)} retrying={retrying} />
      </StateRow>
    );
  else if (rows && rows.length === 0)
    body = (
      <StateRow columns={columns}>
        <EmptyState title={empty.title} text={empty.text} action={empty.action} />
      </StateRow>
    );
  else
    body = rows?.map((row) => (
      <DataRow key={rowKey(row)} row={row} columns={columns} onOpen={onRowClick ? () => onRowClick(row) : undefined} label={rowLabel} />
    ));

  return (
    <div>
      <div className="admin-table-wrap" style={style} aria-busy={loading || undefined}>
        <table className="admin-table">
          <caption className="visually-hidden">{caption}</caption>
          <thead>
            <tr>
              {columns.map((column) => (
                <th key={column.key} scope="col" className={column.align === 'end' ? 'is-end' : undefined} style={{ width: column.width }}>
                  {column.header}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>{body}</tbody>
        </table>
      </div>
      {hasMore && onLoadMore ? (
        <div className="admin-table__footer">
          <Button variant="secondary" onClick={onLoadMore} busy={loadingMore} busyLabel="Loading...">
            Load more
          </Button>
        </div>
      ) : null}
    </div>
  );
}

function SkeletonRows<T>({ columns }: { columns: Column<T>[] }) {
  return Array.from({ length: SKELETON_ROWS }, (_, index) => (
    <tr key={index} aria-hidden="true">
      {columns.map((column) => (
        <td key={column.key}>
          <Skeleton height={14} width={column.align === 'end' ? '60%' : '80%'} />
        </td>
      ))}
    </tr>
  ));
}

/** One cell across the table for the error or the empty line. */
function StateRow<T>({ columns, children }: { columns: Column<T>[]; children: ReactNode }) {
  return (
    <tr>
      <td colSpan={columns.length} className="admin-table__state">
        {children}
      </td>
    </tr>
  );
}

/** A row; with `onOpen` a click opens it, and with a `label` too it is focusable and Enter opens it. */
function DataRow<T>({ row, columns, onOpen, label }: { row: T; columns: Column<T>[]; onOpen?: () => void; label?: (row: T) => string }) {
  const keyboard = onOpen && label !== undefined;
  const onKeyDown = keyboard
    ? (event: KeyboardEvent<HTMLTableRowElement>) => {
        if (event.key === 'Enter') onOpen();
      }
    : undefined;
  return (
    <tr
      className={onOpen ? 'admin-table__row--link' : undefined}
      onClick={onOpen}
      onKeyDown={onKeyDown}
      tabIndex={keyboard ? 0 : undefined}
      aria-label={keyboard ? label(row) : undefined}
    >
      {columns.map((column) => (
        <td key={column.key} className={column.align === 'end' ? 'is-end' : undefined}>
          {column.cell(row)}
        </td>
      ))}
    </tr>
  );
}
