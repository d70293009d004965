import {
  CONTACT_PAGE_SIZE_MAX,
  CONTACT_PAGE_SIZES,
  normalizeSearch,
  type ContactDetails,
} from '@accueil/domain';
import { Button, Group, Select, Text, TextInput, Title } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { modals } from '@mantine/modals';
import { IconDownload, IconFileImport, IconPlus, IconSearch } from '@tabler/icons-react';
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { notifyError } from '../../lib/notify';
import { downloadContactsCsv } from './api';
import { useAllContacts, useContactPage, useDeleteContact } from './use-contacts';
import { ContactDialog, type ContactDialogTarget } from './contact-dialog';
import classes from './contacts.module.css';
import { ContactsTable, type ContactRowActions } from './contacts-table';
import { ImportDialog } from './import-dialog';
import { pagedRows } from './paged-rows';
import { useOpenConversation } from './use-open-conversation';

type PageSize = '25' | '50' | '100' | 'all';
/** Rows the All view asks for at a time, as the table scrolls. */
const ALL_PAGE_ROWS = CONTACT_PAGE_SIZE_MAX;
/** How close to the loaded end the All view asks for the next rows. */
const PREFETCH_ROWS = 150;

/**
 * /contacts: the organisation's contacts (docs/behaviour/contacts.md). A table (first name,
 * last name, phone, e-mail, actions) by pages of 25, 50 or 100, or All as one virtualised list
 * read as it scrolls; search from 3 characters (name, phone, e-mail; accents ignored); create,
 * edit, link, delete; import a file; export to CSV.
 */
