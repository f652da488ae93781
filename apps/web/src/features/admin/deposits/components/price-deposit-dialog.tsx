import type { DepositDeskItem, PriceDepositResponse } from '@wise/shared/admin';
import { Facts } from '#web/components/admin/admin-layout';
import { ConfirmCodeDialog } from '#web/components/admin/confirm-code-dialog';
import { usePriceDeposit } from '../api/price-deposit';
import { depositSummary } from '../format-deposit';

interface PriceDepositDialogProps {
  /** The deposit being priced; null when the dialog is shut. */
  deposit: DepositDeskItem | null;
  onClose: () => void;
  onPriced: (sale: PriceDepositResponse['sale'], deposit: DepositDeskItem) => void;
}

/**
 * "Price into a sale", confirmed with the authenticator code or a passkey. Said plainly before
 * anything happens: today's rate, not the one of the moment it arrived, and a second reviewer's
 * approval before the customer is paid. A refusal (the server's message) stays in the dialog.
 */
export function PriceDepositDialog({ deposit, onClose, onPriced }: PriceDepositDialogProps) {
  const price = usePriceDeposit();
  return (
    <ConfirmCodeDialog
      open={deposit !== null}
      onClose={onClose}
      title="Price this deposit into a sale?"
      description="The deposit is priced at today's rate into a sale for the customer. That sale then waits at the review desk: another reviewer must approve it before the customer is paid. You cannot approve it yourself."
      confirmLabel="Price into a sale"
      busyLabel="Pricing..."
      onConfirm={async (confirmation) => {
        if (!deposit) return;
        const answer = await price.mutateAsync({ id: deposit.id, confirmation });
        onPriced(answer.sale, deposit);
      }}
    >
      {deposit ? (
        <Facts
          rows={[
            ['Customer', `${deposit.customer.name} (${deposit.customer.email})`],
            ['Deposit', depositSummary(deposit)],
          ]}
        />
      ) : null}
    </ConfirmCodeDialog>
  );
}
