import { SUB_SECTION_ALIGNS, SUB_SECTION_FORMATS } from '@accueil/domain';
import { ActionIcon, Group, Select, Stack, TextInput } from '@mantine/core';
import { IconTrash } from '@tabler/icons-react';
import { useIntl } from 'react-intl';
import type { DraftSubSection } from './post-draft';
import { RichTextField } from './rich-text-field';

/** What a section's editor hands its sub-sections: the picture upload and its failure. */
export type UploadHandlers = {
  onImageUpload: (file: File) => Promise<string>;
  onImageUploadError: (error: unknown) => void;
};

/**
 * One sub-section of a section: its title, its body in the rich-text editor, a link (an image, a
 * video or a page), its format and alignment; removable when the section has another.
 */
export function SubSectionFields({
  value,
  onChange,
  onRemove,
  upload,
  n,
}: {
  value: DraftSubSection;
  onChange: (next: DraftSubSection) => void;
  onRemove: (() => void) | null;
  upload: UploadHandlers;
  n: number;
}) {
  const intl = useIntl();
  const t = (id: string, values?: Record<string, string | number>) =>
    intl.formatMessage({ id: `contentManagement.subSection.${id}` }, values);
  return (
    <Stack gap="xs" p="sm" bd="1px solid var(--mantine-color-default-border)" style={{ borderRadius: 8 }}>
      <Group align="flex-end" gap="xs" wrap="nowrap">
        <TextInput
          style={{ flex: 1 }}
          label={t('title', { n })}
          value={value.title}
          onChange={(e) => onChange({ ...value, title: e.currentTarget.value })}
        />
        {onRemove && (
          <ActionIcon
            variant="subtle"
            color="red"
            size="lg"
            aria-label={t('remove', { n })}
            onClick={onRemove}
          >
            <IconTrash size={16} />
          </ActionIcon>
        )}
      </Group>
      <RichTextField
        label={t('body', { n })}
        value={value.body}
        onChange={(body) => onChange({ ...value, body })}
        {...upload}
      />
      <Group gap="xs" align="flex-end" wrap="wrap">
        <TextInput
          style={{ flex: 1, minWidth: 220 }}
          label={t('url')}
          type="url"
          value={value.url}
          onChange={(e) => onChange({ ...value, url: e.currentTarget.value })}
        />
        <Select
          w={150}
          label={t('format')}
          value={value.format}
          allowDeselect={false}
          onChange={(v) => v && onChange({ ...value, format: v })}
          data={SUB_SECTION_FORMATS.map((f) => ({ value: f, label: t(`format.${f}`) }))}
        />
        <Select
          w={150}
          label={t('align')}
          value={value.align}
          allowDeselect={false}
          onChange={(v) => v && onChange({ ...value, align: v })}
          data={SUB_SECTION_ALIGNS.map((a) => ({ value: a, label: t(`align.${a}`) }))}
        />
      </Group>
    </Stack>
  );
}
