import { toastError, toastSuccess } from '#web/components/ui/toast';
import { adminErrorMessage } from '#web/lib/admin-api';
import type { AdminBank } from '@wise/shared/admin';
import { useSetBankActive } from '../api/save-bank';
import { EnabledSwitch } from './enabled-switch';

/** A bank offered to customers or not (saved bank details stay as they are). */
export function BankSwitch({ bank }: { bank: AdminBank }) {
  const update = useSetBankActive();
  return (
    <EnabledSwitch
      checked={update.isPending && update.variables ? update.variables.active : bank.active}
      label={`${bank.name} offered to customers`}
      busy={update.isPending}
      onChange={(active) =>
        update.mutate(
          { code: bank.code, active },
          {
            onSuccess: () => toastSuccess(active ? `${bank.name} is offered again` : `${bank.name} is no longer offered`),
            onError: (error) => toastError(adminErrorMessage(error, 'Could not change the bank. Try again')),
          },
        )
      }
    />
  );
}
