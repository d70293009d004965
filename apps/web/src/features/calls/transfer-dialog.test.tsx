import {
  targetOfTransferRequest,
  transferRequestOf,
  type TransferTargets,
  type TransferExtension,
  type TransferTarget,
} from '@accueil/domain';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '../../test/render-with-providers';
import { TransferDialog, transferListsOf, transferTargetOf } from './transfer-dialog';

const TEAM = '11111111-1111-4111-8111-111111111111';
const SELF = '22222222-2222-4222-8222-222222222222';
const SOPHIE = '33333333-3333-4333-8333-333333333333';
const LAB = '44444444-4444-4444-8444-444444444444';
const targets: TransferTargets = {
  teams: [
    {
      id: TEAM,
      label: 'Principal',
      users: [
        { id: SELF, displayName: 'Julien Roy', status: 'online', sipUsername: 'julien-poste' },
        { id: SOPHIE, displayName: 'Sophie Gagnon', status: 'away', sipUsername: 'sophie-poste' },
      ],
    },
  ],
  // Lines of no team (Phones settings): offered under every team.
  sipLines: [
    { username: 'poste.12', displayName: 'Salle de repos' },
    { username: '+15145550142', displayName: null },
  ],
};
const extensions: TransferExtension[] = [
  { id: LAB, name: 'Laboratoire', phoneNumber: '+15145550188', extension: '204' },
];
const json = (body: unknown) =>
  Promise.resolve(new Response(JSON.stringify(body), { headers: { 'content-type': 'application/json' } }));
/** The server: the transfer targets, and the extensions (counted: only asked for when offered). */
function serve() {
  const asked: string[] = [];
  vi.spyOn(globalThis, 'fetch').mockImplementation((input) => {
    const url = typeof input === 'string' ? input : input instanceof URL ? input.href : input.url;
    asked.push(url);
    return json(url.includes('/api/transfer-extension') ? extensions : targets);
  });
  return asked;
}
const confirmButton = () => screen.getByTestId<HTMLButtonElement>('transfer-confirm');

/** The dialog (no extension transfers) open on the SIP lines of the team Principal. */
async function sipLinesOfPrincipal() {
  serve();
  const onConfirm = vi.fn();
  const user = userEvent.setup();
  renderWithProviders(
    <TransferDialog
      selfId={SELF}
      extensionTransfer={false}
      onConfirm={onConfirm}
      onClose={() => undefined}
    />,
  );
  await user.click(await screen.findByRole('combobox', { name: 'Transférer à l’équipe' }));
  await user.click(await screen.findByRole('option', { name: 'Principal', hidden: true }));
  await user.click(screen.getByRole('radio', { name: 'Lignes SIP' }));
  return { user, onConfirm };
}

afterEach(() => vi.restoreAllMocks());

