import { useState } from 'react';
import { Plus, Trash2 } from 'lucide-react';
import { REWARD_LEVELS_MAX, type RewardLevel } from '@wise/shared';
import { REWARD_LEVELS_NOTE_MAX, rewardLevelStaffTexts, updateRewardLevelsSchema } from '@wise/shared/admin';
import { CONFIRMATION_INVALID, PasskeyConfirmOption, passkeyFailure } from '#web/components/admin/confirm-code-dialog';
import { Dialog, DialogActions } from '#web/components/admin/dialog';
import { AuthenticatorCodeField, FormField, FormTextArea } from '#web/components/admin/form-fields';
import { Button } from '#web/components/ui/button';
import { toastSuccess } from '#web/components/ui/toast';
import { adminErrorMessage, hasErrorCode } from '#web/lib/admin-api';
import { confirmWithStaffPasskey, type StaffConfirmation } from '#web/lib/staff-confirmation';
import { useUpdateRewardLevels } from '../api/reward-levels';
import './reward-levels-dialog.css';

interface RewardLevelsDialogProps {
  levels: RewardLevel[];
  onClose: () => void;
}

interface Row {
  key: number;
  name: string;
  volume: string;
  rate: string;
}

/** Typed text to a whole number, or NaN so the shared schema names the field's problem. */
const whole = (text: string) => (/^\d{1,15}$/.test(text.trim()) ? Number(text.trim()) : Number.NaN);

/**
 * An admin replaces the reward levels: every row, the note kept in the audit log and the
 * authenticator code, as for a payout-limit raise. The shared schema checks the set before it
 * leaves; the server and the database check it again.
 */
export function RewardLevelsDialog({ levels, onClose }: RewardLevelsDialogProps) {
  const update = useUpdateRewardLevels();
  const { rows, change, add, remove } = useLevelRows(levels);
  const [note, setNote] = useState('');
  const [code, setCode] = useState('');
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [askingPasskey, setAskingPasskey] = useState(false);

  /** With the code typed, or (`viaPasskey`) the levels and note checked first, then the passkey asked. */
  const send = async (viaPasskey: boolean) => {
    const parsed = checkLevels(rows, note, viaPasskey ? undefined : code);
    if (!parsed.success) {
      setErrors(parsed.errors);
      return;
    }
    setErrors({});
    let confirmation: StaffConfirmation | undefined;
    if (viaPasskey) {
      setAskingPasskey(true);
      try {
        confirmation = await confirmWithStaffPasskey();
      } catch (error) {
        setErrors({ root: passkeyFailure(error) });
        return;
      } finally {
        setAskingPasskey(false);
      }
    }
    update.mutate(
      { ...parsed.data, ...confirmation },
      {
        onSuccess: () => {
          toastSuccess(rewardLevelStaffTexts.saved);
          onClose();
        },
        onError: (error) => {
          if (hasErrorCode(error, CONFIRMATION_INVALID) && !viaPasskey) {
            setCode('');
            setErrors({ confirm_code: adminErrorMessage(error, 'That code is not right. Try the current one') });
            return;
          }
          setErrors({ root: adminErrorMessage(error, 'Could not save the levels. Try again') });
        },
      },
    );
  };

  return (
    <Dialog open onClose={onClose} title={rewardLevelStaffTexts.title} description={rewardLevelStaffTexts.lead} busy={update.isPending}>
      <form
        className="admin-form"
        onSubmit={(event) => {
          event.preventDefault();
          void send(false);
        }}
        noValidate
      >
        {rows.map((row, i) => (
          <LevelRow
            key={row.key}
            row={row}
            index={i}
            errors={errors}
            onChange={(patch) => change(row.key, patch)}
            onRemove={rows.length > 1 ? () => remove(row.key) : undefined}
          />
        ))}
        {rows.length < REWARD_LEVELS_MAX ? (
          <Button variant="secondary" onClick={add}>
            <Plus size={16} aria-hidden="true" /> {rewardLevelStaffTexts.addLevel}
          </Button>
        ) : null}
        <FormAlert message={errors.levels} />
        <FormTextArea
          label={rewardLevelStaffTexts.note}
          rows={3}
          maxLength={REWARD_LEVELS_NOTE_MAX}
          hint="Kept in the audit log"
          value={note}
          error={errors.note}
          onChange={(e) => setNote(e.target.value)}
        />
        <PasskeyConfirmOption busy={askingPasskey} disabled={update.isPending} onUse={() => void send(true)} />
        <AuthenticatorCodeField value={code} error={errors.confirm_code} onChange={(e) => setCode(e.target.value)} />
        <FormAlert message={errors.root} />
        <DialogActions>
          <Button variant="secondary" onClick={onClose} disabled={update.isPending}>
            Cancel
          </Button>
          <Button type="submit" busy={update.isPending} disabled={askingPasskey} busyLabel="Saving...">
            {rewardLevelStaffTexts.save}
          </Button>
        </DialogActions>
      </form>
    </Dialog>
  );
}

