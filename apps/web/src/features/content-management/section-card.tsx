import {
  ActionIcon,
  Button,
  Card,
  Checkbox,
  Group,
  Select,
  Stack,
  Text,
  Textarea,
  TextInput,
} from '@mantine/core';
import { useSortable } from '@dnd-kit/sortable';
import { CSS } from '@dnd-kit/utilities';
import { IconArrowDown, IconArrowUp, IconGripVertical, IconPlus, IconTrash } from '@tabler/icons-react';
import { useIntl } from 'react-intl';
import { emptySubSection, type DraftSection } from './post-draft';
import { SubSectionFields, type UploadHandlers } from './sub-section-fields';

/** A section's name in the list and in announcements: its label, title or identifier. */
export function sectionName(section: DraftSection): string {
  return section.label.trim() || section.title.trim() || section.id;
}

/**
 * One section of the list: a drag handle (mouse, touch, or the keyboard: Space picks it up, the
 * arrows move it, Space drops it), move-up and move-down buttons, and its fields. In a protocol a
 * section with a step (`parent`) is a slide: its label is required (spec §5).
 */
export function SectionCard({
  section,
  position,
  count,
  protocol,
  steps,
  errors,
  onChange,
  onMove,
  onRemove,
  upload,
}: {
  section: DraftSection;
  position: number;
  count: number;
  protocol: boolean;
  steps: readonly DraftSection[];
  errors: Record<string, string>;
  onChange: (next: DraftSection) => void;
  onMove: (to: number) => void;
  onRemove: () => void;
  upload: UploadHandlers;
}) {
  const intl = useIntl();
  const t = (id: string, values?: Record<string, string | number>) =>
    intl.formatMessage({ id: `contentManagement.section.${id}` }, values);
  const { attributes, listeners, setNodeRef, transform, transition, isDragging } = useSortable({
    id: section.key,
  });
  const slide = protocol && section.parent !== null;
  const name = sectionName(section);
  const kind = slide ? t('slide') : t('step');
  return (
    <Card
      ref={setNodeRef}
      withBorder
      radius="md"
      padding="md"
      component="li"
      ml={slide ? 'xl' : 0}
      aria-label={`${kind} ${position + 1} : ${name}`}
      style={{
        transform: CSS.Transform.toString(transform),
        transition: transition,
        opacity: isDragging ? 0.6 : 1,
      }}
    >
      <Stack gap="sm">
        <Group justify="space-between" wrap="nowrap">
          <Group gap="xs" wrap="nowrap">
            <ActionIcon
              variant="subtle"
              size="lg"
              aria-label={t('drag', { name })}
              style={{ cursor: 'grab', touchAction: 'none' }}
              {...attributes}
              {...listeners}
            >
              <IconGripVertical size={18} />
            </ActionIcon>
            <Text fw={600}>
              {kind} {position + 1}
            </Text>
          </Group>
          <Group gap={4} wrap="nowrap">
            <ActionIcon
              variant="subtle"
              size="lg"
              aria-label={t('moveUp', { name })}
              disabled={position === 0}
              onClick={() => onMove(position - 1)}
            >
              <IconArrowUp size={16} />
            </ActionIcon>
            <ActionIcon
              variant="subtle"
              size="lg"
              aria-label={t('moveDown', { name })}
              disabled={position === count - 1}
              onClick={() => onMove(position + 1)}
            >
              <IconArrowDown size={16} />
            </ActionIcon>
            <ActionIcon
              variant="subtle"
              color="red"
              size="lg"
              aria-label={t('remove', { name })}
              onClick={onRemove}
            >
              <IconTrash size={16} />
            </ActionIcon>
          </Group>
        </Group>
        <Group grow align="flex-start" wrap="wrap">
          <TextInput
            label={t('id')}
            description={t('idHint')}
            required
            value={section.id}
            error={errors.id}
            onChange={(e) => onChange({ ...section, id: e.currentTarget.value })}
          />
          {protocol && (
            <Select
              label={t('parent')}
              value={section.parent ?? ''}
              allowDeselect={false}
              error={errors.parent}
              onChange={(v) => onChange({ ...section, parent: v ? v : null })}
              data={[
                { value: '', label: t('noParent') },
                ...steps
                  .filter((s) => s.key !== section.key && s.id.trim() !== '')
                  .map((s) => ({ value: s.id, label: sectionName(s) })),
              ]}
            />
          )}
        </Group>
        <Group grow align="flex-start" wrap="wrap">
          <TextInput
            label={t('title')}
            value={section.title}
            error={errors.title}
            onChange={(e) => onChange({ ...section, title: e.currentTarget.value })}
          />
          <TextInput
            label={slide ? t('slideLabel') : t('label')}
            required={slide}
            value={section.label}
            error={errors.label}
            onChange={(e) => onChange({ ...section, label: e.currentTarget.value })}
          />
        </Group>
        {section.subSections.map((sub, i) => (
          <SubSectionFields
            key={sub.key}
            n={i + 1}
            value={sub}
            upload={upload}
            onChange={(next) =>
              onChange({ ...section, subSections: section.subSections.map((s, j) => (j === i ? next : s)) })
            }
            onRemove={
              section.subSections.length > 1
                ? () => onChange({ ...section, subSections: section.subSections.filter((_, j) => j !== i) })
                : null
            }
          />
        ))}
        <Button
          variant="subtle"
          w="fit-content"
          leftSection={<IconPlus size={16} />}
          onClick={() => onChange({ ...section, subSections: [...section.subSections, emptySubSection()] })}
        >
          {t('addSubSection')}
        </Button>
        <Group grow align="flex-start" wrap="wrap">
          <Checkbox
            label={t('checkbox')}
            checked={section.checkbox}
            onChange={(e) => onChange({ ...section, checkbox: e.currentTarget.checked })}
          />
          <Textarea
            label={t('privateNote')}
            description={t('privateNoteHint')}
            autosize
            minRows={1}
            value={section.privateNote}
            onChange={(e) => onChange({ ...section, privateNote: e.currentTarget.value })}
          />
        </Group>
      </Stack>
    </Card>
  );
}
