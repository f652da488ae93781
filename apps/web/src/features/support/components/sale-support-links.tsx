import { Link } from 'react-router';
import { Mail, MessageCircle } from 'lucide-react';
import { saleSupportTexts } from '@wise/shared';
import { Skeleton } from '#web/components/ui/skeleton';
import { paths } from '#web/config/paths';
import { useTexts } from '#web/lib/i18n';
import { useSupportContacts } from '../api/get-support-contacts';
import { prefilledSupportLinks } from '../prefill';
import '#web/components/ui/button.css';
import './sale-support.css';

/**
 * "Contact support about this sale": WhatsApp and e-mail open with the sale's title and reference
 * already written (in the customer's language), so nobody has to copy the reference by hand.
 */
export function SaleSupportLinks({ title, reference }: { title: string; reference: string }) {
  const t = useTexts(saleSupportTexts);
  const contacts = useSupportContacts();
  let links;
  if (contacts.isPending) {
    links = <Skeleton height={48} />;
  } else if (contacts.isError) {
    // The contacts did not load: the support screen offers them (and retries) on its own.
    links = (
      <Link className="btn btn--secondary" to={paths.support} data-testid="sale-support-fallback">
        {t.action}
      </Link>
    );
  } else {
    const href = prefilledSupportLinks(contacts.data, t.subject(reference), t.message(title, reference));
    links = (
      <div className="sale-support__links">
        <a
          className="btn btn--secondary"
          href={href.whatsapp}
          target="_blank"
          rel="noopener noreferrer"
          aria-label={t.whatsappLabel}
          data-testid="sale-support-whatsapp"
        >
          <MessageCircle size={18} aria-hidden="true" /> {t.whatsapp}
        </a>
        <a className="btn btn--secondary" href={href.email} aria-label={t.emailLabel} data-testid="sale-support-email">
          <Mail size={18} aria-hidden="true" /> {t.email}
        </a>
      </div>
    );
  }
  return (
    <section className="sale-support" aria-labelledby="sale-support-heading" data-testid="sale-support">
      <h2 id="sale-support-heading" className="sale-support__heading">
        {t.action}
      </h2>
      <p className="sale-support__reference">{t.reference(reference)}</p>
      {links}
    </section>
  );
}