describe('the transfer dialog', () => {
  it('offers the teams, then the whole team or its users (not oneself) with presence and SIP line; confirm waits for a team', async () => {
    const asked = serve();
    const onConfirm = vi.fn();
    const user = userEvent.setup();
    renderWithProviders(
      <TransferDialog
        selfId={SELF}
        extensionTransfer={false}
        onConfirm={onConfirm}
        onClose={() => undefined}
      />,
    );
    const confirm = await screen.findByTestId('transfer-confirm');
    expect((confirm as HTMLButtonElement).disabled).toBe(true);
    // Without extension transfers (tier code 2) no extension is offered nor fetched.
    expect(screen.queryByRole('radio', { name: 'Postes' })).toBeNull();
    expect(asked.some((u) => u.includes('/api/transfer-extension'))).toBe(false);

    await user.click(await screen.findByRole('combobox', { name: 'Transférer à l’équipe' }));
    await user.click(await screen.findByRole('option', { name: 'Principal', hidden: true }));
    await waitFor(() => expect(confirmButton().disabled).toBe(false));
    expect(
      screen.getByRole<HTMLInputElement>('radio', { name: /Toute l’équipe \(Principal\)/ }).checked,
    ).toBe(true);
    expect(screen.queryByText('Julien Roy')).toBeNull();
    expect(screen.getByText('Sophie Gagnon')).toBeTruthy();
    expect(screen.getByText('Absent')).toBeTruthy();
    expect(screen.getByText('Ligne SIP sophie-poste')).toBeTruthy();

    await user.click(screen.getByRole('radio', { name: /Sophie Gagnon/ }));
    await user.click(confirmButton());
    expect(onConfirm).toHaveBeenCalledWith({ kind: 'user', teamId: TEAM, userId: SOPHIE });
  });

  it("switches to the team's SIP lines (not one's own); confirm waits for a line", async () => {
    const { user, onConfirm } = await sipLinesOfPrincipal();
    expect(confirmButton().disabled).toBe(true);
    expect(screen.queryByText('Ligne SIP julien-poste')).toBeNull();
    await user.click(screen.getByRole('radio', { name: /Ligne SIP sophie-poste/ }));
    await user.click(confirmButton());
    expect(onConfirm).toHaveBeenCalledWith({ kind: 'sip', teamId: TEAM, sip: 'sophie-poste' });
  });

  it("offers the organisation's SIP lines of no team too, with their name (else: the organisation's line)", async () => {
    const { user, onConfirm } = await sipLinesOfPrincipal();
    expect(screen.getByRole('radio', { name: /Ligne SIP poste\.12.*Salle de repos/ })).toBeTruthy();
    await user.click(screen.getByRole('radio', { name: /Ligne SIP \+15145550142.*Ligne de l’organisation/ }));
    await user.click(confirmButton());
    expect(onConfirm).toHaveBeenCalledWith({ kind: 'sip', teamId: TEAM, sip: '+15145550142' });
  });

  it('offers the extensions with the tier code 2, with their number and extension; confirm waits for one', async () => {
    serve();
    const onConfirm = vi.fn();
    const user = userEvent.setup();
    renderWithProviders(
      <TransferDialog selfId={SELF} extensionTransfer onConfirm={onConfirm} onClose={() => undefined} />,
    );
    await user.click(await screen.findByRole('radio', { name: 'Postes' }));
    expect(confirmButton().disabled).toBe(true);
    expect(await screen.findByText(/^\(?514\)? ?555-0188, poste 204$/)).toBeTruthy();
    await user.click(screen.getByRole('radio', { name: /Laboratoire/ }));
    await user.click(confirmButton());
    expect(onConfirm).toHaveBeenCalledWith({ kind: 'extension', extensionId: LAB });
  });

  it('says so when the teams cannot be loaded', async () => {
    vi.spyOn(globalThis, 'fetch').mockImplementation(() =>
      Promise.resolve(new Response(JSON.stringify({ code: 'internal', message: 'x' }), { status: 500 })),
    );
    renderWithProviders(
      <TransferDialog
        selfId={SELF}
        extensionTransfer={false}
        onConfirm={() => undefined}
        onClose={() => undefined}
      />,
    );
    expect((await screen.findByRole('alert')).textContent).toMatch(/n’ont pas pu être chargées/);
  });

  it('reads its fields as a target: nothing without a choice (or a team for users and lines), else the one chosen', () => {
    expect(transferTargetOf('users', null, 'team')).toBeNull();
    expect(transferTargetOf('users', TEAM, 'team')).toEqual({ kind: 'team', teamId: TEAM });
    expect(transferTargetOf('users', TEAM, SOPHIE)).toEqual({ kind: 'user', teamId: TEAM, userId: SOPHIE });
    expect(transferTargetOf('sip', TEAM, null)).toBeNull();
    expect(transferTargetOf('sip', null, 'sophie-poste')).toBeNull();
    expect(transferTargetOf('sip', TEAM, 'sophie-poste')).toEqual({
      kind: 'sip',
      teamId: TEAM,
      sip: 'sophie-poste',
    });
    expect(transferTargetOf('extensions', null, null)).toBeNull();
    expect(transferTargetOf('extensions', null, LAB)).toEqual({ kind: 'extension', extensionId: LAB });
    expect(transferListsOf(false)).toEqual(['users', 'sip']);
    expect(transferListsOf(true)).toEqual(['users', 'sip', 'extensions']);
  });

  it("turns each target into the server's request in the spec's fields, one target each, and back", () => {
    const requests: [TransferTarget, object][] = [
      [{ kind: 'team', teamId: TEAM }, { toUserGroup: TEAM }],
      [
        { kind: 'user', teamId: TEAM, userId: SOPHIE },
        { toUserGroup: TEAM, to: SOPHIE },
      ],
      [
        { kind: 'sip', teamId: TEAM, sip: 'sophie-poste' },
        { toUserGroup: TEAM, to: 'sophie-poste' },
      ],
      [{ kind: 'sip', teamId: null, sip: '+15145550142' }, { to: '+15145550142' }],
      [{ kind: 'extension', extensionId: LAB }, { toExtension: LAB }],
    ];
    for (const [target, request] of requests) {
      expect(transferRequestOf(target)).toEqual(request);
      expect(targetOfTransferRequest(transferRequestOf(target))).toEqual(target);
    }
  });
});
