import { useMemo, useState, type ComponentProps, type RefObject } from 'react';
import { keyboardRows } from '../desk-queue';
import { useQueueKeys } from '../use-queue-keys';
import { DeskTable } from './desk-table';

type DeskQueueProps = Omit<ComponentProps<typeof DeskTable>, 'selectedId'> & {
  /** Enter (or `o`) on a row: the sale's page in work mode. */
  onOpen: (id: string) => void;
  /** The search box `/` focuses. */
  searchRef: RefObject<HTMLInputElement | null>;
};

/**
 * The queue as the keyboard works it: `j`/`k` choose a row and Enter opens it, stopping only on the
 * sales the viewer can act on — a second approval first for an admin who may confirm it, never for
 * the one who asked (desk-queue.ts).
 */
export function DeskQueue({ onOpen, searchRef, ...table }: DeskQueueProps) {
  const [selected, setSelected] = useState<string | null>(null);
  const { rows, secondRows, viewer } = table;
  const keyRows = useMemo(() => (rows ? keyboardRows(secondRows ?? [], rows, viewer) : undefined), [rows, secondRows, viewer]);
  useQueueKeys({ rows: keyRows, selected, onSelect: setSelected, onOpen, searchRef });
  return <DeskTable {...table} selectedId={selected} />;
}
