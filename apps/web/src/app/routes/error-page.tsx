import { isRouteErrorResponse, Link, useRouteError } from 'react-router';
import { errorPageTexts } from '@wise/shared';
import { BadIcon } from '#web/components/ui/art/bad-icon';
import { paths } from '#web/config/paths';
import './error-page.css';
import { useTexts } from '#web/lib/i18n';

function describe(error: unknown): string {
  if (isRouteErrorResponse(error)) return error.statusText || String(error.status);
  if (error instanceof Error) return error.message;
  return typeof error === 'string' ? error : '';
}

/** The route error screen (docs/product.md §2): 'Oops!', the apology, then the error's status text or message. */
export function ErrorPage() {
  const error = useRouteError();
  const detail = describe(error);
  const t = useTexts(errorPageTexts);
  return (
    <main className="error-page" id="error-page">
      <title>{t.documentTitle}</title>
      <div className="error-page__art">
        <BadIcon size={64} />
      </div>
      <h1 className="error-page__title">{t.title}</h1>
      <p className="error-page__text">{t.body}</p>
      {detail ? (
        <p className="error-page__detail">
          <i>{detail}</i>
        </p>
      ) : null}
      <Link to={paths.home} className="error-page__link">
        {t.home}
      </Link>
    </main>
  );
}
