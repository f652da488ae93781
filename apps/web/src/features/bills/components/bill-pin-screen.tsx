import { useEffect, useRef, useState } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import {
  billErrorCodes,
  billMessages,
  billOrderTitle,
  billPinTexts,
  pinErrorCodes,
  PIN_LENGTH,
  type BillKind,
  type BillOrder,
} from '@wise/shared';
import { Button, LinkButton, Spinner } from '#web/components/ui/button';
import { PinField } from '#web/components/ui/code-field';
import { Header } from '#web/components/ui/header';
import { Screen, ScreenIntro } from '#web/components/ui/screen';
import { Skeleton } from '#web/components/ui/skeleton';
import { toastError } from '#web/components/ui/toast';
import { billHrefs, paths } from '#web/config/paths';
import { ApiError, errorMessage } from '#web/lib/api-client';
import { formatGems } from '#web/lib/format';
import { useTexts, useTranslate } from '#web/lib/i18n';
import type { FormStore } from '#web/lib/form/store';
import { useZodForm } from '#web/lib/use-zod-form';
import { useAuthoriseBillOrder } from '../api/authorise-order';
import { useBillOrder } from '../api/get-order';
import { armBillDraft, billDraftScope, forgetBillDraft } from '../hooks/bill-draft';
import { BillProcessing } from './bill-processing';
import './bills.css';

/**
 * How long the customer watches 'Verifying...' before the screen says the purchase is processing
 * and lets them leave: a provider answers within a second or two, or not for a long while.
 */
export const PROCESSING_SCREEN_AFTER_MS = 4000;

interface BillPinScreenProps {
  kind: BillKind;
  /** Gems were held, spent or given back: the screen refreshes every balance it shows. */
  onGemsMoved: () => void;
}

/** Where the customer starts again after a refusal: the data plans of the same network. */
const startOf = (order: Pick<BillOrder, 'kind' | 'service'>) =>
  order.kind === 'data' ? billHrefs.dataProvider(order.service) : billHrefs.start(order.kind);

/** docs/product.md §4, §8: a refused data purchase always reads 'Invalid request'. */
const refusal = (order: Pick<BillOrder, 'kind' | 'message'>, messages: typeof billMessages) =>
  order.kind === 'data' ? messages.dataFailed : order.message || messages.declined;

/**
 * /{kind}/enterPIN?order=…: the PIN authorises the order (docs/product.md §2 'Enter PIN'). A `processing`
 * answer shows that the purchase is being confirmed and asks again until the server settles it.
 */
