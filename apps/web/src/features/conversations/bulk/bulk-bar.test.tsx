import type { Conversation } from '@accueil/domain';
import { notifications } from '@mantine/notifications';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useEffect } from 'react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { apiRequest, type ApiRequestOptions } from '../../../lib/api';
import { renderWithProviders, testQueryClient } from '../../../test/render-with-providers';
import { conversationKeys } from '../api';
import type { ListData } from '../list-cache';
import { buildConversation, listData } from '../test-fixtures';
import { notifyUndoable } from '../undo';
import { BulkBar } from './bulk-bar';
import { selectAll, updateSelection } from './selection-rules';
import { useBulkSelection } from './use-bulk-selection';

vi.mock('../../../lib/api', async (importOriginal) => ({
  ...(await importOriginal<typeof import('../../../lib/api')>()),
  apiRequest: vi.fn(),
}));
vi.mock('../../../lib/notify', () => ({ notifyError: vi.fn(), notifySuccess: vi.fn(), notifyInfo: vi.fn() }));
vi.mock('@mantine/notifications', () => ({ notifications: { show: vi.fn(), hide: vi.fn() } }));
vi.mock('../undo', () => ({ notifyUndoable: vi.fn() }));
vi.mock('../use-team-members', () => ({
  useTeamMembers: () => ({
    members: [
      { userId: '33333333-3333-4333-8333-333333333331', displayName: 'Julien Roy' },
      { userId: '33333333-3333-4333-8333-333333333332', displayName: 'Sophie Gagnon' },
    ],
    loading: false,
  }),
}));

const api = vi.mocked(apiRequest);
const sophie = { id: '33333333-3333-4333-8333-333333333332', name: 'Sophie Gagnon' };
const rows = [
  buildConversation({ friendlyName: '+15145550101' }),
  buildConversation({ friendlyName: '+15145550102', assignee: sophie }),
  buildConversation({ friendlyName: '+15145550103' }),
];
const listKey = conversationKeys.list('active', '', 'all', '');

/** The bar over a selection of `ids` (the column's part, without the list). */
function Harness({ ids }: { ids: string[] }) {
  const selection = useBulkSelection('list');
  useEffect(() => updateSelection(selection, (s) => selectAll(s, ids)), []); // eslint-disable-line react-hooks/exhaustive-deps
  return (
    <>
      <output data-testid="selected">{selection.state.ids.join(',')}</output>
      {selection.state.ids.length > 0 && (
        <BulkBar status="active" view="all" search="" labelId="" selection={selection} />
      )}
    </>
  );
}

function render(ids: string[]) {
  // The list is in the cache before the bar reads it (as the list's own query put it there).
  const client = testQueryClient();
  client.setQueryData<ListData>(listKey, listData([rows]));
  return { ...renderWithProviders(<Harness ids={ids} />, { client }), user: userEvent.setup() };
}

/** What the bulk endpoint was asked, in order. */
function bulkCalls(): unknown[] {
  return api.mock.calls.filter(([, path]) => path === 'conversations/bulk').map(([, , o]) => o?.body);
}

/** Answers the bulk endpoint: every id done (its conversation changed by `change`) except `refuse`. */
function answerBulk(change: (c: Conversation) => Conversation, refuse: string[] = []) {
  api.mockImplementation((_method, path, opts?: ApiRequestOptions) => {
    if (path !== 'conversations/bulk') return Promise.resolve({ active: 0, inactive: 0 });
    const { ids } = opts!.body as { ids: string[] };
    return Promise.resolve({
      results: ids.map((id) => {
        if (refuse.includes(id)) return { id, ok: false, error: 'forbidden' };
        const row = rows.find((c) => c.id === id)!;
        return { id, ok: true, conversation: change({ ...row, version: row.version + 1 }) };
      }),
    });
  });
}

const listedIds = (client: ReturnType<typeof render>['client']) =>
  client.getQueryData<ListData>(listKey)!.pages.flatMap((p) => p.items.map((c) => c.id));

