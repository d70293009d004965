import {
  POST_LOCALES,
  POST_MATERIAL_NUMBERS,
  postTypeOfMaterial,
  type PostLocale,
  type PostType,
} from '@accueil/domain';
import {
  Alert,
  Badge,
  Button,
  Center,
  Container,
  Group,
  Loader,
  Select,
  Stack,
  Text,
  Title,
} from '@mantine/core';
import { IconArrowLeft, IconEye } from '@tabler/icons-react';
import { useEffect, useState } from 'react';
import { useIntl } from 'react-intl';
import { Link, useNavigate, useParams } from 'react-router';
import { ApiError } from '../../lib/api';
import { useSession } from '../../lib/session';
import { getPost } from '../library/api';
import { readsEveryPost } from '../library/library-helpers';
import { usePostLocale } from '../library/library-screen';
import { uploadPostImage } from './api';
import { ConflictDialog } from './conflict-dialog';
import { PostFields } from './post-fields';
import { PostPreview } from './post-preview';
import { SectionsEditor } from './sections-editor';
import { usePostEditor, type SaveState } from './use-post-editor';

/** The words of an issue code under a field (unknown codes: "invalid"). */
const ISSUES = ['required', 'id-invalid', 'identifier-taken', 'parent-unknown', 'max-length'];

/** The save's status line: saving, saved, not saved, or the changes waiting for the autosave. */
function SaveStatus({ state, dirty }: { state: SaveState; dirty: boolean }) {
  const intl = useIntl();
  const id =
    state === 'saving'
      ? 'saving'
      : state === 'failed'
        ? 'failed'
        : dirty
          ? 'unsaved'
          : state === 'saved'
            ? 'saved'
            : 'idle';
  return (
    <Text size="sm" c={state === 'failed' ? 'red.8' : undefined} role="status" aria-live="polite">
      {intl.formatMessage({ id: `contentManagement.status.${id}` })}
    </Text>
  );
}

/**
 * Authoring a post at `/content-management/:operation/:type/:id?` (spec §2: no navigation;
 * `operation` create or edit, `type` the library's number of the type; docs/behaviour/library.md,
 * "Authoring"): the post's fields, its sections and slides in a rich-text editor, reordered by
 * drag or keyboard, a preview as the patient sees it, save as draft, publish, unpublish, and an
 * autosave with a warning when someone else saved the post meanwhile. Marketing only (the server
 * refuses everyone else).
 */