export function ContactsScreen() {
  const intl = useIntl();
  const t = (id: string, values?: Record<string, string | number>) => intl.formatMessage({ id }, values);
  const openConversation = useOpenConversation();
  const [input, setInput] = useState('');
  const [debounced] = useDebouncedValue(input, 300);
  const normalized = normalizeSearch(debounced);
  const search = normalized === 'too-short' || normalized === null ? '' : normalized;
  const [pageSize, setPageSize] = useState<PageSize>('50');
  const [cursors, setCursors] = useState<(string | null)[]>([null]);
  const [dialog, setDialog] = useState<ContactDialogTarget | null>(null);
  const [importOpen, setImportOpen] = useState(false);
  const [exporting, setExporting] = useState(false);
  const all = pageSize === 'all';
  const cursor = cursors.at(-1) ?? null;
  const limit = all ? ALL_PAGE_ROWS : Number(pageSize);

  const paged = useContactPage(search, limit, cursor, !all);
  const infinite = useAllContacts(search, ALL_PAGE_ROWS, all);
  const remove = useDeleteContact();
  const allPages = infinite.data?.pages;
  // Every page read, by index, made again only when a page comes (not at each render).
  const allRows = useMemo(() => pagedRows(allPages ?? []), [allPages]);
  const pageRows = paged.data?.items;
  const loaded = useMemo(
    () => (all ? allRows : pagedRows(pageRows ? [{ items: pageRows }] : [])),
    [all, allRows, pageRows],
  );
  const first = all ? allPages?.[0] : paged.data;
  const total = first?.total ?? 0;
  const capped = first?.totalCapped ?? false;
  const { hasNextPage, isFetchingNextPage, fetchNextPage } = infinite;
  // A capped count (a search matching more than it counts) cannot size All: the list grows by
  // a page of placeholders while more follow.
  const count = !all
    ? loaded.length
    : capped
      ? Math.max(total, loaded.length + (hasNextPage ? ALL_PAGE_ROWS : 0))
      : total;
  const needRows = useCallback(
    (lastIndex: number) => {
      if (all && hasNextPage && !isFetchingNextPage && lastIndex >= loaded.length - PREFETCH_ROWS)
        void fetchNextPage();
    },
    [all, hasNextPage, isFetchingNextPage, loaded.length, fetchNextPage],
  );
  const resetPaging = () => setCursors([null]);
  const pageNumber = cursors.length;
  const pageCount = all ? 1 : Math.max(1, Math.ceil(total / limit));
  const rowAt = useCallback((i: number) => loaded.at(i), [loaded]);

  const confirmDelete = (c: ContactDetails) =>
    modals.openConfirmModal({
      title: t('contacts.delete.title', { name: c.fullname }),
      children: (
        <Text size="sm">
          {t(c.linkedContacts.length > 0 ? 'contacts.delete.bodyWithLinked' : 'contacts.delete.body', {
            count: c.linkedContacts.length,
          })}
        </Text>
      ),
      labels: { confirm: t('contacts.action.delete'), cancel: t('contacts.action.cancel') },
      confirmProps: { color: 'red' },
      onConfirm: () => remove.mutate(c),
    });

  // One object for the screen's life (its handlers read the latest render through a ref): the
  // rows are memoised on it, and a new object each render (every page read by All) drew them all again.
  const latest = useRef({ confirmDelete, openConversation });
  useEffect(() => {
    latest.current = { confirmDelete, openConversation };
  });
  const [actions] = useState<ContactRowActions>(() => ({
    onEdit: (c) => setDialog({ mode: 'edit', id: c.id }),
    onDelete: (c) => latest.current.confirmDelete(c),
    onConversation: (c) => void latest.current.openConversation(c.phone!),
  }));

  const exportCsv = async () => {
    setExporting(true);
    try {
      await downloadContactsCsv();
    } catch (error) {
      notifyError(error);
    } finally {
      setExporting(false);
    }
  };

  return (
    <div className={classes.screen}>
      <Group justify="space-between" wrap="nowrap">
        <Group gap="sm" align="baseline">
          <Title order={1} size="h2">
            <FormattedMessage id="contacts.title" />
          </Title>
          <Text c="dimmed" size="sm" aria-live="polite">
            <FormattedMessage
              id={!search ? 'contacts.count' : capped ? 'contacts.countFoundMore' : 'contacts.countFound'}
              values={{ count: total }}
            />
          </Text>
        </Group>
        <Group gap="sm" wrap="nowrap">
          <Button
            variant="default"
            leftSection={<IconDownload size={16} />}
            onClick={() => void exportCsv()}
            loading={exporting}
          >
            <FormattedMessage id="contacts.action.export" />
          </Button>
          <Button
            variant="default"
            leftSection={<IconFileImport size={16} />}
            onClick={() => setImportOpen(true)}
          >
            <FormattedMessage id="contacts.action.import" />
          </Button>
          <Button leftSection={<IconPlus size={16} />} onClick={() => setDialog({ mode: 'new' })}>
            <FormattedMessage id="contacts.action.new" />
          </Button>
        </Group>
      </Group>
      <Group justify="space-between" align="flex-start" wrap="nowrap">
        <TextInput
          value={input}
          onChange={(e) => {
            setInput(e.currentTarget.value);
            resetPaging();
          }}
          leftSection={<IconSearch size={16} />}
          placeholder={t('contacts.search.placeholder')}
          aria-label={t('contacts.search.label')}
          description={normalizeSearch(input) === 'too-short' ? t('contacts.search.tooShort') : undefined}
          w={420}
          type="search"
        />
        <Select
          label={t('contacts.pageSize.label')}
          value={pageSize}
          onChange={(v) => {
            setPageSize((v as PageSize | null) ?? '50');
            resetPaging();
          }}
          data={[
            ...CONTACT_PAGE_SIZES.map((n) => ({ value: String(n), label: String(n) })),
            { value: 'all', label: t('contacts.pageSize.all') },
          ]}
          allowDeselect={false}
          w={140}
          styles={{
            root: { display: 'flex', alignItems: 'center', gap: 8 },
            label: { whiteSpace: 'nowrap' },
          }}
        />
      </Group>
      <ContactsTable
        count={count}
        rowAt={rowAt}
        onNeedRows={needRows}
        resetKey={`${search}|${pageSize}|${pageNumber}`}
        actions={actions}
      />
      {count === 0 && !(all ? infinite.isPending : paged.isPending) && (
        <Text c="dimmed" ta="center">
          <FormattedMessage id={search ? 'contacts.empty.search' : 'contacts.empty.none'} />
        </Text>
      )}
      {!all && (
        <Group justify="flex-end" gap="sm">
          <Button
            variant="default"
            size="xs"
            disabled={pageNumber <= 1}
            onClick={() => setCursors((c) => c.slice(0, -1))}
          >
            <FormattedMessage id="contacts.pager.previous" />
          </Button>
          <Text size="sm" aria-live="polite">
            <FormattedMessage
              id={capped ? 'contacts.pager.pageOfMore' : 'contacts.pager.page'}
              values={{ page: pageNumber, pages: pageCount }}
            />
          </Text>
          <Button
            variant="default"
            size="xs"
            disabled={!paged.data?.nextCursor}
            onClick={() => setCursors((c) => [...c, paged.data!.nextCursor])}
          >
            <FormattedMessage id="contacts.pager.next" />
          </Button>
        </Group>
      )}
      <ContactDialog target={dialog} onClose={() => setDialog(null)} />
      <ImportDialog opened={importOpen} onClose={() => setImportOpen(false)} />
    </div>
  );
}
