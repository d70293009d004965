import {
  COMMUNICATION_TOKEN_KEYS,
  MESSAGE_BODY_MAX_CHARS,
  SUPPORTED_LOCALES,
  TEXT_BLOCK_TITLE_MAX_CHARS,
  tokenText,
  type ContentLocale,
} from '@accueil/domain';
import {
  Button,
  Center,
  Group,
  Loader,
  Paper,
  Select,
  Stack,
  Switch,
  Text,
  Textarea,
  TextInput,
  Title,
} from '@mantine/core';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef, useState, type FormEvent } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { Link, useNavigate, useParams, useSearchParams } from 'react-router';
import { LOCALE_NAMES } from '../../lib/i18n';
import { notifyError, notifySuccess } from '../../lib/notify';
import { createTextBlock, textBlockKeys, updateTextBlock, useOrganizationId, useTextBlock } from './api';
import { TemplateStarter } from './template-starter';
import { useInterfaceContentLocale } from './use-content-locale';

type Draft = { title: string; body: string; pinned: boolean; template: boolean; locale: ContentLocale };

/**
 * /text-template/:mode/:id: writes a quick message (`new`, its locale from `?locale=`) or
 * changes one (`edit/<id>`): title, text with tokens inserted at the cursor, pinned, template.
 * A new one may start from a template shipped with the product. Saving goes back to the list.
 */
export function TextTemplateScreen() {
  const { mode, id } = useParams();
  const editing = mode === 'edit' && Boolean(id);
  const [params] = useSearchParams();
  const fallbackLocale = useInterfaceContentLocale();
  const asked = params.get('locale');
  const initialLocale = (SUPPORTED_LOCALES as readonly string[]).includes(asked ?? '')
    ? (asked as ContentLocale)
    : fallbackLocale;
  const existing = useTextBlock(editing ? id : undefined);
  const [draft, setDraft] = useState<Draft>({
    title: '',
    body: '',
    pinned: false,
    template: false,
    locale: initialLocale,
  });
  const loadedFor = useRef<string | null>(null);
  useEffect(() => {
    const b = existing.data;
    if (!b || loadedFor.current === b.id) return;
    loadedFor.current = b.id;
    setDraft({ title: b.title, body: b.body, pinned: b.pinned, template: b.template, locale: b.locale });
  }, [existing.data]);

  if (editing && existing.isPending) {
    return (
      <Center p="xl">
        <Loader />
      </Center>
    );
  }
  if (editing && !existing.data) {
    return (
      <Stack p="lg" align="flex-start">
        <Text>
          <FormattedMessage id="quickMessages.notFound" />
        </Text>
        <Button component={Link} to="/text-bloc" variant="light">
          <FormattedMessage id="quickMessages.backToList" />
        </Button>
      </Stack>
    );
  }
  return (
    <TextTemplateForm
      key={existing.data?.id ?? 'new'}
      editingId={editing ? id! : null}
      draft={draft}
      setDraft={setDraft}
    />
  );
}

function TextTemplateForm({
  editingId,
  draft,
  setDraft,
}: {
  editingId: string | null;
  draft: Draft;
  setDraft: (d: Draft) => void;
}) {
  const intl = useIntl();
  const t = (key: string) => intl.formatMessage({ id: `quickMessages.${key}` });
  const navigate = useNavigate();
  const organizationId = useOrganizationId();
  const queryClient = useQueryClient();
  const bodyRef = useRef<HTMLTextAreaElement>(null);
  const [tried, setTried] = useState(false);
  const titleError = tried && !draft.title.trim() ? t('required') : null;
  const bodyError = tried && !draft.body.trim() ? t('required') : null;

  const save = useMutation({
    mutationFn: () => {
      const fields = {
        title: draft.title.trim(),
        body: draft.body.trim(),
        pinned: draft.pinned,
        template: draft.template,
      };
      return editingId
        ? updateTextBlock(organizationId, editingId, fields)
        : createTextBlock(organizationId, { ...fields, locale: draft.locale });
    },
    onSuccess: async () => {
      notifySuccess(t('saved'));
      await queryClient.invalidateQueries({ queryKey: textBlockKeys.all });
      void navigate('/text-bloc');
    },
    onError: (error) => notifyError(error),
  });
  const submit = (e: FormEvent) => {
    e.preventDefault();
    setTried(true);
    if (!draft.title.trim() || !draft.body.trim()) return;
    save.mutate();
  };
  /** Puts a token where the cursor is (or replaces the selection) and keeps the cursor after it. */
  const insertToken = (token: string) => {
    const field = bodyRef.current;
    const start = field?.selectionStart ?? draft.body.length;
    const end = field?.selectionEnd ?? draft.body.length;
    const body = draft.body.slice(0, start) + token + draft.body.slice(end);
    setDraft({ ...draft, body });
    requestAnimationFrame(() => {
      field?.focus();
      field?.setSelectionRange(start + token.length, start + token.length);
    });
  };

  return (
    <Stack p="lg" gap="md" maw={860}>
      <Title order={1} size="h2">
        <FormattedMessage id={editingId ? 'quickMessages.editTitle' : 'quickMessages.newTitle'} />
      </Title>
      <Paper withBorder radius="md" p="lg" component="form" onSubmit={submit} noValidate>
        <Stack gap="md">
          {editingId === null && (
            <TemplateStarter
              locale={draft.locale}
              onChoose={(chosen) =>
                setDraft({ ...draft, title: chosen.title, body: chosen.body, template: true })
              }
            />
          )}
          <Group align="flex-start" grow>
            <TextInput
              label={t('titleField')}
              required
              value={draft.title}
              maxLength={TEXT_BLOCK_TITLE_MAX_CHARS}
              error={titleError}
              onChange={(e) => setDraft({ ...draft, title: e.currentTarget.value })}
            />
            <Select
              label={t('locale')}
              value={draft.locale}
              disabled={editingId !== null}
              allowDeselect={false}
              data={SUPPORTED_LOCALES.map((l) => ({ value: l, label: LOCALE_NAMES[l] }))}
              onChange={(v) => v && setDraft({ ...draft, locale: v })}
            />
          </Group>
          <Textarea
            ref={bodyRef}
            label={t('bodyField')}
            description={t('bodyHint')}
            required
            autosize
            minRows={5}
            maxRows={14}
            maxLength={MESSAGE_BODY_MAX_CHARS}
            value={draft.body}
            error={bodyError}
            onChange={(e) => setDraft({ ...draft, body: e.currentTarget.value })}
          />
          <Group gap="xs" role="group" aria-label={t('insertToken')}>
            <Text size="sm" fw={500}>
              {t('insertToken')}
            </Text>
            {COMMUNICATION_TOKEN_KEYS.map((key) => (
              <Button key={key} size="compact-sm" variant="light" onClick={() => insertToken(tokenText(key))}>
                {intl.formatMessage({ id: `quickMessages.token.${key}` })}
              </Button>
            ))}
          </Group>
          <Switch
            label={t('pinnedField')}
            checked={draft.pinned}
            onChange={(e) => setDraft({ ...draft, pinned: e.currentTarget.checked })}
          />
          <Switch
            label={t('templateField')}
            description={t('templateHint')}
            checked={draft.template}
            onChange={(e) => setDraft({ ...draft, template: e.currentTarget.checked })}
          />
          <Group justify="flex-end">
            <Button variant="default" component={Link} to="/text-bloc">
              {intl.formatMessage({ id: 'common.cancel' })}
            </Button>
            <Button type="submit" loading={save.isPending}>
              {t('save')}
            </Button>
          </Group>
        </Stack>
      </Paper>
    </Stack>
  );
}
