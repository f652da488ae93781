import type { ReactNode } from 'react';
import { fetchMessages, profileFormTexts, type ProfileResponse } from '@wise/shared';
import { FetchError } from '#web/components/ui/fetch-error';
import { Header } from '#web/components/ui/header';
import { Screen, ScreenIntro } from '#web/components/ui/screen';
import { Skeleton } from '#web/components/ui/skeleton';
import { paths } from '#web/config/paths';
import { useTexts } from '#web/lib/i18n';
import { useProfile } from '../api/get-profile';

interface ProfileFormScreenProps {
  title: string;
  intro?: ReactNode;
  backTo?: string;
  /** The form, given the loaded profile (forms start from the current values). */
  children: (profile: ProfileResponse) => ReactNode;
}

/** The frame every modify screen shares: header, intro, and the profile's loading and error states. */
export function ProfileFormScreen({ title, intro, backTo = paths.profile, children }: ProfileFormScreenProps) {
  const profile = useProfile();
  const t = useTexts(profileFormTexts);
  const fetchTexts = useTexts(fetchMessages);
  return (
    // One title per screen: the intro's heading, under a bare back arrow.
    <Screen header={<Header backTo={backTo} />}>
      <title>{`${title} · Wise`}</title>
      <ScreenIntro title={title} text={intro} />
      {profile.isPending ? (
        <div aria-busy="true" aria-label={t.loading} style={{ display: 'grid', gap: 16 }}>
          <Skeleton height={48} />
          <Skeleton height={48} />
        </div>
      ) : profile.isError ? (
        <FetchError message={fetchTexts.profile} onRetry={() => void profile.refetch()} retrying={profile.isFetching} />
      ) : (
        children(profile.data)
      )}
    </Screen>
  );
}
