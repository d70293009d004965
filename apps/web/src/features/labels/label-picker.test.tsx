import { fireEvent, screen, waitFor } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '../../test/render-with-providers';
import { buildConversation, fakeId } from '../conversations/test-fixtures';
import { LabelBadges } from './label-badges';
import { LabelPicker } from './label-picker';

const urgent = { id: fakeId(), name: 'Urgent', color: 'red' as const };
const billing = { id: fakeId(), name: 'Facturation', color: 'green' as const };

const api = vi.hoisted(() => ({
  fetchLabels: vi.fn(),
  setConversationLabels: vi.fn(),
}));
vi.mock('./api', async (importOriginal) => ({ ...(await importOriginal<object>()), ...api }));

beforeEach(() => {
  api.fetchLabels.mockReset().mockResolvedValue([billing, urgent]);
  api.setConversationLabels
    .mockReset()
    .mockImplementation((id: string, labelIds: string[]) =>
      Promise.resolve(
        buildConversation({ id, labels: [billing, urgent].filter((l) => labelIds.includes(l.id)) }),
      ),
    );
});

describe('LabelPicker (docs/behaviour/labels.md)', () => {
  it("lists the organisation's labels checked as the conversation has them, and sends the whole new set on a toggle", async () => {
    const conversation = buildConversation({ labels: [urgent] });
    renderWithProviders(<LabelPicker conversation={conversation} />);
    const urgentBox = await screen.findByRole('checkbox', { name: 'Urgent' });
    expect((urgentBox as HTMLInputElement).checked).toBe(true);
    const billingBox = screen.getByRole('checkbox', { name: 'Facturation' });
    expect((billingBox as HTMLInputElement).checked).toBe(false);
    fireEvent.click(billingBox);
    await waitFor(() =>
      expect(api.setConversationLabels).toHaveBeenCalledWith(conversation.id, [urgent.id, billing.id]),
    );
    // Shown checked at once, before the answer; the next toggle sends the set as shown.
    expect((billingBox as HTMLInputElement).checked).toBe(true);
    fireEvent.click(urgentBox);
    await waitFor(() =>
      expect(api.setConversationLabels).toHaveBeenLastCalledWith(conversation.id, [billing.id]),
    );
  });

  it('filters the list by the search, and says when nothing matches', async () => {
    renderWithProviders(<LabelPicker conversation={buildConversation({ labels: [] })} />, {
      locale: 'en-CA',
    });
    await screen.findByRole('checkbox', { name: 'Urgent' });
    fireEvent.change(screen.getByRole('textbox', { name: 'Search labels' }), { target: { value: 'fact' } });
    expect(screen.queryByRole('checkbox', { name: 'Urgent' })).toBeNull();
    expect(screen.getByRole('checkbox', { name: 'Facturation' })).toBeTruthy();
    fireEvent.change(screen.getByRole('textbox', { name: 'Search labels' }), { target: { value: 'zzz' } });
    expect(screen.getByText('No label matches.')).toBeTruthy();
  });
});

describe('LabelBadges', () => {
  it('shows each label by its name, and at most `max` then "+N" naming the others', () => {
    const third = { id: fakeId(), name: 'Résultats', color: 'blue' as const };
    renderWithProviders(<LabelBadges labels={[billing, urgent, third]} max={2} />);
    expect(screen.getAllByTestId('label-badge').map((b) => b.textContent)).toEqual(['Facturation', 'Urgent']);
    expect(screen.getByTitle('Résultats').textContent).toBe('+1');
  });
});