export function BillPinScreen({ kind, onGemsMoved }: BillPinScreenProps) {
  const t = useTexts(billPinTexts);
  const messages = useTexts(billMessages);
  const translate = useTranslate();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const orderId = params.get('order') ?? '';
  const order = useBillOrder(orderId, { poll: true });
  const authorise = useAuthoriseBillOrder(orderId);
  const form = useZodForm(() => import('../form-schemas').then((m) => m.authoriseBillOrderSchema), { pin: '' });
  const [pinNotSet, setPinNotSet] = useState<string>();
  // Whether the customer is waiting for the provider (since the Verify tap), and whether too long.
  const [waiting, setWaiting] = useState(false);
  const [waitedLong, setWaitedLong] = useState(false);

  const status = order.data?.order.status;
  const refusalText = order.data ? translate(refusal(order.data.order, messages)) : '';
  useKeepDraft(order.data?.order);
  useEffect(() => {
    if (!waiting) return;
    const timer = setTimeout(() => setWaitedLong(true), PROCESSING_SCREEN_AFTER_MS);
    return () => clearTimeout(timer);
  }, [waiting]);

  useLeaveWhenSettled(order.data?.order, refusalText, onGemsMoved);

  // One authorisation at a time: the fourth digit submits, and a Verify tap (or Enter) meanwhile
  // must not send the PIN again (a second wrong-PIN count, a second request).
  const inFlight = useRef(false);
  const release = () => {
    inFlight.current = false;
  };
  const authoriseWith = ({ pin }: { pin: string }) => {
    setWaiting(true);
    authorise.mutate(pin, {
      onSuccess: () => onGemsMoved(),
      onError: (error) => {
        release();
        setWaiting(false);
        setWaitedLong(false);
        form.setValue('pin', '');
        const refused = authoriseRefusal(error, order.data?.order, { messages, translate, pinFailed: t.pinFailed });
        if (refused.kind === 'pin_not_set') return setPinNotSet(refused.text);
        if (refused.kind === 'declined') onGemsMoved();
        toastError(refused.text);
        if (refused.startAgain) void navigate(refused.startAgain, { replace: true });
        else form.setFocus('pin');
      },
    });
  };
  const submit = (event?: { preventDefault: () => void }) => {
    event?.preventDefault();
    if (inFlight.current) return;
    inFlight.current = true;
    // Built here, in the event, not while rendering: the release touches the ref.
    void form.handleSubmit(authoriseWith, release)();
  };
  // The fourth digit submits (as the market's apps do); Verify stays for a customer who waits.
  const pin = form.watch('pin');
  const complete = typeof pin === 'string' && pin.length === PIN_LENGTH;
  const canAuthorise = status === 'awaiting_pin';
  useEffect(() => {
    if (complete && canAuthorise) submit();
    // Only the moment the fourth digit arrives: submit is a new function every render.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [complete, canAuthorise]);

  // Processing since before this screen opened (a reload, a return), or for longer than a moment.
  const showProcessing =
    order.data !== undefined && (waitedLong ? status !== 'successful' && status !== 'failed' : status === 'processing' && !waiting);

  const body = (
    <PinStep
      kind={kind}
      orderId={orderId}
      order={order}
      pinNotSet={pinNotSet}
      showProcessing={showProcessing}
      control={form.control}
      pinError={form.formState.errors.pin?.message}
      onEditPin={() => form.clearErrors('pin')}
      onSubmit={submit}
      busy={authorise.isPending || status !== 'awaiting_pin'}
    />
  );

  return (
    <Screen
      header={
        <Header
          backTo={showProcessing ? paths.homepage : billHrefs.start(kind)}
          title={showProcessing ? messages.processingTitle : t.title}
        />
      }
    >
      <title>{t.pageTitle(showProcessing ? messages.processingTitle : t.title)}</title>
      {body}
    </Screen>
  );
}

/**
 * Once the order settles, the screen leaves: to the success screen, or back to the start with
 * the refusal said. Once: the order keeps being polled after it settled.
 */
function useLeaveWhenSettled(current: BillOrder | undefined, refusalText: string, onGemsMoved: () => void) {
  const navigate = useNavigate();
  const settled = useRef(false);
  const status = current?.status;
  useEffect(() => {
    if (!current || settled.current) return;
    if (current.status === 'successful') {
      settled.current = true;
      forgetBillDraft(billDraftScope(current));
      onGemsMoved();
      void navigate(billHrefs.success(current.kind, current.id), { replace: true });
    } else if (current.status === 'failed') {
      settled.current = true;
      onGemsMoved();
      toastError(refusalText);
      void navigate(startOf(current), { replace: true });
    }
  }, [status, current, navigate, onGemsMoved, refusalText]);
}

interface PinStepProps {
  kind: BillKind;
  orderId: string;
  order: ReturnType<typeof useBillOrder>;
  pinNotSet: string | undefined;
  showProcessing: boolean;
  control: FormStore<{ pin: string }>;
  pinError: string | undefined;
  onEditPin: () => void;
  onSubmit: (event?: { preventDefault: () => void }) => void;
  busy: boolean;
}

/** What the screen shows for the order as it is: the PIN form, or why there is none. */
function PinStep({ kind, orderId, order, pinNotSet, showProcessing, control, pinError, onEditPin, onSubmit, busy }: PinStepProps) {
  const t = useTexts(billPinTexts);
  const messages = useTexts(billMessages);
  const translate = useTranslate();
  const status = order.data?.order.status;
  let body;
  if (orderId === '' || order.isError) {
    body = (
      <div className="bills-notice" role="alert">
        <p>{orderId === '' ? messages.orderNotFound : translate(errorMessage(order.error, messages.orderNotFound))}</p>
        <LinkButton to={billHrefs.start(kind)} replace>
          {t.startAgain}
        </LinkButton>
      </div>
    );
  } else if (order.isPending) {
    body = (
      <div aria-busy="true" aria-label={t.loading}>
        <Skeleton height={28} width="60%" />
        <Skeleton height={56} />
      </div>
    );
  } else if (showProcessing) {
    body = <BillProcessing amount={order.data.order.amount} onLeave={() => forgetBillDraft(billDraftScope(order.data.order))} />;
  } else if (status === 'processing') {
    body = (
      <div className="bills-notice" role="status" data-testid="bill-processing">
        <Spinner />
        <p>{messages.processing}</p>
      </div>
    );
  } else if (pinNotSet !== undefined) {
    body = (
      <div className="bills-notice" role="alert">
        <p>{pinNotSet}</p>
        <LinkButton to={paths.pinSet}>{t.setPin}</LinkButton>
      </div>
    );
  } else {
    const current = order.data.order;
    body = (
      <>
        <ScreenIntro title={t.title} text={t.text}>
          <p className="screen__text" data-testid="bill-summary">
            {t.summary(billOrderTitle(current), formatGems(current.amount))}
          </p>
        </ScreenIntro>
        <form className="screen__form" onSubmit={onSubmit} noValidate>
          <PinField control={control} name="pin" label={t.pin} error={pinError} onEdit={onEditPin} />
          <div className="screen__actions">
            <Button type="submit" busy={busy} busyLabel={t.verifying}>
              {t.verify}
            </Button>
          </div>
        </form>
      </>
    );
  }

  return body;
}

/** Back on the form (refused, expired, or the back arrow), the customer finds it as they left it. */
function useKeepDraft(current: BillOrder | undefined) {
  const kind = current?.kind;
  const service = current?.service;
  useEffect(() => {
    if (kind && service) armBillDraft(billDraftScope({ kind, service }));
  }, [kind, service]);
}

type AuthoriseRefusal =
  | { kind: 'pin_not_set'; text: string }
  /** The provider declined: the gems came back, the customer starts again. */
  | { kind: 'declined'; text: string; startAgain: string }
  | { kind: 'other'; text: string; startAgain?: string };

/** What a refused authorisation tells the customer, and where they go next (nowhere: try the PIN again). */
function authoriseRefusal(
  error: unknown,
  order: BillOrder | undefined,
  words: { messages: typeof billMessages; translate: (text: string) => string; pinFailed: string },
): AuthoriseRefusal {
  const { messages, translate } = words;
  if (error instanceof ApiError && (error.code === billErrorCodes.pinNotSet || error.code === pinErrorCodes.notSet))
    return { kind: 'pin_not_set', text: translate(error.message) };
  if (error instanceof ApiError && error.code === billErrorCodes.providerDeclined && order) {
    const text = order.kind === 'data' ? messages.dataFailed : translate(error.message) || messages.declined;
    return { kind: 'declined', text, startAgain: startOf(order) };
  }
  const text = translate(errorMessage(error, words.pinFailed));
  // Past its PIN window the order can never be authorised: start again with today's prices.
  if (error instanceof ApiError && error.code === billErrorCodes.orderExpired && order)
    return { kind: 'other', text, startAgain: startOf(order) };
  return { kind: 'other', text };
}
