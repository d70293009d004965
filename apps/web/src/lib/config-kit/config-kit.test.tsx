import { TextInput } from '@mantine/core';
import { ModalsProvider } from '@mantine/modals';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { act, renderHook } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '../../test/render-with-providers';
import {
  ConfigList,
  confirmAction,
  confirmDelete,
  EditDialog,
  EmptyList,
  QueryState,
  useEditTarget,
} from '.';

type Row = { id: string; name: string };
const rows: Row[] = [
  { id: '1', name: 'Accueil' },
  { id: '2', name: 'Urgences' },
];

function List(props: { onEdit?: (r: Row) => void; onDelete?: (r: Row) => void; rows?: Row[] }) {
  return (
    <ConfigList
      label="Lignes"
      rows={props.rows ?? rows}
      rowKey={(r) => r.id}
      columns={[{ key: 'name', header: 'Nom', render: (r) => r.name }]}
      onEdit={props.onEdit}
      onDelete={props.onDelete}
      canDelete={(r) => r.id !== '2'}
      editLabel={(r) => `Modifier ${r.name}`}
      deleteLabel={(r) => `Supprimer ${r.name}`}
      empty={<EmptyList>Aucune ligne</EmptyList>}
    />
  );
}

describe('ConfigList', () => {
  it('lists the rows with their edit and delete buttons, reachable and pressed from the keyboard', async () => {
    const onEdit = vi.fn();
    const onDelete = vi.fn();
    renderWithProviders(<List onEdit={onEdit} onDelete={onDelete} />);
    const table = screen.getByRole('table', { name: 'Lignes' });
    expect(table.querySelectorAll('tbody tr')).toHaveLength(2);
    // Urgences cannot be deleted: no button for it.
    expect(screen.queryByRole('button', { name: 'Supprimer Urgences' })).toBeNull();
    await userEvent.tab();
    expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Modifier Accueil' }));
    await userEvent.keyboard('{Enter}');
    expect(onEdit).toHaveBeenCalledWith(rows[0]);
    await userEvent.tab();
    expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Supprimer Accueil' }));
    await userEvent.keyboard(' ');
    expect(onDelete).toHaveBeenCalledWith(rows[0]);
  });

  it('says the list is empty instead of an empty table', () => {
    renderWithProviders(<List rows={[]} />);
    expect(screen.queryByRole('table')).toBeNull();
    expect(screen.getByText('Aucune ligne')).toBeTruthy();
  });

  it('names each row for the journeys, and scrolls sideways when narrower than its minimum width', () => {
    renderWithProviders(
      <ConfigList
        label="Lignes"
        rows={rows}
        rowKey={(r) => r.id}
        rowTestId={(r) => `row-${r.name}`}
        minWidth={640}
        columns={[{ key: 'name', header: 'Nom', render: (r) => r.name }]}
      />,
    );
    expect(screen.getByTestId('row-Urgences').textContent).toBe('Urgences');
    expect(
      screen.getByRole('table').closest('.mantine-TableScrollContainer-scrollContainerInner'),
    ).not.toBeNull();
  });

  it('has no actions column when nothing can be done to a row', () => {
    renderWithProviders(<List />);
    expect(screen.queryAllByRole('button')).toHaveLength(0);
    expect(screen.getAllByRole('columnheader')).toHaveLength(1);
  });
});

describe('useEditTarget', () => {
  it('opens on a row as the latest list has it, and closes once the row is gone', () => {
    const { result, rerender } = renderHook(({ list }) => useEditTarget(list), {
      initialProps: { list: rows },
    });
    expect(result.current.current).toBeNull();
    act(() => result.current.open(rows[0]!));
    const renamed = { id: '1', name: 'Accueil principal' };
    rerender({ list: [renamed, rows[1]!] });
    expect(result.current.current).toBe(renamed);
    rerender({ list: [rows[1]!] });
    expect(result.current.current).toBeNull();
    act(() => result.current.open('new'));
    expect(result.current.current).toBe('new');
    act(() => result.current.close());
    expect(result.current.current).toBeNull();
  });
});

describe('EditDialog', () => {
  it('submits with Enter in a field, and cancels without submitting', async () => {
    const onSubmit = vi.fn((e: { preventDefault: () => void }) => e.preventDefault());
    const onClose = vi.fn();
    renderWithProviders(
      <EditDialog title="Nouvelle ligne" onClose={onClose} onSubmit={onSubmit} error={<p>Refusé</p>}>
        <TextInput label="Nom" data-autofocus />
      </EditDialog>,
    );
    expect(await screen.findByRole('dialog', { name: 'Nouvelle ligne' })).toBeTruthy();
    expect(screen.getByText('Refusé')).toBeTruthy();
    await userEvent.type(screen.getByLabelText('Nom'), 'Accueil{Enter}');
    expect(onSubmit).toHaveBeenCalledTimes(1);
    await userEvent.click(screen.getByRole('button', { name: 'Annuler' }));
    expect(onClose).toHaveBeenCalled();
    expect(onSubmit).toHaveBeenCalledTimes(1);
  });
});

describe('confirmDelete', () => {
  it('resolves true when confirmed and false when cancelled', async () => {
    renderWithProviders(<ModalsProvider />);
    const ask = () =>
      confirmDelete({
        titleId: 'security.passkeys.deleteTitle',
        bodyId: 'security.passkeys.deleteBody',
        confirmId: 'security.passkeys.delete',
      });
    const confirmed = ask();
    await userEvent.click(await screen.findByRole('button', { name: 'Supprimer' }));
    await expect(confirmed).resolves.toBe(true);
    const cancelled = ask();
    await waitFor(() => expect(screen.getAllByRole('button', { name: 'Annuler' }).length).toBeGreaterThan(0));
    await userEvent.click(screen.getAllByRole('button', { name: 'Annuler' }).at(-1)!);
    await expect(cancelled).resolves.toBe(false);
  });
});

describe('confirmAction', () => {
  it('marks its confirm button with the test id it is given, for the journeys', async () => {
    renderWithProviders(<ModalsProvider />);
    const confirmed = confirmAction({
      titleId: 'security.passkeys.deleteTitle',
      bodyId: 'security.passkeys.deleteBody',
      confirmId: 'security.passkeys.delete',
      danger: true,
      testId: 'passkey-delete-confirm',
    });
    await userEvent.click(await screen.findByTestId('passkey-delete-confirm'));
    await expect(confirmed).resolves.toBe(true);
  });
});

describe('QueryState', () => {
  it('shows a loader, then the failure, then the data', () => {
    const view = renderWithProviders(
      <QueryState query={{ isPending: true, isError: false, data: undefined }}>{() => 'data'}</QueryState>,
    );
    expect(screen.getByLabelText('Chargement…')).toBeTruthy();
    view.rerender(
      <QueryState query={{ isPending: false, isError: true, data: undefined }}>{() => 'data'}</QueryState>,
    );
    expect(screen.getByText('Le chargement a échoué.')).toBeTruthy();
    view.rerender(
      <QueryState query={{ isPending: false, isError: false, data: 3 }}>
        {(n: number) => `n=${n}`}
      </QueryState>,
    );
    expect(screen.getByText('n=3')).toBeTruthy();
  });
});
