import { useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { useNavigate } from 'react-router';
import { ChevronRight } from 'lucide-react';
import { earnScreenTexts } from '@wise/shared';
import { Link } from 'react-router';
import { GemGlyph } from '#web/components/ui/art/gem';
import { Button } from '#web/components/ui/button';
import { Card } from '#web/components/ui/card';
import { Header } from '#web/components/ui/header';
import { Screen, ScreenIntro } from '#web/components/ui/screen';
import { Skeleton } from '#web/components/ui/skeleton';
import { toastError } from '#web/components/ui/toast';
import { paths } from '#web/config/paths';
import { dashboardKeys } from '#web/features/dashboard/api/keys';
import { useCollectGems } from '#web/features/gems/api/collect-gems';
import { useCollection } from '#web/features/gems/api/get-collection';
import { CollectButton } from '#web/features/gems/components/collect-button';
import { DayGrid, DayGridSkeleton } from '#web/features/gems/components/day-grid';
import { GemBalanceCard } from '#web/features/gems/components/gem-balance-card';
import { errorMessage } from '#web/lib/api-client';
import { useTexts, useTranslate } from '#web/lib/i18n';
import type { EarnSuccessState } from './earn-success';
import './earn.css';

/** /earn (docs/product.md §2, §4): the week's gem cards, today's collection and the countdown to midnight. */
export function EarnRoute() {
  const t = useTexts(earnScreenTexts);
  const translate = useTranslate();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const collection = useCollection();
  const collect = useCollectGems();
  const { refetch } = collection;
  const askAgain = useCallback(() => void refetch(), [refetch]);

  const onCollect = () =>
    collect.mutate(undefined, {
      onSuccess: (data) => {
        // The dashboard's `wallet` is the same ledger balance: never show the old one.
        void queryClient.invalidateQueries({ queryKey: dashboardKeys.all });
        const state: EarnSuccessState = { points: data.points, totalPoints: data.total_points, day: data.day };
        void navigate(paths.earnSuccess, { state });
      },
      onError: (error) => toastError(translate(errorMessage(error, t.collectFailed))),
    });

  return (
    <Screen withNav header={<Header title={t.title} />}>
      <title>{t.pageTitle}</title>
      <ScreenIntro title={t.heading} text={t.text} />
      <GemBalanceCard />

      {collection.isPending ? (
        <>
          <Skeleton height={48} radius={999} />
          <DayGridSkeleton />
        </>
      ) : collection.isError ? (
        <Card tone="outline" className="earn__error" role="alert">
          <p>{translate(errorMessage(collection.error, t.fetchFailed))}</p>
          <Button variant="secondary" onClick={askAgain}>
            {t.tryAgain}
          </Button>
        </Card>
      ) : (
        <>
          {/* The action first: below the week's grid it fell under the bottom bar at 360 × 740. */}
          <CollectButton
            collectedToday={collection.data.collected_today}
            nextResetAt={collection.data.next_reset_at}
            clockSkewMs={collection.data.clockSkewMs}
            busy={collect.isPending}
            onCollect={onCollect}
            onDayOver={askAgain}
          />
          <DayGrid days={collection.data.days} today={collection.data.today} />
        </>
      )}

      <Card tone="tinted">
        <Link to={paths.rewards} className="gem-promo">
          <GemGlyph size={32} />
          <span className="gem-promo__text">
            <span className="gem-promo__title">{t.rewards}</span>
            <br />
            <span className="gem-promo__sub">{t.rewardsSub}</span>
          </span>
          <ChevronRight size={20} aria-hidden="true" />
        </Link>
      </Card>
    </Screen>
  );
}
