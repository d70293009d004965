import { screen, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '../../../test/render-with-providers';
import { INBOX_SHORTCUTS } from './inbox-shortcuts';
import { ShortcutSheet } from './shortcut-sheet';

describe('the keyboard shortcuts help sheet', () => {
  it('lists every shortcut with its keys, in the interface language', async () => {
    renderWithProviders(<ShortcutSheet opened onClose={vi.fn()} />, { locale: 'fr-CA' });
    const sheet = await screen.findByRole('dialog', { name: 'Raccourcis clavier' });
    expect(within(sheet).getAllByRole('row')).toHaveLength(INBOX_SHORTCUTS.length);
    expect(within(sheet).getByText("Archiver (la conversation suivante s'ouvre)")).toBeTruthy();
    expect(within(sheet).getByText('Échap')).toBeTruthy();
    expect(within(sheet).getByText('?')).toBeTruthy();
    // Bulk selection (docs/behaviour/assignment.md, "Web"): `x` toggles the focused row.
    expect(within(sheet).getByText('Sélectionner ou désélectionner la conversation')).toBeTruthy();
    expect(within(sheet).getByText('x')).toBeTruthy();
  });

  it('reads in English too', async () => {
    renderWithProviders(<ShortcutSheet opened onClose={vi.fn()} />, { locale: 'en-CA' });
    const sheet = await screen.findByRole('dialog', { name: 'Keyboard shortcuts' });
    expect(within(sheet).getByText('Write an internal note')).toBeTruthy();
  });
});
