import {
  COMMUNICATION_TOKEN_KEYS,
  MESSAGE_BODY_MAX_CHARS,
  SUPPORTED_LOCALES,
  TEXT_BLOCK_TITLE_MAX_CHARS,
  tokenText,
  createTextBlockRequestSchema,
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
  Text,
  Textarea,
  TextInput,
  Title,
} from '@mantine/core';
import { useRef } from 'react';
import { Controller } from 'react-hook-form';
import { FormattedMessage, useIntl } from 'react-intl';
import { Link, useNavigate, useParams, useSearchParams } from 'react-router';
import { LOCALE_NAMES } from '../../lib/i18n';
import { SwitchField, useErrorText, useZodForm } from '../../lib/forms';
import { TemplateStarter } from './template-starter';
import { useInterfaceContentLocale } from './use-content-locale';
import { useTextBlock, useTextBlockMutations } from './use-quick-messages';
import { z } from 'zod';

/** The editor's fields: the domain's rules for a new quick message, every field given. */
const textBlockFormSchema = createTextBlockRequestSchema.extend({
  locale: z.enum(SUPPORTED_LOCALES),
  pinned: z.boolean(),
  template: z.boolean(),
});
type TextBlockForm = z.infer<typeof textBlockFormSchema>;

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
  const b = existing.data;
  return (
    <TextTemplateForm
      key={b?.id ?? 'new'}
      editingId={editing ? id! : null}
      initial={
        b
          ? { title: b.title, body: b.body, pinned: b.pinned, template: b.template, locale: b.locale }
          : { title: '', body: '', pinned: false, template: false, locale: initialLocale }
      }
    />
  );
}

function TextTemplateForm({ editingId, initial }: { editingId: string | null; initial: TextBlockForm }) {
  const intl = useIntl();
  const t = (key: string) => intl.formatMessage({ id: `quickMessages.${key}` });
  const errorText = useErrorText('quickMessages');
  const navigate = useNavigate();
  const { save } = useTextBlockMutations();
  // Checked on the first save, then as the fields change.
  const form = useZodForm(textBlockFormSchema, { mode: 'onSubmit', defaultValues: initial });
  const errors = form.formState.errors;
  const bodyRef = useRef<HTMLTextAreaElement | null>(null);
  const bodyField = form.register('body');

  const submit = form.handleSubmit(({ locale, ...fields }) =>
    save.mutate(editingId ? { id: editingId, fields } : { id: null, fields, locale }, {
      onSuccess: () => void navigate('/text-bloc'),
    }),
  );
  /** Puts a token where the cursor is (or replaces the selection) and keeps the cursor after it. */
  const insertToken = (token: string) => {
    const field = bodyRef.current;
    // The field itself holds what is typed (uncontrolled); the form's copy follows its events.
    const current = field?.value ?? form.getValues('body');
    const start = field?.selectionStart ?? current.length;
    const end = field?.selectionEnd ?? current.length;
    form.setValue('body', current.slice(0, start) + token + current.slice(end), {
      shouldDirty: true,
      shouldValidate: form.formState.isSubmitted,
    });
    // At once, not in the next frame: the field is uncontrolled, so its text is already the new
    // one, and a caret set a frame later lands where the user has typed since (a token inserted
    // right after typing then went before the typed words).
    field?.focus();
    field?.setSelectionRange(start + token.length, start + token.length);
  };

  return (
    <Stack p="lg" gap="md" maw={860}>
      <Title order={1} size="h2">
        <FormattedMessage id={editingId ? 'quickMessages.editTitle' : 'quickMessages.newTitle'} />
      </Title>
      <Paper withBorder radius="md" p="lg" component="form" onSubmit={(e) => void submit(e)} noValidate>
        <Stack gap="md">
          {editingId === null && (
            <Controller
              control={form.control}
              name="locale"
              render={({ field }) => (
                <TemplateStarter
                  locale={field.value}
                  onChoose={(chosen) => {
                    form.setValue('title', chosen.title, { shouldDirty: true });
                    form.setValue('body', chosen.body, { shouldDirty: true });
                    form.setValue('template', true, { shouldDirty: true });
                  }}
                />
              )}
            />
          )}
          <Group align="flex-start" grow>
            <TextInput
              label={t('titleField')}
              required
              maxLength={TEXT_BLOCK_TITLE_MAX_CHARS}
              error={errorText(errors.title?.message)}
              {...form.register('title')}
            />
            <Controller
              control={form.control}
              name="locale"
              render={({ field }) => (
                <Select
                  label={t('locale')}
                  value={field.value}
                  disabled={editingId !== null}
                  allowDeselect={false}
                  data={SUPPORTED_LOCALES.map((l) => ({ value: l, label: LOCALE_NAMES[l] }))}
                  onChange={(v) => v && field.onChange(v)}
                />
              )}
            />
          </Group>
          <Textarea
            label={t('bodyField')}
            description={t('bodyHint')}
            required
            autosize
            minRows={5}
            maxRows={14}
            maxLength={MESSAGE_BODY_MAX_CHARS}
            error={errorText(errors.body?.message)}
            {...bodyField}
            ref={(el) => {
              bodyField.ref(el);
              bodyRef.current = el;
            }}
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
          <SwitchField label={t('pinnedField')} control={form.control} name="pinned" />
          <SwitchField
            label={t('templateField')}
            description={t('templateHint')}
            control={form.control}
            name="template"
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
