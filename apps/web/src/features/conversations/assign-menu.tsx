import type { Conversation, ConversationAssignee } from '@accueil/domain';
import { Menu, Text } from '@mantine/core';
import { IconCheck, IconUserOff } from '@tabler/icons-react';
import { useState, type ReactElement } from 'react';
import { useIntl } from 'react-intl';
import { useTeamMembers } from './use-team-members';

/** From this many members the assign menu has a search box (a short list reads at a glance). */
export const ASSIGN_SEARCH_FROM = 8;

/** Props of {@link AssigneeItems}. */
export interface AssigneeItemsProps {
  /** Whose assignee is checked (the bulk bar: the selected rows' common one, else nobody). */
  conversation: Pick<Conversation, 'assignee'>;
  /** Whether "Unassign" is offered (default: when someone is assigned). */
  canUnassign?: boolean;
  /** The member chosen, or null for "Unassign". */
  onAssign: (assignee: ConversationAssignee | null) => void;
}

/**
 * The items of an assign menu, inside a Mantine `Menu.Dropdown` (the header's menu) or
 * `Menu.Sub.Dropdown` (a row's menu): the team's members by name, the current assignee
 * checked, then "Unassign" when someone is assigned; a search box first from
 * ASSIGN_SEARCH_FROM members (accents and case ignored; ↑/↓ move from it, Enter assigns).
 */
export function AssigneeItems({ conversation, canUnassign, onAssign }: AssigneeItemsProps) {
  const intl = useIntl();
  const t = (id: string) => intl.formatMessage({ id });
  const { members, loading } = useTeamMembers();
  const [search, setSearch] = useState('');
  const folded = fold(search.trim());
  const shown = folded ? members.filter((m) => fold(m.displayName).includes(folded)) : members;
  const current = conversation.assignee?.id ?? null;
  return (
    <>
      {members.length >= ASSIGN_SEARCH_FROM && (
        <Menu.Search
          value={search}
          onChange={(e) => setSearch(e.currentTarget.value)}
          placeholder={t('conversations.assign.search')}
          aria-label={t('conversations.assign.search')}
        />
      )}
      <Menu.Label>{t('conversations.assign.menu')}</Menu.Label>
      {loading && <Menu.Item disabled>{t('conversations.assign.loading')}</Menu.Item>}
      {!loading && shown.length === 0 && (
        <Text size="sm" c="dimmed" px="sm" py={6}>
          {t('conversations.assign.none')}
        </Text>
      )}
      {shown.map((m) => (
        <Menu.Item
          key={m.userId}
          rightSection={m.userId === current ? <IconCheck size={16} aria-hidden /> : null}
          aria-current={m.userId === current || undefined}
          onClick={() => onAssign({ id: m.userId, name: m.displayName })}
        >
          {m.displayName}
        </Menu.Item>
      ))}
      {(canUnassign ?? current !== null) && (
        <>
          <Menu.Divider />
          <Menu.Item leftSection={<IconUserOff size={16} />} onClick={() => onAssign(null)}>
            {t('conversations.assign.unassign')}
          </Menu.Item>
        </>
      )}
    </>
  );
}

/** Props of {@link AssignMenu}. */
export interface AssignMenuProps extends AssigneeItemsProps {
  /** The button that opens the menu. */
  target: ReactElement;
  opened: boolean;
  onChange: (opened: boolean) => void;
}

/** The conversation header's "Assign" menu (also opened by the `a` shortcut): {@link AssigneeItems}. */
export function AssignMenu({ target, opened, onChange, ...items }: AssignMenuProps) {
  return (
    <Menu opened={opened} onChange={onChange} position="bottom-end" withinPortal shadow="md" width={260}>
      <Menu.Target>{target}</Menu.Target>
      <Menu.Dropdown mah={360} style={{ overflowY: 'auto' }} data-testid="assign-menu">
        <AssigneeItems {...items} />
      </Menu.Dropdown>
    </Menu>
  );
}

/** Lower case without accents, so "helene" finds "Hélène". */
function fold(text: string): string {
  return text.normalize('NFD').replace(/\p{M}/gu, '').toLocaleLowerCase();
}
