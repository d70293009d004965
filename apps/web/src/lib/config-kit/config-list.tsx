import { ActionIcon, Group, Table, Text, Tooltip, VisuallyHidden } from '@mantine/core';
import { IconPencil, IconTrash } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { useIntl } from 'react-intl';

/** One column of a {@link ConfigList}: its header, optional width, and what a row shows in it. */
export interface ConfigColumn<T> {
  key: string;
  header: ReactNode;
  width?: number | string;
  render: (row: T) => ReactNode;
}

/** Props of {@link ConfigList}. Labels are already localised; `editLabel`/`deleteLabel` name the row. */
export interface ConfigListProps<T> {
  /** The table's accessible name. */
  label: string;
  columns: ConfigColumn<T>[];
  rows: T[];
  rowKey: (row: T) => string;
  /** Shown instead of the table when there are no rows (null: nothing). */
  empty?: ReactNode;
  /** Opens a row's edit dialog; no edit button without it (or when `canEdit` says no). */
  onEdit?: (row: T) => void;
  onDelete?: (row: T) => void;
  canEdit?: (row: T) => boolean;
  canDelete?: (row: T) => boolean;
  /** The edit and delete buttons' accessible names (and tooltips), naming the row. */
  editLabel?: (row: T) => string;
  deleteLabel?: (row: T) => string;
  /** Extra buttons of a row, before edit and delete. */
  actions?: (row: T) => ReactNode;
  testId?: string;
  /** Each row's test id: the same for every row, or named after the row. */
  rowTestId?: string | ((row: T) => string);
  /** Table options: Mantine's vertical spacing, border and row highlight under the pointer. */
  verticalSpacing?: 'xs' | 'sm';
  withTableBorder?: boolean;
  highlightOnHover?: boolean;
  /** Width of the actions column (px; 56 by default, wider for buttons with words). */
  actionsWidth?: number;
  /** Narrower than this (px), the table scrolls sideways instead of squeezing its columns. */
  minWidth?: number;
}

/**
 * A configuration screen's list: a table of rows with, at each row's end, its edit and delete
 * buttons (real buttons with the row's name as accessible name, so the list is usable from the
 * keyboard: Tab to the button, Enter or Space). The edit dialog and delete confirmation are the
 * caller's (`EditDialog`, `confirmDelete`).
 */
export function ConfigList<T>(props: ConfigListProps<T>) {
  const intl = useIntl();
  const { rows, columns, onEdit, onDelete, actions } = props;
  if (rows.length === 0) return props.empty ? <>{props.empty}</> : null;
  const hasActions = Boolean(onEdit || onDelete || actions);
  const editLabel = (row: T) => props.editLabel?.(row) ?? intl.formatMessage({ id: 'common.edit' });
  const deleteLabel = (row: T) => props.deleteLabel?.(row) ?? intl.formatMessage({ id: 'common.delete' });
  const rowTestId = (row: T) =>
    typeof props.rowTestId === 'function' ? props.rowTestId(row) : props.rowTestId;
  const table = (
    <Table
      verticalSpacing={props.verticalSpacing ?? 'xs'}
      withTableBorder={props.withTableBorder}
      highlightOnHover={props.highlightOnHover}
      aria-label={props.label}
      data-testid={props.testId}
    >
      <Table.Thead>
        <Table.Tr>
          {columns.map((c) => (
            <Table.Th key={c.key} w={c.width}>
              {c.header}
            </Table.Th>
          ))}
          {hasActions && (
            <Table.Th w={props.actionsWidth ?? 56}>
              <VisuallyHidden>{intl.formatMessage({ id: 'common.actions' })}</VisuallyHidden>
            </Table.Th>
          )}
        </Table.Tr>
      </Table.Thead>
      <Table.Tbody>
        {rows.map((row) => (
          <Table.Tr key={props.rowKey(row)} data-testid={rowTestId(row)}>
            {columns.map((c) => (
              <Table.Td key={c.key}>{c.render(row)}</Table.Td>
            ))}
            {hasActions && (
              <Table.Td>
                <Group gap={4} wrap="nowrap" justify="flex-end">
                  {actions?.(row)}
                  {onEdit && (props.canEdit?.(row) ?? true) && (
                    <Tooltip label={editLabel(row)}>
                      <ActionIcon variant="subtle" aria-label={editLabel(row)} onClick={() => onEdit(row)}>
                        <IconPencil size={17} />
                      </ActionIcon>
                    </Tooltip>
                  )}
                  {onDelete && (props.canDelete?.(row) ?? true) && (
                    <Tooltip label={deleteLabel(row)}>
                      <ActionIcon
                        variant="subtle"
                        color="red"
                        aria-label={deleteLabel(row)}
                        onClick={() => onDelete(row)}
                      >
                        <IconTrash size={17} />
                      </ActionIcon>
                    </Tooltip>
                  )}
                </Group>
              </Table.Td>
            )}
          </Table.Tr>
        ))}
      </Table.Tbody>
    </Table>
  );
  return props.minWidth ? (
    <Table.ScrollContainer minWidth={props.minWidth}>{table}</Table.ScrollContainer>
  ) : (
    table
  );
}

/** A dimmed line saying a list is empty (the `empty` of a {@link ConfigList}). */
export function EmptyList({ children, testId }: { children: ReactNode; testId?: string }) {
  return (
    <Text size="sm" c="dimmed" data-testid={testId}>
      {children}
    </Text>
  );
}
