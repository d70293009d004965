import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiError, apiRequest } from '../../lib/api';
import { renderWithProviders } from '../../test/render-with-providers';
import { CategoryForm, rangesOf } from './category-form';

vi.mock('../../lib/api', async (importOriginal) => ({
  ...(await importOriginal<typeof import('../../lib/api')>()),
  apiRequest: vi.fn(),
}));
const notify = vi.hoisted(() => ({ notifyError: vi.fn(), notifySuccess: vi.fn(), notifyInfo: vi.fn() }));
vi.mock('../../lib/notify', () => notify);

// Each test types and clicks through a whole dialog: more than the 5 s default on a loaded machine.
vi.setConfig({ testTimeout: 20_000 });

const api = vi.mocked(apiRequest);
const professionalId = '7d0c9b1e-4f7a-4c38-9a7e-1b2c3d4e5f61';

function renderForm(onClose = vi.fn()) {
  renderWithProviders(<CategoryForm professionalId={professionalId} category={null} onClose={onClose} />);
  return onClose;
}

describe('CategoryForm', () => {
  beforeEach(() => api.mockReset());

  it('refuses an empty label without calling the server, then saves the label, colour and ranges', async () => {
    api.mockResolvedValue({ id: 'c1' });
    const onClose = renderForm();
    const user = userEvent.setup();
    const dialog = await screen.findByRole('dialog', { name: 'Nouvelle catégorie de disponibilité' });
    await user.click(within(dialog).getByRole('button', { name: 'Enregistrer' }));
    expect(await within(dialog).findByText('Obligatoire')).toBeTruthy();
    expect(api).not.toHaveBeenCalled();

    await user.type(within(dialog).getByRole('textbox', { name: 'Libellé' }), 'Nettoyage');
    await user.click(within(dialog).getByRole('button', { name: 'Ajouter une plage horaire' }));
    await user.click(within(dialog).getByRole('button', { name: 'Enregistrer' }));
    await vi.waitFor(() => expect(onClose).toHaveBeenCalled());
    const [method, path, options] = api.mock.calls[0]!;
    expect([method, path]).toEqual(['POST', `professionals/${professionalId}/availability-categories`]);
    expect(options).toMatchObject({
      body: {
        label: 'Nettoyage',
        colour: '#1c7ed6',
        ranges: [
          { day: 1, start: '09:00', end: '12:00' },
          { day: 1, start: '09:00', end: '12:00' },
        ],
      },
    });
  });
});

describe('rangesOf', () => {
  it('reads the indexes of the ranges a refusal names, and nothing from other failures', () => {
    expect(rangesOf(new ApiError(409, 'availability-overlap', 'overlap', { ranges: [1, 'x', 3] }))).toEqual([
      1, 3,
    ]);
    expect(rangesOf(new ApiError(409, 'availability-overlap'))).toEqual([]);
    expect(rangesOf(new Error('network'))).toEqual([]);
  });
});

describe('CategoryForm refusals', () => {
  beforeEach(() => api.mockReset());

  it('marks the ranges a refusal names, says it above the buttons, and stays open; a label refusal lands on the label', async () => {
    api.mockRejectedValueOnce(new ApiError(409, 'availability-overlap', 'overlap', { ranges: [0, 1] }));
    const onClose = renderForm();
    const user = userEvent.setup();
    const dialog = await screen.findByRole('dialog', { name: 'Nouvelle catégorie de disponibilité' });
    await user.type(within(dialog).getByRole('textbox', { name: 'Libellé' }), 'Nettoyage');
    await user.click(within(dialog).getByRole('button', { name: 'Ajouter une plage horaire' }));
    await user.click(within(dialog).getByRole('button', { name: 'Enregistrer' }));
    expect((await within(dialog).findByRole('alert')).textContent).toContain(
      "Les plages horaires d'une catégorie ne doivent pas se chevaucher.",
    );
    const rows = within(dialog).getAllByTestId('availability-range');
    expect(rows.map((r) => r.getAttribute('data-invalid'))).toEqual(['true', 'true']);
    expect(onClose).not.toHaveBeenCalled();

    api.mockRejectedValueOnce(
      new ApiError(400, 'validation-failed', 'invalid', [
        { location: 'body', path: 'body.label', message: 'required' },
      ]),
    );
    await user.click(within(dialog).getByRole('button', { name: 'Enregistrer' }));
    const label = within(dialog).getByRole('textbox', { name: 'Libellé' });
    await vi.waitFor(() => expect(label.getAttribute('aria-invalid')).toBe('true'));
    expect(within(dialog).queryByRole('alert')).toBeNull();
    expect(api).toHaveBeenCalledTimes(2);
    expect(onClose).not.toHaveBeenCalled();
  });
});
