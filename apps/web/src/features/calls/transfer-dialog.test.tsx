import type { CallAvailability } from '@accueil/domain';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '../../test/render-with-providers';
import { TransferDialog, transferTargetOf } from './transfer-dialog';

const TEAM = '11111111-1111-4111-8111-111111111111';
const SELF = '22222222-2222-4222-8222-222222222222';
const SOPHIE = '33333333-3333-4333-8333-333333333333';
const availability: CallAvailability = {
  teams: [
    {
      id: TEAM,
      label: 'Principal',
      users: [
        { id: SELF, displayName: 'Julien Roy', status: 'online', sipUsername: null },
        { id: SOPHIE, displayName: 'Sophie Gagnon', status: 'away', sipUsername: 'sophie-poste' },
      ],
    },
  ],
};

afterEach(() => vi.restoreAllMocks());

describe('the transfer dialog', () => {
  it('offers the teams, then the whole team or its users (not oneself) with presence and SIP line; confirm waits for a team', async () => {
    vi.spyOn(globalThis, 'fetch').mockImplementation(() => Promise.resolve(new Response(JSON.stringify(availability), { headers: { 'content-type': 'application/json' } })));
    const onConfirm = vi.fn();
    const user = userEvent.setup();
    renderWithProviders(<TransferDialog selfId={SELF} onConfirm={onConfirm} onClose={() => undefined} />);
    const confirm = await screen.findByTestId('transfer-confirm');
    expect((confirm as HTMLButtonElement).disabled).toBe(true);

    await user.click(await screen.findByRole('combobox', { name: 'Transférer à l’équipe' }));
    await user.click(await screen.findByRole('option', { name: 'Principal', hidden: true }));
    await waitFor(() => expect(screen.getByTestId<HTMLButtonElement>('transfer-confirm').disabled).toBe(false));
    expect(screen.getByRole<HTMLInputElement>('radio', { name: /Toute l’équipe \(Principal\)/ }).checked).toBe(true);
    expect(screen.queryByText('Julien Roy')).toBeNull();
    expect(screen.getByText('Sophie Gagnon')).toBeTruthy();
    expect(screen.getByText('Absent')).toBeTruthy();
    expect(screen.getByText('Ligne SIP sophie-poste')).toBeTruthy();

    await user.click(screen.getByRole('radio', { name: /Sophie Gagnon/ }));
    await user.click(screen.getByTestId('transfer-confirm'));
    expect(onConfirm).toHaveBeenCalledWith({ kind: 'user', teamId: TEAM, userId: SOPHIE });
  });

  it('says so when the teams cannot be loaded', async () => {
    vi.spyOn(globalThis, 'fetch').mockImplementation(() => Promise.resolve(new Response(JSON.stringify({ code: 'internal', message: 'x' }), { status: 500 })));
    renderWithProviders(<TransferDialog selfId={SELF} onConfirm={() => undefined} onClose={() => undefined} />);
    expect((await screen.findByRole('alert')).textContent).toMatch(/n’ont pas pu être chargées/);
  });

  it('reads its two fields as a target: nothing without a team, the team, or one user of it', () => {
    expect(transferTargetOf(null, 'team')).toBeNull();
    expect(transferTargetOf(TEAM, 'team')).toEqual({ kind: 'team', teamId: TEAM });
    expect(transferTargetOf(TEAM, SOPHIE)).toEqual({ kind: 'user', teamId: TEAM, userId: SOPHIE });
  });
});
