import { useEffect } from 'react';
import { Navigate, useSearchParams } from 'react-router';
import { billMessages, billOrderTitle, billSuccessScreenTexts, billSuccessText, type BillKind } from '@wise/shared';
import { Skeleton } from '#web/components/ui/skeleton';
import { SuccessScreen } from '#web/components/ui/success-screen';
import { toastError } from '#web/components/ui/toast';
import { billHrefs, paths } from '#web/config/paths';
import { errorMessage } from '#web/lib/api-client';
import { formatGems } from '#web/lib/format';
import { useTexts, useTranslate } from '#web/lib/i18n';
import { useBillOrder } from '../api/get-order';
import { CopyButton } from '#web/components/ui/copy-button';
import './bills.css';

/** /{kind}/success?order=…: docs/product.md §2's success text; electricity shows the Token and Units Purchased. */
export function BillSuccessScreen({ kind }: { kind: BillKind }) {
  const t = useTexts(billSuccessScreenTexts);
  const messages = useTexts(billMessages);
  const successText = useTexts(billSuccessText);
  const translate = useTranslate();
  const [params] = useSearchParams();
  const orderId = params.get('order') ?? '';
  const order = useBillOrder(orderId);
  const failed = order.isError;
  const failure = failed ? translate(errorMessage(order.error, messages.orderNotFound)) : undefined;
  useEffect(() => {
    if (failure !== undefined) toastError(failure);
  }, [failure]);

  if (orderId === '' || failed) return <Navigate to={billHrefs.start(kind)} replace />;
  const current = order.data?.order;
  // Not settled yet (e.g. the address typed by hand): the PIN screen knows what to do.
  if (current && current.status !== 'successful') return <Navigate to={billHrefs.pin(kind, current.id)} replace />;

  return (
    <SuccessScreen
      title={successText[kind]}
      message={successText[kind]}
      action={{ label: t.goHome, to: paths.homepage }}
      secondary={{ label: t.buyAgain, to: billHrefs.start(kind) }}
    >
      {current ? (
        <div className="bills-result" data-testid="bill-result">
          <p className="screen__text">{t.summary(billOrderTitle(current), formatGems(current.amount))}</p>
          {current.token ? (
            <div className="bills-result__token">
              <div className="bills-result__head">
                <span>{messages.tokenLabel}</span>
                <CopyButton text={current.token} ariaLabel={t.copyToken} copiedAriaLabel={t.tokenCopied} />
              </div>
              <strong className="bills-result__value bills-result__value--token" data-testid="bill-token">
                {current.token}
              </strong>
            </div>
          ) : null}
          {current.units ? (
            <div className="bills-result__row">
              <span>{messages.unitsLabel}</span>
              <strong className="bills-result__value" data-testid="bill-units">
                {current.units}
              </strong>
            </div>
          ) : null}
        </div>
      ) : (
        <Skeleton height={20} width="70%" />
      )}
    </SuccessScreen>
  );
}