export function ContentManagementScreen() {
  const intl = useIntl();
  const t = (id: string, values?: Record<string, string>) =>
    intl.formatMessage({ id: `contentManagement.${id}` }, values);
  const navigate = useNavigate();
  const params = useParams();
  const { context } = useSession();
  const type: PostType = postTypeOfMaterial(Number(params.type)) ?? 'protocol';
  const interfaceLocale = usePostLocale();
  const editing = params.operation === 'edit' && Boolean(params.id);
  const editor = usePostEditor({
    type,
    locale: interfaceLocale,
    onCreated: (id) =>
      void navigate(`/content-management/edit/${POST_MATERIAL_NUMBERS[type]}/${id}`, { replace: true }),
  });
  const [loading, setLoading] = useState(editing);
  const [loadError, setLoadError] = useState(false);
  const [preview, setPreview] = useState(false);
  const [uploadError, setUploadError] = useState<string | null>(null);
  const { load } = editor;
  const loadedId = editor.post?.id;

  useEffect(() => {
    if (!editing || !params.id || loadedId === params.id) return;
    getPost(params.id, undefined)
      .then(load)
      .catch(() => setLoadError(true))
      .finally(() => setLoading(false));
  }, [editing, params.id, loadedId, load]);

  const errorText = (error: unknown) =>
    intl.formatMessage({
      id: error instanceof ApiError ? `error.${error.code}` : 'error.network',
    });
  const upload = async (file: File) => {
    setUploadError(null);
    try {
      return (await uploadPostImage(file)).url;
    } catch (error) {
      setUploadError(errorText(error));
      throw error;
    }
  };
  const issue = (code: string) => t(`issue.${ISSUES.includes(code) ? code : 'invalid'}`);
  const words = (fields: Record<string, string>) =>
    Object.fromEntries(Object.entries(fields).map(([k, v]) => [k, issue(v)]));

  const switchLocale = async (locale: PostLocale) => {
    if (editor.post?.locales.includes(locale)) load(await getPost(editor.post.id, locale));
    else editor.edit({ locale });
  };

  if (!readsEveryPost(context?.user.role))
    return (
      <Container size={720} py="xl" component="main">
        <Alert color="red">{intl.formatMessage({ id: 'error.forbidden' })}</Alert>
      </Container>
    );
  if (loading)
    return (
      <Center h="100vh">
        <Loader aria-label={intl.formatMessage({ id: 'common.loading' })} />
      </Center>
    );
  if (loadError)
    return (
      <Container size={720} py="xl" component="main">
        <Alert color="red">{intl.formatMessage({ id: 'library.notFound' })}</Alert>
      </Container>
    );

  const { draft, post } = editor;
  const back = post
    ? `/material/${POST_MATERIAL_NUMBERS[post.type]}?post=${post.id}`
    : `/material/${POST_MATERIAL_NUMBERS[type]}`;
  const published = post !== null && !post.draft;
  const newVersion = post !== null && !post.locales.includes(draft.locale);
  const fieldErrors = editor.errors.post;
  const saveError = editor.error && editor.error.code !== 'post-version-conflict' ? editor.error : null;

  return (
    <Container size={980} py="md" component="main">
      <Stack gap="md">
        <Group justify="space-between" wrap="wrap" gap="sm">
          <Button component={Link} to={back} variant="subtle" leftSection={<IconArrowLeft size={16} />}>
            {t('back')}
          </Button>
          <Group gap="sm" wrap="wrap">
            <SaveStatus state={editor.state} dirty={editor.dirty} />
            <Select
              aria-label={t('locale')}
              w={190}
              value={draft.locale}
              allowDeselect={false}
              onChange={(v) => v && void switchLocale(v)}
              data={POST_LOCALES.map((l) => ({
                value: l,
                label: intl.formatMessage({ id: `library.locale.${l}` }),
              }))}
            />
            <Button variant="default" leftSection={<IconEye size={16} />} onClick={() => setPreview(true)}>
              {t('previewButton')}
            </Button>
            <Button
              variant="light"
              onClick={() => void editor.save('save')}
              loading={editor.state === 'saving'}
            >
              {published ? t('save') : t('saveDraft')}
            </Button>
            {published ? (
              <Button variant="default" onClick={() => void editor.save('unpublish')}>
                {t('unpublish')}
              </Button>
            ) : (
              <Button onClick={() => void editor.save('publish')}>{t('publish')}</Button>
            )}
          </Group>
        </Group>
        <Group gap="sm">
          <Title order={1} fz={26}>
            {post ? t('editTitle') : t('createTitle')}
          </Title>
          {post && (
            <Badge color={published ? 'green' : 'orange'} variant="light">
              {published ? t('published') : intl.formatMessage({ id: 'library.draft' })}
            </Badge>
          )}
        </Group>
        {!post && (
          <Text c="dimmed" size="sm">
            {t('autosaveAfterFirst')}
          </Text>
        )}
        {newVersion && (
          <Alert color="blue">
            {t('newVersion', { locale: intl.formatMessage({ id: `library.locale.${draft.locale}` }) })}
          </Alert>
        )}
        {saveError && (
          <Alert color="red" role="alert">
            {errorText(saveError)}
          </Alert>
        )}
        {uploadError && (
          <Alert color="red" role="alert" withCloseButton onClose={() => setUploadError(null)}>
            {uploadError}
          </Alert>
        )}
        <PostFields
          draft={draft}
          errors={words(fieldErrors)}
          onChange={editor.edit}
          onUploadImage={(file) => upload(file).catch(() => null)}
        />
        <Title order={2} fz={20}>
          {draft.type === 'protocol' ? t('stepsTitle') : t('sectionsTitle')}
        </Title>
        <SectionsEditor
          sections={draft.sections}
          protocol={draft.type === 'protocol'}
          errors={Object.fromEntries(Object.entries(editor.errors.sections).map(([i, e]) => [i, words(e)]))}
          onChange={(sections) => editor.edit({ sections })}
          upload={{ onImageUpload: upload, onImageUploadError: () => undefined }}
        />
      </Stack>
      <PostPreview
        draft={draft}
        clinicName={context?.organization.name ?? ''}
        opened={preview}
        onClose={() => setPreview(false)}
      />
      <ConflictDialog
        opened={editor.conflict}
        onReload={() => void editor.resolveConflict('reload')}
        onKeepMine={() => void editor.resolveConflict('keep')}
      />
    </Container>
  );
}
