import { useDeferredValue, useState } from 'react';
import { Plus, Search } from 'lucide-react';
import type { AdminBank } from '@wise/shared/admin';
import { DataTable, type Column } from '#web/components/admin/data-table';
import { FormField } from '#web/components/admin/form-fields';
import { PageHeader } from '#web/components/admin/page-header';
import { Button } from '#web/components/ui/button';
import { useAdminBanks } from '#web/features/admin-business/api/get-banks';
import { BankFormDialog } from '#web/features/admin-business/components/bank-form-dialog';
import { BankSwitch } from '#web/features/admin-business/components/bank-switch';
import { formatGems } from '#web/lib/format';

const columns: Column<AdminBank>[] = [
  { key: 'name', header: 'Bank', cell: (bank) => <span className="admin-cell-title">{bank.name}</span> },
  { key: 'code', header: 'Code', cell: (bank) => <span className="admin-mono">{bank.code}</span>, width: 120 },
  {
    key: 'accounts',
    header: 'Customer accounts',
    align: 'end',
    cell: (bank) => <span className="tabular">{formatGems(bank.accounts)}</span>,
    width: 170,
  },
  { key: 'active', header: 'Offered', cell: (bank) => <BankSwitch bank={bank} />, width: 110 },
];

/** /admin/banks: the banks customers choose from for their payouts. */
export function BanksScreen() {
  const banks = useAdminBanks();
  const [adding, setAdding] = useState(false);
  const [query, setQuery] = useState('');
  const q = useDeferredValue(query.trim().toLowerCase());
  const rows = banks.data?.banks.filter((bank) => !q || bank.name.toLowerCase().includes(q) || bank.code.includes(q));
  const active = banks.data?.banks.filter((bank) => bank.active).length;

  return (
    <>
      <PageHeader
        title="Banks"
        description={
          banks.data
            ? `${active} of ${banks.data.banks.length} banks offered to customers for payouts.`
            : 'The banks customers choose from for their payouts.'
        }
        actions={
          <Button onClick={() => setAdding(true)}>
            <Plus size={18} aria-hidden="true" /> Add bank
          </Button>
        }
      />
      <div className="admin-filters">
        <div className="admin-filters__search">
          <FormField
            label="Search banks"
            hideLabel
            placeholder="Search by name or code"
            type="search"
            value={query}
            onChange={(event) => setQuery(event.target.value)}
            leading={<Search size={18} />}
          />
        </div>
      </div>
      <DataTable
        caption="Banks"
        columns={columns}
        rows={rows}
        rowKey={(bank) => bank.code}
        isLoading={banks.isPending}
        error={banks.error}
        errorMessage="Couldn't load the banks"
        onRetry={() => void banks.refetch()}
        retrying={banks.isRefetching}
        empty={
          q
            ? { title: 'No bank matches', text: 'Try part of the name or the code.' }
            : { title: 'No banks yet', text: 'Add the banks customers can be paid to.' }
        }
      />
      {adding ? <BankFormDialog onClose={() => setAdding(false)} /> : null}
    </>
  );
}
