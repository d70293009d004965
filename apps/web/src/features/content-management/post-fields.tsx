import { POST_TYPES } from '@accueil/domain';
import {
  Button,
  FileButton,
  Group,
  Image,
  Input,
  Select,
  Stack,
  Switch,
  TagsInput,
  Textarea,
  TextInput,
} from '@mantine/core';
import { IconPhoto, IconTrash } from '@tabler/icons-react';
import { useState } from 'react';
import { useIntl } from 'react-intl';
import type { PostDraft } from './post-draft';

/**
 * The post's own fields (spec §3): type, identifier (alias, no hyphen), title, short summary,
 * picture (uploaded through the storage carrier), services and the automation flag. The draft
 * flag is the screen's publish and unpublish buttons. `errors`: the server's refusals by field.
 */
export function PostFields({
  draft,
  errors,
  onChange,
  onUploadImage,
}: {
  draft: PostDraft;
  errors: Record<string, string>;
  onChange: (next: Partial<PostDraft>) => void;
  onUploadImage: (file: File) => Promise<string | null>;
}) {
  const intl = useIntl();
  const t = (id: string) => intl.formatMessage({ id: `contentManagement.post.${id}` });
  const [uploading, setUploading] = useState(false);
  const pick = async (file: File | null) => {
    if (!file) return;
    setUploading(true);
    const url = await onUploadImage(file);
    setUploading(false);
    if (url) onChange({ image: url });
  };
  return (
    <Stack gap="sm">
      <Group grow align="flex-start" wrap="wrap">
        <Select
          label={t('type')}
          value={draft.type}
          allowDeselect={false}
          onChange={(v) => v && onChange({ type: v })}
          data={POST_TYPES.map((type) => ({
            value: type,
            label: intl.formatMessage({ id: `library.type.${type}` }),
          }))}
        />
        <TextInput
          label={t('alias')}
          description={t('aliasHint')}
          required
          value={draft.alias}
          error={errors.alias}
          onChange={(e) => onChange({ alias: e.currentTarget.value })}
        />
      </Group>
      <TextInput
        label={t('title')}
        required
        value={draft.title}
        error={errors.title}
        onChange={(e) => onChange({ title: e.currentTarget.value })}
      />
      <Textarea
        label={t('short')}
        autosize
        minRows={2}
        value={draft.short}
        error={errors.short}
        onChange={(e) => onChange({ short: e.currentTarget.value })}
      />
      <Stack gap={6}>
        <Group gap="xs">
          <FileButton
            onChange={(f) => void pick(f)}
            accept="image/png,image/jpeg,image/gif,image/webp,image/heic"
          >
            {(props) => (
              <Button {...props} variant="light" loading={uploading} leftSection={<IconPhoto size={16} />}>
                {draft.image ? t('imageReplace') : t('imageAdd')}
              </Button>
            )}
          </FileButton>
          {draft.image && (
            <Button
              variant="subtle"
              color="red"
              leftSection={<IconTrash size={16} />}
              onClick={() => onChange({ image: '' })}
            >
              {t('imageRemove')}
            </Button>
          )}
        </Group>
        {draft.image && <Image src={draft.image} alt={t('imageAlt')} maw={320} radius="md" />}
        {errors.image && <Input.Error role="alert">{errors.image}</Input.Error>}
      </Stack>
      <Group grow align="flex-start" wrap="wrap">
        <TagsInput
          label={t('services')}
          description={t('servicesHint')}
          value={draft.services}
          onChange={(services) => onChange({ services })}
        />
        <Switch
          mt="lg"
          label={t('automation')}
          checked={draft.automation}
          onChange={(e) => onChange({ automation: e.currentTarget.checked })}
        />
      </Group>
    </Stack>
  );
}
