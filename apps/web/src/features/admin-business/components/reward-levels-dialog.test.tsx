import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { rewardLevelStaffTexts } from '@wise/shared/admin';
import { renderRoutes, requestBody, stubFetch } from '#web/testing/render';
import { RewardLevelsDialog } from './reward-levels-dialog';

/** An admin replaces the reward levels: rows added and removed, the set checked before it leaves, then sent with the code. */

const levels = [
  { name: 'Bronze', min_volume_kobo: 0, gems_per_1000_naira: 5 },
  { name: 'Silver', min_volume_kobo: 50_000_000, gems_per_1000_naira: 8 },
];

describe('RewardLevelsDialog', () => {
  it('checks the levels and the note before sending, then sends every row with the note and the code', async () => {
    const fetch = stubFetch({ status: 200, body: { levels: [] } });
    const { user } = renderRoutes([{ path: '/', Component: () => <RewardLevelsDialog levels={levels} onClose={() => undefined} /> }]);
    const dialog = screen.getByRole('dialog');
    const rows = () => within(dialog).getAllByRole('group', { name: /^Level \d$/ });
    expect(rows()).toHaveLength(2);
    expect(within(rows()[1]!).getByLabelText(rewardLevelStaffTexts.minVolume)).toHaveProperty('value', '500000');

    await user.click(within(dialog).getByRole('button', { name: rewardLevelStaffTexts.addLevel }));
    expect(rows()).toHaveLength(3);
    await user.click(within(dialog).getByRole('button', { name: `${rewardLevelStaffTexts.removeLevel} level 3` }));
    expect(rows()).toHaveLength(2);

    // No note, no code: nothing leaves, each problem under its field.
    await user.click(within(dialog).getByRole('button', { name: rewardLevelStaffTexts.save }));
    expect(within(dialog).getByText(rewardLevelStaffTexts.noteRequired)).toBeTruthy();
    expect(fetch).not.toHaveBeenCalled();

    await user.clear(within(rows()[1]!).getByLabelText(rewardLevelStaffTexts.name));
    await user.type(within(rows()[1]!).getByLabelText(rewardLevelStaffTexts.name), 'Gold');
    await user.type(within(dialog).getByLabelText(rewardLevelStaffTexts.note), 'More for the busiest sellers');
    await user.type(within(dialog).getByLabelText('Authenticator code'), '135790');
    await user.click(within(dialog).getByRole('button', { name: rewardLevelStaffTexts.save }));
    await screen.findByText(rewardLevelStaffTexts.saved);
    expect(requestBody(fetch)).toEqual({
      levels: [
        { name: 'Bronze', min_volume_naira: 0, gems_per_1000_naira: 5 },
        { name: 'Gold', min_volume_naira: 500_000, gems_per_1000_naira: 8 },
      ],
      note: 'More for the busiest sellers',
      confirm_code: '135790',
    });
  });
});
