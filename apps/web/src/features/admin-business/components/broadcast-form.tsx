import { useState } from 'react';
import { Bell, Send } from 'lucide-react';
import { NOTIFICATION_MAX_LENGTH } from '@wise/shared';
import type { AdminCustomerSummary } from '@wise/shared/admin';
import { Panel } from '#web/components/admin/admin-layout';
import { ConfirmCodeDialog } from '#web/components/admin/confirm-code-dialog';
import { FormTextArea } from '#web/components/admin/form-fields';
import { Button } from '#web/components/ui/button';
import { toastSuccess } from '#web/components/ui/toast';
import { formatGems } from '#web/lib/format';
import { useWatch } from '#web/lib/form/use-watch';
import { useZodForm } from '#web/lib/use-zod-form';
import { useSendBroadcast } from '../api/send-broadcast';
import { broadcastFormSchema, type BroadcastFormOutput } from '../form-schemas';
import { CustomerPicker } from './customer-picker';
import './business.css';
import './broadcast.css';
import '#web/components/admin/dialog.css';

/**
 * A notification to every customer or to one: write it, see it as a customer will, then send it
 * with the authenticator code. It lands in each customer's notifications.
 */
export function BroadcastForm() {
  const send = useSendBroadcast();
  const [picked, setPicked] = useState<AdminCustomerSummary>();
  const [confirming, setConfirming] = useState<BroadcastFormOutput>();
  const [sent, setSent] = useState<string>();
  const form = useZodForm(broadcastFormSchema, { audience: 'all', user_id: '', message: '' });
  const [audience, message] = useWatch({ control: form.control, name: ['audience', 'message'] });
  const errors = form.formState.errors;
  const length = message?.trim().length ?? 0;

  const pick = (customer: AdminCustomerSummary | undefined) => {
    setPicked(customer);
    form.setValue('user_id', customer?.id ?? '');
    form.clearErrors('user_id');
  };

  return (
    <div className="biz-grid-2">
      <Panel title="Message">
        <form
          className="admin-form"
          noValidate
          onSubmit={form.handleSubmit((values) => {
            setSent(undefined);
            setConfirming(values);
          })}
        >
          <fieldset className="admin-fieldset">
            <legend className="field__label">Send to</legend>
            <div className="biz-radio-row">
              <label className="biz-radio">
                <input type="radio" value="all" {...form.field('audience')} />
                <span>
                  <span className="biz-radio__title">All customers</span>
                  <span className="biz-radio__text">Every customer with a verified e-mail</span>
                </span>
              </label>
              <label className="biz-radio">
                <input type="radio" value="one" {...form.field('audience')} />
                <span>
                  <span className="biz-radio__title">One customer</span>
                  <span className="biz-radio__text">Find them by name, e-mail, phone or username</span>
                </span>
              </label>
            </div>
          </fieldset>
          {audience === 'one' ? <CustomerPicker picked={picked} onPick={pick} error={errors.user_id?.message} /> : null}
          <div>
            <FormTextArea
              label="Message"
              rows={5}
              maxLength={NOTIFICATION_MAX_LENGTH}
              placeholder="e.g. Bank transfers are slower than usual today; your payouts are safe and on their way."
              error={errors.message?.message}
              {...form.field('message')}
            />
            <p className="biz-counter" aria-live="polite">
              {formatGems(length)}/{formatGems(NOTIFICATION_MAX_LENGTH)}
            </p>
          </div>
          {sent ? (
            <p className="admin-alert admin-alert--success" role="status">
              {sent}
            </p>
          ) : null}
          <div className="admin-dialog__actions">
            <Button type="submit">
              <Send size={16} aria-hidden="true" /> Review and send
            </Button>
          </div>
        </form>
      </Panel>
      <BroadcastPreview message={message} audience={audience} picked={picked} />
      <ConfirmCodeDialog
        open={confirming !== undefined}
        onClose={() => setConfirming(undefined)}
        title={confirming?.audience === 'all' ? 'Send to all customers?' : `Send to ${picked?.full_name ?? 'this customer'}?`}
        description="A notification cannot be taken back once sent."
        confirmLabel="Send notification"
        busyLabel="Sending..."
        onConfirm={async (confirmation) => {
          if (!confirming) return;
          const result = await send.mutateAsync({
            audience: confirming.audience,
            user_id: confirming.audience === 'one' ? confirming.user_id : undefined,
            message: confirming.message,
            ...confirmation,
          });
          const text = `Sent to ${formatGems(result.recipients)} customer${result.recipients === 1 ? '' : 's'}`;
          toastSuccess(text);
          setSent(text);
          form.reset({ audience: confirming.audience, user_id: confirming.user_id, message: '' });
        }}
      >
        {confirming ? <BroadcastSummary broadcast={confirming} picked={picked} /> : null}
      </ConfirmCodeDialog>
    </div>
  );
}

/** The message as a customer will see it in their notifications, and to whom it goes. */
function BroadcastPreview({
  message,
  audience,
  picked,
}: {
  message: string | undefined;
  audience: BroadcastFormOutput['audience'] | undefined;
  picked: AdminCustomerSummary | undefined;
}) {
  return (
    <Panel title="Preview">
      <div className="biz-preview" aria-label="How customers will see it">
        <p className="admin-cell-sub">In the customer's notifications</p>
        <div className="biz-preview__item">
          <span className="biz-preview__icon" aria-hidden="true">
            <Bell size={18} />
          </span>
          <span>
            <span className="biz-preview__text">{message?.trim() || <span className="admin-muted">Your message shows here.</span>}</span>
            <span className="admin-cell-sub">just now</span>
          </span>
        </div>
        <p className="admin-cell-sub">
          To: {audience === 'one' ? (picked ? `${picked.full_name} (@${picked.username})` : 'choose a customer') : 'all customers'}
        </p>
      </div>
    </Panel>
  );
}

/** What the confirmation sends: to whom, and the message. */
function BroadcastSummary({ broadcast, picked }: { broadcast: BroadcastFormOutput; picked: AdminCustomerSummary | undefined }) {
  return (
    <dl className="biz-summary">
      <dt>To</dt>
      <dd>{broadcast.audience === 'all' ? 'All customers' : picked ? `${picked.full_name} (@${picked.username})` : broadcast.user_id}</dd>
      <dt>Message</dt>
      <dd className="biz-preview__text">{broadcast.message}</dd>
    </dl>
  );
}
