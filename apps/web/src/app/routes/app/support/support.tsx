import { Link } from 'react-router';
import { ChevronRight, Mail, MessageCircle, MessagesSquare } from 'lucide-react';
import { fetchMessages as englishFetchMessages, supportTexts } from '@wise/shared';
import { Screen, ScreenIntro } from '#web/components/ui/screen';
import { Skeleton } from '#web/components/ui/skeleton';
import { paths } from '#web/config/paths';
import { useSupportContacts } from '#web/features/support/api/get-support-contacts';
import { FetchError } from '#web/components/ui/fetch-error';
import { useTexts } from '#web/lib/i18n';
import '#web/components/ui/list.css';
import '../common/account.css';

/** /support: WhatsApp and e-mail (SUPPORT_WHATSAPP, SUPPORT_EMAIL), and live chat (coming soon). */
export function SupportRoute() {
  const contacts = useSupportContacts();
  const t = useTexts(supportTexts);
  const fetchMessages = useTexts(englishFetchMessages);
  return (
    <Screen withNav className="screen--tab">
      <title>{`${t.title} · Wise`}</title>
      <ScreenIntro title={t.title} text={t.intro} />
      {contacts.isPending ? (
        <Skeleton height={200} />
      ) : contacts.isError ? (
        <FetchError message={fetchMessages.details} onRetry={() => void contacts.refetch()} retrying={contacts.isFetching} />
      ) : (
        <ul className="list">
          <li>
            <a
              className="list__row"
              href={contacts.data.whatsapp_url}
              target="_blank"
              rel="noopener noreferrer"
              data-testid="support-whatsapp"
            >
              <span className="list__icon">
                <MessageCircle size={20} aria-hidden="true" />
              </span>
              <span className="list__main">
                <span className="list__title">{t.whatsapp}</span>
                <span className="list__sub">{contacts.data.whatsapp_number}</span>
              </span>
              <ChevronRight className="list__trail" size={20} aria-hidden="true" />
            </a>
          </li>
          <li>
            <a className="list__row" href={contacts.data.email_url} data-testid="support-email">
              <span className="list__icon">
                <Mail size={20} aria-hidden="true" />
              </span>
              <span className="list__main">
                <span className="list__title">{t.email}</span>
                <span className="list__sub">{contacts.data.email}</span>
              </span>
              <ChevronRight className="list__trail" size={20} aria-hidden="true" />
            </a>
          </li>
          <li>
            <Link className="list__row" to={paths.liveChat}>
              <span className="list__icon">
                <MessagesSquare size={20} aria-hidden="true" />
              </span>
              <span className="list__main">
                <span className="list__title">{t.liveChat}</span>
                <span className="list__sub">{t.liveChatSub}</span>
              </span>
              <ChevronRight className="list__trail" size={20} aria-hidden="true" />
            </Link>
          </li>
        </ul>
      )}
    </Screen>
  );
}
