import { useState } from 'react';
import { Pencil } from 'lucide-react';
import { formatKobo, rewardLevelTexts, type RewardLevel } from '@wise/shared';
import { rewardLevelStaffTexts } from '@wise/shared/admin';
import { DataTable, type Column } from '#web/components/admin/data-table';
import { PageHeader } from '#web/components/admin/page-header';
import { Button } from '#web/components/ui/button';
import { useRewardLevels } from '#web/features/admin-business/api/reward-levels';
import { RewardLevelsDialog } from '#web/features/admin-business/components/reward-levels-dialog';

const columns: Column<RewardLevel>[] = [
  { key: 'name', header: 'Level', cell: (level) => <span className="admin-cell-title">{level.name}</span> },
  {
    key: 'volume',
    header: 'From (30-day paid volume)',
    align: 'end',
    cell: (level) => <span className="tabular">{formatKobo(level.min_volume_kobo)}</span>,
  },
  {
    key: 'rate',
    header: 'Rate',
    align: 'end',
    cell: (level) => <span className="tabular">{rewardLevelTexts.rate(level.gems_per_1000_naira)}</span>,
  },
];

/** /admin/reward-levels: the levels that set how many gems a paid sale earns (docs/features.md, "Reward levels"). */
export function RewardLevelsScreen() {
  const levels = useRewardLevels();
  const [editing, setEditing] = useState(false);
  return (
    <>
      <PageHeader
        title={rewardLevelStaffTexts.title}
        description={rewardLevelStaffTexts.lead}
        actions={
          <Button onClick={() => setEditing(true)} disabled={!levels.data}>
            <Pencil size={18} aria-hidden="true" /> Edit levels
          </Button>
        }
      />
      <DataTable
        caption={rewardLevelStaffTexts.title}
        columns={columns}
        rows={levels.data?.levels}
        rowKey={(level) => level.name}
        isLoading={levels.isPending}
        error={levels.error}
        errorMessage="Couldn't load the reward levels"
        onRetry={() => void levels.refetch()}
        retrying={levels.isRefetching}
        empty={{ title: 'No levels', text: 'The database always keeps one.' }}
      />
      {editing && levels.data ? <RewardLevelsDialog levels={levels.data.levels} onClose={() => setEditing(false)} /> : null}
    </>
  );
}