/** The levels as the shared schema takes them, or the first problem of each field by its path (`levels.0.name`). */
function checkLevels(rows: Row[], note: string, code: string | undefined) {
  const parsed = updateRewardLevelsSchema.safeParse({
    levels: rows.map((row) => ({ name: row.name, min_volume_naira: whole(row.volume), gems_per_1000_naira: whole(row.rate) })),
    note,
    confirm_code: code,
  });
  if (parsed.success) return { success: true as const, data: parsed.data };
  const errors: Record<string, string> = {};
  for (const issue of parsed.error.issues) errors[issue.path.join('.')] ??= issue.message;
  return { success: false as const, errors };
}

/** One level's name, sales volume and rate; removable while it is not the only one. */
function LevelRow({
  row,
  index,
  errors,
  onChange,
  onRemove,
}: {
  row: Row;
  index: number;
  errors: Record<string, string>;
  onChange: (patch: Partial<Row>) => void;
  onRemove?: () => void;
}) {
  return (
    <fieldset className="reward-levels-row">
      <legend className="reward-levels-row__legend">Level {index + 1}</legend>
      <FormField
        label={rewardLevelStaffTexts.name}
        value={row.name}
        maxLength={40}
        error={errors[`levels.${index}.name`]}
        onChange={(e) => onChange({ name: e.target.value })}
      />
      <FormField
        label={rewardLevelStaffTexts.minVolume}
        inputMode="numeric"
        value={row.volume}
        error={errors[`levels.${index}.min_volume_naira`]}
        onChange={(e) => onChange({ volume: e.target.value.replace(/\D/g, '') })}
      />
      <FormField
        label={rewardLevelStaffTexts.rate}
        inputMode="numeric"
        value={row.rate}
        error={errors[`levels.${index}.gems_per_1000_naira`]}
        onChange={(e) => onChange({ rate: e.target.value.replace(/\D/g, '') })}
      />
      {onRemove ? (
        <Button variant="secondary" onClick={onRemove} aria-label={`${rewardLevelStaffTexts.removeLevel} level ${index + 1}`}>
          <Trash2 size={16} aria-hidden="true" /> {rewardLevelStaffTexts.removeLevel}
        </Button>
      ) : null}
    </fieldset>
  );
}

/** The levels being edited; each row keeps its key while others are added or removed. */
function useLevelRows(levels: RewardLevel[]) {
  const [rows, setRows] = useState<Row[]>(() =>
    levels.map((l, i) => ({ key: i, name: l.name, volume: String(l.min_volume_kobo / 100), rate: String(l.gems_per_1000_naira) })),
  );
  const change = (key: number, patch: Partial<Row>) => setRows((all) => all.map((row) => (row.key === key ? { ...row, ...patch } : row)));
  const add = () => setRows((all) => [...all, { key: Math.max(0, ...all.map((r) => r.key)) + 1, name: '', volume: '', rate: '' }]);
  const remove = (key: number) => setRows((all) => all.filter((r) => r.key !== key));
  return { rows, change, add, remove };
}

function FormAlert({ message }: { message: string | undefined }) {
  return message ? (
    <p className="admin-alert" role="alert">
      {message}
    </p>
  ) : null;
}
