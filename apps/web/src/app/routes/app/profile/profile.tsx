import { useQueryClient } from '@tanstack/react-query';
import { Link } from 'react-router';
import {
  CalendarDays,
  ChevronRight,
  Download,
  KeyRound,
  Lock,
  Mail,
  MapPin,
  Phone,
  ShieldCheck,
  Trash2,
  UserRound,
  Users,
  type LucideIcon,
} from 'lucide-react';
import {
  fetchMessages as englishFetchMessages,
  firstWord,
  formatPhone,
  identityScreenTexts as englishIdentityTexts,
  passkeyTexts as englishPasskeyTexts,
  privacyMessages as englishPrivacyMessages,
  profileMessages as englishProfileMessages,
  profileScreenTexts,
  type ProfileResponse,
} from '@wise/shared';
import { GemGlyph } from '#web/components/ui/art/gem';
import { Screen } from '#web/components/ui/screen';
import { Skeleton } from '#web/components/ui/skeleton';
import { paths } from '#web/config/paths';
import { dashboardKeys } from '#web/features/dashboard/api/keys';
import { useProfile } from '#web/features/profile/api/get-profile';
import { PhotoUpload } from '#web/features/profile/components/photo-upload';
import { SellingLimit } from '#web/features/profile/components/selling-limit';
import { LanguageRow } from '#web/features/profile/components/language-row';
import { formatCalendarDate } from '#web/lib/format';
import { useTexts } from '#web/lib/i18n';
import { FetchError } from '#web/components/ui/fetch-error';
import '#web/components/ui/list.css';
import '../common/account.css';
import './profile.css';
import './data-rights.css';

interface DetailRow {
  /** Which detail, whatever the language of its label. */
  kind: 'name' | 'phone' | 'email' | 'other';
  label: string;
  value: string | null;
  href: string;
  Icon: LucideIcon;
  /** Bound by a verified BVN or NIN (docs/identity.md): shown, not changed here. */
  locked?: boolean;
}

/**
 * A value whole on a 360 px phone: a phone number never splits between its groups, an e-mail
 * address breaks before its @ rather than mid-word.
 */
function DetailValue({ kind, value }: { kind: DetailRow['kind']; value: string }) {
  if (kind === 'phone') return <span className="list__title profile__value profile__value--phone">{value}</span>;
  const at = kind === 'email' ? value.lastIndexOf('@') : -1;
  if (at <= 0) return <span className="list__title profile__value">{value}</span>;
  return (
    <span className="list__title profile__value">
      {value.slice(0, at)}
      <wbr />
      {value.slice(at)}
    </span>
  );
}

/** /profile: photo with upload, greeting, the details list with modify links, the gem balance card (docs/product.md §2). */
export function ProfileRoute() {
  const profile = useProfile();
  const queryClient = useQueryClient();
  const t = useTexts(profileScreenTexts);
  const fetchMessages = useTexts(englishFetchMessages);
  const identityScreenTexts = useTexts(englishIdentityTexts);
  const passkeyTexts = useTexts(englishPasskeyTexts);

  if (profile.isPending) {
    return (
      <Screen withNav>
        <div className="profile__head" aria-busy="true" aria-label={t.loading}>
          <Skeleton width={96} height={96} radius="50%" />
          <Skeleton width={160} height={24} />
        </div>
        <Skeleton height={320} />
      </Screen>
    );
  }
  if (profile.isError) {
    return (
      <Screen withNav>
        <FetchError message={fetchMessages.profile} onRetry={() => void profile.refetch()} retrying={profile.isFetching} />
      </Screen>
    );
  }

  const p = profile.data;

  return (
    <Screen withNav>
      <title>{`${t.pageTitle} · Wise`}</title>
      <div className="profile__head">
        <PhotoUpload
          name={p.full_name}
          photo={p.photo}
          // The dashboard shows the same photo.
          onUploaded={() => void queryClient.invalidateQueries({ queryKey: dashboardKeys.all })}
        />
        <h1 className="profile__greeting">{t.greeting(firstWord(p.full_name))}</h1>
      </div>

      <Link to={paths.gemBalance} className="profile__gems">
        <span className="list__icon profile__gem-icon">
          <GemGlyph size={24} />
        </span>
        <span className="list__main">
          <span className="list__title">{t.gemBalance}</span>
          <span className="list__sub">{t.gemBalanceSub}</span>
        </span>
        <ChevronRight size={20} aria-hidden="true" />
      </Link>

      <Link to={paths.verification} className="profile__verification" data-testid="profile-verification">
        <span className="list__icon">
          <ShieldCheck size={20} aria-hidden="true" />
        </span>
        <span className="list__main">
          <span className="list__title">{identityScreenTexts.profileLink}</span>
          <span className="list__sub">{identityScreenTexts.profileLinkSub}</span>
        </span>
        <ChevronRight size={20} aria-hidden="true" />
      </Link>
      <SellingLimit />

      <Link to={paths.profilePasskeys} className="profile__verification" data-testid="profile-passkeys">
        <span className="list__icon">
          <KeyRound size={20} aria-hidden="true" />
        </span>
        <span className="list__main">
          <span className="list__title">{passkeyTexts.profileLink}</span>
          <span className="list__sub">{passkeyTexts.profileLinkSub}</span>
        </span>
        <ChevronRight size={20} aria-hidden="true" />
      </Link>

      <LanguageRow />

      <PersonalDetails profile={p} />

      <YourData />
    </Screen>
  );
}

