import { ActionIcon, Group, Table, Text, VisuallyHidden } from '@mantine/core';
import type { ReactNode } from 'react';

/** A column of a `PhonesTable`: its header and what a row shows in it. */
export type PhonesTableColumn<Row> = { key: string; header: ReactNode; cell: (row: Row) => ReactNode };

/** A button of a row (an icon with its accessible name, e.g. "Remove {name}"). */
export type PhonesTableAction<Row> = {
  key: string;
  label: (row: Row) => string;
  icon: ReactNode;
  color?: string;
  onClick: (row: Row) => void;
};

/**
 * The tables of the Phones tab (SIP users, transfer extensions): one look and behaviour for
 * both. Says `empty` while there is no row; otherwise a striped table named by `labelledBy` (the
 * section's or list's title), its columns, then one cell of icon buttons per row (the column's
 * header is read to screen readers only, `actionsHeader`). Below `minWidth` it scrolls sideways
 * rather than cutting the buttons off.
 */
export function PhonesTable<Row extends { id: string }>({
  labelledBy,
  rows,
  columns,
  actions,
  actionsHeader,
  empty,
  minWidth = 400,
}: {
  labelledBy: string;
  rows: readonly Row[];
  columns: readonly PhonesTableColumn<Row>[];
  actions: readonly PhonesTableAction<Row>[];
  actionsHeader: string;
  empty: ReactNode;
  minWidth?: number;
}) {
  if (rows.length === 0) {
    return (
      <Text size="sm" c="dimmed">
        {empty}
      </Text>
    );
  }
  return (
    <Table.ScrollContainer minWidth={minWidth}>
      <Table striped aria-labelledby={labelledBy} verticalSpacing={6}>
        <Table.Thead>
          <Table.Tr>
            {columns.map((column) => (
              <Table.Th key={column.key}>{column.header}</Table.Th>
            ))}
            <Table.Th w={16 + 40 * actions.length}>
              <VisuallyHidden>{actionsHeader}</VisuallyHidden>
            </Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {rows.map((row) => (
            <Table.Tr key={row.id}>
              {columns.map((column) => (
                <Table.Td key={column.key}>{column.cell(row)}</Table.Td>
              ))}
              <Table.Td>
                <Group gap={4} wrap="nowrap">
                  {actions.map((action) => (
                    <ActionIcon
                      key={action.key}
                      variant="subtle"
                      color={action.color}
                      aria-label={action.label(row)}
                      onClick={() => action.onClick(row)}
                    >
                      {action.icon}
                    </ActionIcon>
                  ))}
                </Group>
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}
