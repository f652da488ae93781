import { useEffect } from 'react';
import { Navigate, useSearchParams } from 'react-router';
import { billMessages, billOrderTitle, billSuccessText, type BillKind } from '@wise/shared';
import { Skeleton } from '../../../components/ui/skeleton';
import { SuccessScreen } from '../../../components/ui/success-screen';
import { toastError } from '../../../components/ui/toast';
import { billHrefs, paths } from '../../../config/paths';
import { errorMessage } from '../../../lib/api-client';
import { formatGems } from '../../../lib/format';
import { useBillOrder } from '../api/get-order';
import { CopyButton } from '../../../components/ui/copy-button';
import './bills.css';

/** /{kind}/success?order=…: docs/product.md §2's success text; electricity shows the Token and Units Purchased. */
export function BillSuccessScreen({ kind }: { kind: BillKind }) {
  const [params] = useSearchParams();
  const orderId = params.get('order') ?? '';
  const order = useBillOrder(orderId);
  const failed = order.isError;
  useEffect(() => {
    if (failed) toastError(errorMessage(order.error, billMessages.orderNotFound));
  }, [failed, order.error]);

  if (orderId === '' || failed) return <Navigate to={billHrefs.start(kind)} replace />;
  const current = order.data?.order;
  // Not settled yet (e.g. the address typed by hand): the PIN screen knows what to do.
  if (current && current.status !== 'successful') return <Navigate to={billHrefs.pin(kind, current.id)} replace />;

  return (
    <SuccessScreen
      title={billSuccessText[kind]}
      message={billSuccessText[kind]}
      action={{ label: 'Go to Home', to: paths.homepage }}
      secondary={{ label: 'Buy again', to: billHrefs.start(kind) }}
    >
      {current ? (
        <div className="bills-result" data-testid="bill-result">
          <p className="screen__text">
            {billOrderTitle(current)} · {formatGems(current.amount)} gems
          </p>
          {current.token ? (
            <div className="bills-result__token">
              <div className="bills-result__head">
                <span>{billMessages.tokenLabel}</span>
                <CopyButton text={current.token} ariaLabel="Copy token" copiedAriaLabel="Token copied" />
              </div>
              <strong className="bills-result__value bills-result__value--token" data-testid="bill-token">
                {current.token}
              </strong>
            </div>
          ) : null}
          {current.units ? (
            <div className="bills-result__row">
              <span>{billMessages.unitsLabel}</span>
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