/** The details with their modify links; the name and birth date are locked while a verified BVN or NIN binds them. */
function PersonalDetails({ profile: p }: { profile: ProfileResponse }) {
  const t = useTexts(profileScreenTexts);
  const messages = useTexts(englishProfileMessages);
  const locked = p.identity_locked;
  const rows: DetailRow[] = [
    { kind: 'name', label: t.fullName, value: p.full_name, href: paths.profileFullName, Icon: UserRound, locked },
    { kind: 'phone', label: t.mobile, value: formatPhone(p.phone), href: paths.profilePhone, Icon: Phone },
    { kind: 'email', label: t.email, value: p.email, href: paths.profileEmail, Icon: Mail },
    { kind: 'other', label: t.gender, value: p.gender ? t.genders[p.gender] : null, href: paths.profileGender, Icon: Users },
    { kind: 'other', label: t.address, value: p.address, href: paths.profileAddress, Icon: MapPin },
    {
      kind: 'other',
      label: t.dateOfBirth,
      value: p.date_of_birth ? formatCalendarDate(p.date_of_birth) : null,
      href: paths.profileDob,
      Icon: CalendarDays,
      locked,
    },
  ];
  return (
    <section aria-labelledby="details-title">
      <h2 id="details-title" className="section-title">
        {t.personalDetails}
      </h2>
      <ul className="list" data-testid="profile-details">
        {rows.map(({ kind, label, value, href, Icon, locked: rowLocked }) => {
          const content = (
            <>
              <span className="list__icon">
                <Icon size={18} aria-hidden="true" />
              </span>
              {/* The spaces keep the words apart in the visible text the row's label must contain. */}
              <span className="list__main">
                <span className="list__sub">{label}</span>{' '}
                {value ? <DetailValue kind={kind} value={value} /> : <span className="profile__missing">{t.notAdded}</span>}
              </span>
            </>
          );
          return (
            <li key={label}>
              {rowLocked ? (
                <div className="list__row" aria-label={t.lockedRowLabel(label, value)} data-testid="profile-locked-row">
                  {content}{' '}
                  <span className="list__action profile__locked">
                    <Lock size={14} aria-hidden="true" /> {t.locked}
                  </span>
                </div>
              ) : (
                <Link to={href} className="list__row" aria-label={t.rowLabel(label, value)}>
                  {content} <span className="list__action">{t.modify}</span>
                </Link>
              )}
            </li>
          );
        })}
      </ul>
      {locked ? (
        <p className="screen__aside" data-testid="profile-locked-note">
          {messages.lockedHint} <Link to={paths.verification}>{messages.lockedHowToChange}</Link>
        </p>
      ) : null}
    </section>
  );
}

/** Download my data, and delete the account. */
function YourData() {
  const t = useTexts(profileScreenTexts);
  const privacyMessages = useTexts(englishPrivacyMessages);
  return (
    <section aria-labelledby="your-data-title" className="profile__rights">
      <h2 id="your-data-title" className="section-title">
        {t.yourData}
      </h2>
      <ul className="list">
        {[
          { label: privacyMessages.exportTitle, href: paths.profileData, Icon: Download },
          { label: privacyMessages.closeTitle, href: paths.profileClose, Icon: Trash2 },
        ].map(({ label, href, Icon }) => (
          <li key={href}>
            <Link to={href} className="list__row">
              <span className="list__icon">
                <Icon size={18} aria-hidden="true" />
              </span>
              <span className="list__main">
                <span className="list__title">{label}</span>
              </span>
              <ChevronRight size={20} aria-hidden="true" />
            </Link>
          </li>
        ))}
      </ul>
    </section>
  );
}
