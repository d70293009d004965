import type { VirtualItem } from '@tanstack/react-virtual';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { renderWithProviders } from '../../../test/render-with-providers';
import { buildConversation } from '../test-fixtures';
import { BulkChecks } from './bulk-checks';
import { useBulkSelection } from './use-bulk-selection';

const items = [
  buildConversation({ contact: { id: 'c1', fullname: 'Alice Tremblay' } as never }),
  buildConversation({ friendlyName: '+15145550102' }),
  buildConversation({ friendlyName: '+15145550103' }),
  buildConversation({ friendlyName: '+15145550104' }),
];
const rows: VirtualItem[] = items.map((c, index) => ({
  index,
  key: c.id,
  start: index * 68,
  end: (index + 1) * 68,
  size: 68,
  lane: 0,
}));

function Harness() {
  const selection = useBulkSelection('list');
  return (
    <>
      <output data-testid="selected">{selection.state.ids.length}</output>
      <BulkChecks rows={rows} items={items} selection={selection} />
    </>
  );
}

describe('the rows’ selection checkboxes', () => {
  it('are named after the conversation, toggle with a click and select a range with shift-click', async () => {
    const user = userEvent.setup();
    renderWithProviders(<Harness />);
    const alice = screen.getByRole('checkbox', { name: 'Sélectionner la conversation avec Alice Tremblay' });
    expect(alice.tabIndex).toBe(-1);
    await user.click(alice);
    expect((alice as HTMLInputElement).checked).toBe(true);

    await user.keyboard('{Shift>}');
    await user.click(screen.getByRole('checkbox', { name: /\(514\) 555-0103/ }));
    await user.keyboard('{/Shift}');
    expect(screen.getByTestId('selected').textContent).toBe('3');
    const checked = screen.getAllByRole('checkbox').map((b) => (b as HTMLInputElement).checked);
    expect(checked).toEqual([true, true, true, false]);

    await user.click(alice);
    expect(screen.getByTestId('selected').textContent).toBe('2');
  });
});
