import { z } from 'zod';
import { plainText } from '../fields';
import { REWARD_LEVEL_NAME_MAX, REWARD_LEVEL_RATE_MAX, REWARD_LEVELS_MAX, rewardLevelSchema } from '../reward-levels';
import { staffConfirmationFields } from './confirmation';

/**
 * Back office: the reward levels (docs/features.md, "Reward levels"). Any staff member reads them; an admin
 * replaces them with the authenticator code and a note (audited `rewards.levels_update`).
 */

export const REWARD_LEVELS_NOTE_MAX = 500;
const NAIRA_MAX = 90_000_000_000_000;

export const rewardLevelStaffTexts = {
  title: 'Reward levels',
  lead: "A paid sale earns gems per ₦1,000 at the rate of the customer's level: the highest level whose 30-day paid volume they had reached before the sale.",
  name: 'Name',
  minVolume: 'Minimum 30-day volume (₦)',
  rate: 'Gems per ₦1,000',
  addLevel: 'Add level',
  removeLevel: 'Remove',
  save: 'Save levels',
  note: 'Note (why the change)',
  saved: 'Reward levels saved.',
  nameRequired: 'Give the level a name',
  volumeInvalid: 'Enter a whole naira amount, 0 or more',
  rateInvalid: `Enter a whole number from 1 to ${REWARD_LEVEL_RATE_MAX}`,
  noteRequired: 'Say why the levels change',
  baseRequired: 'One level must start at ₦0',
  volumesUnique: 'Two levels have the same minimum volume',
  namesUnique: 'Two levels have the same name',
  ratesRising: 'A level earns less than a level with a lower volume',
  adminOnly: 'Only an admin changes the reward levels.',
} as const;

const levelInput = z.strictObject({
  name: plainText(z.string().trim().min(1, rewardLevelStaffTexts.nameRequired).max(REWARD_LEVEL_NAME_MAX)),
  min_volume_naira: z
    .number({ error: rewardLevelStaffTexts.volumeInvalid })
    .int(rewardLevelStaffTexts.volumeInvalid)
    .min(0, rewardLevelStaffTexts.volumeInvalid)
    .max(NAIRA_MAX, rewardLevelStaffTexts.volumeInvalid),
  gems_per_1000_naira: z
    .number({ error: rewardLevelStaffTexts.rateInvalid })
    .int(rewardLevelStaffTexts.rateInvalid)
    .min(1, rewardLevelStaffTexts.rateInvalid)
    .max(REWARD_LEVEL_RATE_MAX, rewardLevelStaffTexts.rateInvalid),
});

/** PUT /api/admin/reward-levels: the whole set, replacing the current one. */
export const updateRewardLevelsSchema = z
  .strictObject({
    levels: z.array(levelInput).min(1).max(REWARD_LEVELS_MAX),
    note: plainText(z.string().trim().min(1, rewardLevelStaffTexts.noteRequired).max(REWARD_LEVELS_NOTE_MAX)),
    ...staffConfirmationFields,
  })
  .superRefine((value, context) => {
    const levels = [...value.levels].sort((a, b) => a.min_volume_naira - b.min_volume_naira);
    if (!levels.some((l) => l.min_volume_naira === 0))
      context.addIssue({ code: 'custom', path: ['levels'], message: rewardLevelStaffTexts.baseRequired });
    if (new Set(levels.map((l) => l.min_volume_naira)).size !== levels.length)
      context.addIssue({ code: 'custom', path: ['levels'], message: rewardLevelStaffTexts.volumesUnique });
    if (new Set(levels.map((l) => l.name.toLowerCase())).size !== levels.length)
      context.addIssue({ code: 'custom', path: ['levels'], message: rewardLevelStaffTexts.namesUnique });
    if (levels.some((l, i) => i > 0 && l.gems_per_1000_naira < (levels[i - 1]?.gems_per_1000_naira ?? 0))) {
      context.addIssue({ code: 'custom', path: ['levels'], message: rewardLevelStaffTexts.ratesRising });
    }
  });
export type UpdateRewardLevelsInput = z.infer<typeof updateRewardLevelsSchema>;

/** GET /api/admin/reward-levels: the levels by rising volume. */
export const adminRewardLevelsSchema = z.object({ levels: z.array(rewardLevelSchema) });
export type AdminRewardLevels = z.infer<typeof adminRewardLevelsSchema>;