describe('the bulk bar', () => {
  beforeEach(() => {
    api.mockReset();
    vi.mocked(notifications.show).mockReset();
    vi.mocked(notifyUndoable).mockReset();
  });

  it('archives the selection: the rows leave the list, a refused one stays selected and is toasted; Undo unarchives', async () => {
    const [a, b, c] = rows.map((r) => r.id) as [string, string, string];
    answerBulk((conversation) => ({ ...conversation, status: 'inactive' }), [c]);
    const { client, user } = render([a, b, c]);
    expect(await screen.findByText('3 sélectionnées')).toBeTruthy();

    await user.click(screen.getByRole('button', { name: 'Archiver' }));
    await waitFor(() => expect(screen.getByTestId('selected').textContent).toBe(c));
    expect(bulkCalls()).toEqual([{ ids: [a, b, c], action: 'archive' }]);
    expect(listedIds(client)).toEqual([c]);
    expect(vi.mocked(notifications.show)).toHaveBeenCalledWith(
      expect.objectContaining({ color: 'red', message: 'Une conversation n’a pas pu être modifiée' }),
    );
    expect(screen.getByText('1 sélectionnée')).toBeTruthy();

    const [message, undo] = vi.mocked(notifyUndoable).mock.calls[0]!;
    expect(message).toBe('2 conversations archivées');
    answerBulk((conversation) => ({ ...conversation, status: 'active', version: conversation.version + 1 }));
    undo();
    await waitFor(() => expect(bulkCalls()).toHaveLength(2));
    expect(bulkCalls()[1]).toEqual({ ids: [a, b], action: 'unarchive' });
    await waitFor(() => expect(new Set(listedIds(client))).toEqual(new Set([a, b, c])));
  });

  it('assigns to a member, then Undo gives each conversation back to its own previous assignee', async () => {
    const [a, b] = rows.map((r) => r.id) as [string, string];
    const julien = { id: '33333333-3333-4333-8333-333333333331', name: 'Julien Roy' };
    answerBulk((conversation) => ({ ...conversation, assignee: julien }));
    const { client, user } = render([a, b]);
    await user.click(await screen.findByRole('button', { name: 'Assigner' }));
    await user.click(await screen.findByRole('menuitem', { name: 'Julien Roy', hidden: true }));
    await waitFor(() => expect(screen.getByTestId('selected').textContent).toBe(''));
    expect(bulkCalls()).toEqual([{ ids: [a, b], action: 'assign', assigneeId: julien.id }]);
    const cached = client.getQueryData<ListData>(listKey)!.pages[0]!.items;
    expect(
      cached
        .filter((c) => c.assignee?.id === julien.id)
        .map((c) => c.id)
        .sort(),
    ).toEqual([a, b].sort());

    const [message, undo] = vi.mocked(notifyUndoable).mock.calls[0]!;
    expect(message).toBe('2 conversations assignées à Julien Roy');
    undo();
    await waitFor(() => expect(bulkCalls()).toHaveLength(3));
    expect(bulkCalls().slice(1)).toEqual(
      expect.arrayContaining([
        { ids: [a], action: 'assign', assigneeId: null },
        { ids: [b], action: 'assign', assigneeId: sophie.id },
      ]),
    );
  });

  it('marks read, selects all the loaded rows, and clears with Esc', async () => {
    const [a] = rows.map((r) => r.id) as [string];
    answerBulk((conversation) => ({ ...conversation, attributes: { hasNotification: false } }));
    const { user } = render([a]);
    await user.click(await screen.findByRole('button', { name: 'Tout sélectionner (3)' }));
    expect(screen.getByText('3 sélectionnées')).toBeTruthy();
    expect(screen.queryByRole('button', { name: /Tout sélectionner/ })).toBeNull();
    await user.click(screen.getByRole('button', { name: 'Marquer lues' }));
    await waitFor(() => expect(bulkCalls()).toHaveLength(1));
    expect(bulkCalls()[0]).toMatchObject({ action: 'mark-read' });
    await waitFor(() => expect(screen.queryByTestId('bulk-bar')).toBeNull());

    // A selection again, cleared from the keyboard.
    const second = render([a]);
    const clear = await screen.findByRole('button', { name: 'Vider la sélection' });
    clear.focus();
    await second.user.keyboard('{Escape}');
    expect(screen.queryByTestId('bulk-bar')).toBeNull();
  });

  it('keeps the selection when the request fails as a whole', async () => {
    api.mockRejectedValue(new Error('offline'));
    const ids = rows.map((r) => r.id);
    const { user } = render(ids);
    await user.click(await screen.findByRole('button', { name: 'Marquer non lues' }));
    await waitFor(() => expect(bulkCalls()).toHaveLength(1));
    expect(screen.getByText('3 sélectionnées')).toBeTruthy();
    expect(screen.getByTestId('selected').textContent).toBe(ids.join(','));
  });
});
