import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useMemo, useRef, useState } from 'react';
import { Link } from 'react-router';
import { Bell, ChevronRight } from 'lucide-react';
import { capitalizeFirst, fetchMessages, notificationsScreenTexts, relativeTimeTexts, type Notification } from '@wise/shared';
import { DateTime } from '#web/components/ui/date-time';
import { EmptyState } from '#web/components/ui/empty-state';
import { Header } from '#web/components/ui/header';
import { LoadMore } from '#web/components/ui/load-more';
import { Screen } from '#web/components/ui/screen';
import { Skeleton } from '#web/components/ui/skeleton';
import { notificationTopicHref, paths, transactionHref } from '#web/config/paths';
import { dashboardKeys } from '#web/features/dashboard/api/keys';
import { useMarkNotificationsRead } from '#web/features/notifications/api/mark-notifications-read';
import { useNotifications } from '#web/features/notifications/api/get-notifications';
import { FetchError } from '#web/components/ui/fetch-error';
import { PushCard } from '#web/features/push/components/push-card';
import { useTexts, useTranslate } from '#web/lib/i18n';
import '#web/components/ui/list.css';
import '../common/account.css';

/**
 * /homepage/notifications: messages with dates, first letter capitalised, newest first; opening
 * marks them read. Older messages load page by page as the list is scrolled to its end. A message
 * about a sale or a bill order is a link to that transaction's detail; one about a screen (a fired
 * rate alert, the PIN, the bank…) a link to that screen.
 */
export function NotificationsRoute() {
  const t = useTexts(notificationsScreenTexts);
  const fetchText = useTexts(fetchMessages);
  const ago = useTexts(relativeTimeTexts);
  const translate = useTranslate();
  const notifications = useNotifications();
  const list = useMemo(() => notifications.data?.pages.flatMap((page) => page.notifications), [notifications.data]);
  const queryClient = useQueryClient();
  const markRead = useMarkNotificationsRead();
  // The list refreshes itself while open (get-notifications.ts). What was unread when it first
  // showed keeps its dot for this visit, even after a refresh reads it back as read; a message
  // arriving meanwhile is marked read in turn.
  const [kept, setKept] = useState<{ data?: Notification[]; unread: ReadonlySet<string> }>({ unread: new Set() });
  if (list && kept.data !== list) {
    const unread = new Set(kept.unread);
    for (const n of list) if (!n.read) unread.add(n.id);
    setKept({ data: list, unread });
  }
  const markedUpTo = useRef<string | undefined>(undefined);
  // Marking read covers every page on the server, so the newest unread of any loaded page is enough.
  const newestUnread = list?.find((n) => !n.read)?.id;

  useEffect(() => {
    if (newestUnread && markedUpTo.current !== newestUnread) {
      markedUpTo.current = newestUnread;
      // The dashboard's unread badge counts what was just marked read.
      markRead.mutate(undefined, { onSuccess: () => void queryClient.invalidateQueries({ queryKey: dashboardKeys.all }) });
    }
  }, [newestUnread, markRead, queryClient]);

  const unread = (n: Notification) => !n.read || kept.unread.has(n.id);

  let body;
  if (notifications.isPending) {
    body = (
      <div className="list" aria-busy="true" aria-label={t.loading}>
        {[0, 1, 2].map((i) => (
          <div key={i} className="list__row">
            <Skeleton width={40} height={40} radius="50%" />
            <div className="list__main" style={{ gap: 6 }}>
              <Skeleton height={14} />
              <Skeleton height={12} width="40%" />
            </div>
          </div>
        ))}
      </div>
    );
  } else if (notifications.isError) {
    body = (
      <FetchError message={fetchText.notifications} onRetry={() => void notifications.refetch()} retrying={notifications.isFetching} />
    );
  } else if (!list || list.length === 0) {
    body = <EmptyState art={<Bell size={48} aria-hidden="true" />} title={t.emptyTitle} text={t.emptyText} />;
  } else {
    body = (
      <>
        <ul className="list" data-testid="notifications">
          {list.map((n) => {
            const href = n.transaction_id ? transactionHref(n.transaction_id) : n.topic ? notificationTopicHref[n.topic] : undefined;
            const content = (
              <>
                <span className="list__icon">
                  <Bell size={18} aria-hidden="true" />
                </span>
                <span className="list__main">
                  <span className="notification__message">{capitalizeFirst(translate(n.message))}</span>
                  <DateTime className="list__sub" iso={n.date_created} relative={ago} />
                </span>
                {unread(n) ? <span className="notification__dot" role="img" aria-label={t.unread} /> : null}
                {href ? <ChevronRight className="list__trail" size={20} aria-hidden="true" /> : null}
              </>
            );
            // A notice opens what it is about, as its push does.
            return (
              <li key={n.id} data-unread={unread(n) || undefined}>
                {href ? (
                  <Link to={href} className="list__row" data-testid="notification-link">
                    {content}
                  </Link>
                ) : (
                  <div className="list__row">{content}</div>
                )}
              </li>
            );
          })}
        </ul>
        <LoadMore
          hasMore={notifications.hasNextPage}
          loading={notifications.isFetchingNextPage}
          failed={notifications.isFetchNextPageError}
          errorMessage={fetchText.notifications}
          onLoadMore={() => void notifications.fetchNextPage()}
        />
      </>
    );
  }

  return (
    <Screen header={<Header backTo={paths.homepage} title={t.header} />}>
      <title>{t.title}</title>
      <PushCard />
      {body}
    </Screen>
  );
}
