import type { Conversation } from '@accueil/domain';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useRef } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '../../../test/render-with-providers';
import type { InboxListHandle } from '../conversation-list';
import { buildConversation } from '../test-fixtures';
import { COMPOSE_NOTE_EVENT, onInboxCommand, type InboxCommand } from './inbox-shortcuts';
import { useInboxShortcuts, type InboxShortcutOptions } from './use-inbox-shortcuts';

const first = buildConversation();
const second = buildConversation();

function Harness({
  openId,
  focused,
  ...callbacks
}: Omit<InboxShortcutOptions, 'list' | 'openId'> & {
  openId: string | null;
  focused: Conversation | null;
  move: InboxListHandle['move'];
}) {
  const list = useRef<InboxListHandle>({
    items: [first, second],
    focused: () => focused,
    move: callbacks.move,
    focus: vi.fn(),
  });
  useInboxShortcuts({ list, openId, ...callbacks });
  return (
    <>
      <input aria-label="field" />
      <div role="dialog">
        <button type="button">in a dialog</button>
      </div>
      <button type="button">outside</button>
    </>
  );
}

describe('inbox keyboard shortcuts', () => {
  const move = vi.fn();
  const toggleArchive = vi.fn();
  const leave = vi.fn();
  const openHelp = vi.fn();
  const toggleSelected = vi.fn();
  const commands: InboxCommand[] = [];
  const stops: Array<() => void> = [];
  let notes = 0;
  const onNote = () => (notes += 1);

  beforeEach(() => {
    vi.clearAllMocks();
    commands.length = 0;
    notes = 0;
    for (const c of ['assign', 'snooze', 'reply'] as const)
      stops.push(onInboxCommand(c, () => commands.push(c)));
    document.addEventListener(COMPOSE_NOTE_EVENT, onNote);
  });
  afterEach(() => {
    stops.splice(0).forEach((stop) => stop());
    document.removeEventListener(COMPOSE_NOTE_EVENT, onNote);
  });

  const render = (openId: string | null, focused: Conversation | null = null) =>
    renderWithProviders(
      <Harness
        openId={openId}
        focused={focused}
        move={move}
        toggleArchive={toggleArchive}
        leave={leave}
        openHelp={openHelp}
        toggleSelected={toggleSelected}
      />,
    );

  it('moves with j/k, and acts on the open conversation with e, a, s, r, n', async () => {
    const user = userEvent.setup();
    render(first.id);
    await user.keyboard('jjk');
    expect(move.mock.calls).toEqual([['next'], ['next'], ['previous']]);
    await user.keyboard('e');
    expect(toggleArchive).toHaveBeenCalledWith(first);
    await user.keyboard('asr');
    expect(commands).toEqual(['assign', 'snooze', 'reply']);
    await user.keyboard('n');
    expect(notes).toBe(1);
    await user.keyboard('{Escape}');
    expect(leave).toHaveBeenCalledOnce();
  });

  it('archives and selects the focused row rather than the open conversation', async () => {
    const user = userEvent.setup();
    render(first.id, second);
    await user.keyboard('ex');
    expect(toggleArchive).toHaveBeenCalledWith(second);
    expect(toggleSelected).toHaveBeenCalledWith(second);
  });

  it('shows the help sheet with ? (Shift+/)', async () => {
    const user = userEvent.setup();
    render(null);
    await user.keyboard('{Shift>}?{/Shift}');
    expect(openHelp).toHaveBeenCalledOnce();
    await user.keyboard('?');
    expect(openHelp).toHaveBeenCalledTimes(2);
  });

  it('does nothing while typing, with a modifier, inside a dialog, or without an open conversation', async () => {
    const user = userEvent.setup();
    render(null);
    await user.keyboard('asrn');
    expect(commands).toEqual([]);
    expect(notes).toBe(0);
    await user.click(screen.getByLabelText('field'));
    await user.keyboard('jkear?');
    expect(screen.getByLabelText<HTMLInputElement>('field').value).toBe('jkear?');
    await user.click(screen.getByText('in a dialog'));
    await user.keyboard('je');
    await user.click(screen.getByText('outside'));
    await user.keyboard('{Control>}j{/Control}{Alt>}e{/Alt}');
    expect(move).not.toHaveBeenCalled();
    expect(toggleArchive).not.toHaveBeenCalled();
    expect(openHelp).not.toHaveBeenCalled();
  });
});
