import type { ContactDetails } from '@accueil/domain';
import { Badge, Skeleton, Table } from '@mantine/core';
import { IconLink, IconMessage, IconPencil, IconTrash } from '@tabler/icons-react';
import { useVirtualizer } from '@tanstack/react-virtual';
import { memo, useEffect, useRef } from 'react';
import { useIntl } from 'react-intl';
import { formatPhone } from '../../lib/format';
import classes from './contacts.module.css';

/** Height of one row (px): every row has one line, so the virtualiser knows each row's place. */
export const CONTACT_ROW_HEIGHT = 49;

export type ContactRowActions = {
  onEdit: (c: ContactDetails) => void;
  onDelete: (c: ContactDetails) => void;
  onConversation: (c: ContactDetails) => void;
};

/**
 * The contacts table: first name, last name, phone, e-mail, actions. Only the rows in view
 * (and a few around) are in the page, whatever `count` is (100,000 contacts stay 30-odd rows
 * of DOM); `rowAt(i)` is undefined for a row not loaded yet (a placeholder is drawn and
 * `onNeedRows(i)` asked for it).
 */
export function ContactsTable({
  count,
  rowAt,
  onNeedRows,
  actions,
  resetKey,
}: {
  count: number;
  rowAt: (i: number) => ContactDetails | undefined;
  onNeedRows?: (lastIndex: number) => void;
  actions: ContactRowActions;
  resetKey: string;
}) {
  const intl = useIntl();
  const t = (id: string, values?: Record<string, string>) => intl.formatMessage({ id }, values);
  const scroller = useRef<HTMLDivElement>(null);
  // Not rendered inside each scroll event (flushSync, the default): React draws once per frame
  // however many scroll events came, which kept a wheel's scroll from being one long task each.
  // eslint-disable-next-line react-hooks/incompatible-library -- the virtualiser is read during render by design
  const virtualizer = useVirtualizer({
    count,
    getScrollElement: () => scroller.current,
    estimateSize: () => CONTACT_ROW_HEIGHT,
    overscan: 12,
    useFlushSync: false,
  });
  const items = virtualizer.getVirtualItems();
  const last = items.at(-1)?.index ?? -1;
  useEffect(() => {
    if (last >= 0) onNeedRows?.(last);
  }, [last, onNeedRows]);
  useEffect(() => {
    scroller.current?.scrollTo({ top: 0 });
  }, [resetKey]);
  const top = items[0]?.start ?? 0;
  const bottom = virtualizer.getTotalSize() - (items.at(-1)?.end ?? 0);
  return (
    <div ref={scroller} className={classes.scroller} tabIndex={-1}>
      <Table
        className={classes.table}
        stickyHeader
        highlightOnHover
        verticalSpacing={0}
        aria-rowcount={count + 1}
      >
        <Table.Thead>
          <Table.Tr>
            <Table.Th className={classes.colName}>{t('contacts.field.firstName')}</Table.Th>
            <Table.Th className={classes.colName}>{t('contacts.field.lastName')}</Table.Th>
            <Table.Th className={classes.colPhone}>{t('contacts.field.phone')}</Table.Th>
            <Table.Th>{t('contacts.field.email')}</Table.Th>
            <Table.Th className={classes.colActions}>{t('contacts.column.actions')}</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {top > 0 && <tr style={{ height: top }} aria-hidden />}
          {items.map((item) => {
            const c = rowAt(item.index);
            return (
              <ContactTableRow
                key={c?.id ?? `placeholder-${item.index}`}
                contact={c}
                index={item.index}
                actions={actions}
              />
            );
          })}
          {bottom > 0 && <tr style={{ height: bottom }} aria-hidden />}
        </Table.Tbody>
      </Table>
    </div>
  );
}

/** Phones already shown: their display form (libphonenumber parses each number once, not at every row drawn). */
const phoneDisplay = new Map<string, string>();
/** Display forms kept at most (a long scroll through All meets every number once). */
const PHONE_DISPLAY_KEPT = 5000;

/** `formatPhone`, remembered per number. */
function shownPhone(e164: string | null): string {
  if (!e164) return '';
  let shown = phoneDisplay.get(e164);
  if (shown === undefined) {
    if (phoneDisplay.size >= PHONE_DISPLAY_KEPT) phoneDisplay.clear();
    shown = formatPhone(e164);
    phoneDisplay.set(e164, shown);
  }
  return shown;
}

/**
 * One row of the table (a placeholder while its contact loads). Memoised: the virtualiser
 * re-renders the table at every scroll frame, and a row whose contact and place did not change
 * is not drawn again. Light on purpose, as a scroll or a jump mounts dozens at once: spans styled
 * by the module's classes rather than layout components (Group, Text), plain buttons styled as
 * the subtle icon buttons rather than `ActionIcon` (which resolves its theme colours at each
 * render), the phone's display form remembered, and the buttons' hover text as their `title`
 * (their names are in `aria-label`).
 */
const ContactTableRow = memo(function ContactTableRow({
  contact: c,
  index,
  actions,
}: {
  contact: ContactDetails | undefined;
  index: number;
  actions: ContactRowActions;
}) {
  const intl = useIntl();
  const t = (id: string, values?: Record<string, string>) => intl.formatMessage({ id }, values);
  return (
    <Table.Tr style={{ height: CONTACT_ROW_HEIGHT }} aria-rowindex={index + 2}>
      {c ? (
        <>
          <Table.Td className={classes.cell}>
            <button type="button" className={classes.nameButton} onClick={() => actions.onEdit(c)}>
              {c.firstName}
            </button>
          </Table.Td>
          <Table.Td className={classes.cell}>
            <span className={classes.lastName}>
              <span className={classes.truncate}>{c.lastName}</span>
              {c.relation && (
                <Badge size="xs" variant="light" color="gray" leftSection={<IconLink size={10} />}>
                  {c.relation === 'none' ? t('contacts.linkedBadge') : t(`contacts.relation.${c.relation}`)}
                </Badge>
              )}
            </span>
          </Table.Td>
          <Table.Td className={classes.cell}>{shownPhone(c.phone)}</Table.Td>
          <Table.Td className={classes.cell}>{c.email}</Table.Td>
          <Table.Td className={classes.cell}>
            <span className={classes.actions}>
              {c.phone && (
                <button
                  type="button"
                  className={classes.rowAction}
                  onClick={() => actions.onConversation(c)}
                  title={t('contacts.action.conversation')}
                  aria-label={t('contacts.action.conversationOf', { name: c.fullname })}
                >
                  <IconMessage size={18} aria-hidden />
                </button>
              )}
              <button
                type="button"
                className={classes.rowAction}
                onClick={() => actions.onEdit(c)}
                title={t('contacts.action.edit')}
                aria-label={t('contacts.action.editOf', { name: c.fullname })}
              >
                <IconPencil size={18} aria-hidden />
              </button>
              <button
                type="button"
                className={classes.rowAction}
                data-danger
                onClick={() => actions.onDelete(c)}
                title={t('contacts.action.delete')}
                aria-label={t('contacts.action.deleteOf', { name: c.fullname })}
              >
                <IconTrash size={18} aria-hidden />
              </button>
            </span>
          </Table.Td>
        </>
      ) : (
        <Table.Td colSpan={5} className={classes.cell}>
          <Skeleton height={12} radius="sm" width="60%" />
        </Table.Td>
      )}
    </Table.Tr>
  );
});
