import {
  closestCenter,
  DndContext,
  KeyboardSensor,
  PointerSensor,
  useSensor,
  useSensors,
  type Announcements,
  type DragEndEvent,
} from '@dnd-kit/core';
import { SortableContext, sortableKeyboardCoordinates, verticalListSortingStrategy } from '@dnd-kit/sortable';
import { Button, Group, Stack, VisuallyHidden } from '@mantine/core';
import { IconPlus } from '@tabler/icons-react';
import { useMemo, useState } from 'react';
import { useIntl } from 'react-intl';
import { moveSection, newSection, type DraftSection } from './post-draft';
import { SectionCard, sectionName } from './section-card';
import type { UploadHandlers } from './sub-section-fields';

/**
 * The sections of the version being written, in reading order, reordered by drag (mouse, touch)
 * or by keyboard (the handle: Space, arrows, Space; or the move buttons); every move is
 * announced to screen readers. A protocol's steps hold slides (sections with a `parent`).
 * `errors`: the server's refusals, by section position and field.
 */
export function SectionsEditor({
  sections,
  protocol,
  errors,
  onChange,
  upload,
}: {
  sections: DraftSection[];
  protocol: boolean;
  errors: Record<number, Record<string, string>>;
  onChange: (next: DraftSection[]) => void;
  upload: UploadHandlers;
}) {
  const intl = useIntl();
  const t = (id: string, values?: Record<string, string | number>) =>
    intl.formatMessage({ id: `contentManagement.sections.${id}` }, values);
  const [announcement, setAnnouncement] = useState('');
  const sensors = useSensors(
    useSensor(PointerSensor, { activationConstraint: { distance: 4 } }),
    useSensor(KeyboardSensor, { coordinateGetter: sortableKeyboardCoordinates }),
  );
  const byKey = (key: unknown) => sections.find((s) => s.key === key);
  const placeOf = (key: unknown) => sections.findIndex((s) => s.key === key) + 1;
  const announcements: Announcements = {
    onDragStart: ({ active }) => t('picked', { name: sectionName(byKey(active.id)!), n: placeOf(active.id) }),
    onDragOver: ({ active, over }) =>
      over ? t('over', { name: sectionName(byKey(active.id)!), n: placeOf(over.id) }) : undefined,
    onDragEnd: ({ active, over }) =>
      t('dropped', { name: sectionName(byKey(active.id)!), n: over ? placeOf(over.id) : placeOf(active.id) }),
    onDragCancel: ({ active }) => t('cancelled', { name: sectionName(byKey(active.id)!) }),
  };
  const steps = useMemo(() => sections.filter((s) => s.parent === null), [sections]);

  const move = (from: number, to: number) => {
    onChange(moveSection(sections, from, to));
    setAnnouncement(t('moved', { name: sectionName(sections[from]!), n: to + 1, count: sections.length }));
  };
  const onDragEnd = ({ active, over }: DragEndEvent) => {
    if (!over || active.id === over.id) return;
    onChange(moveSection(sections, placeOf(active.id) - 1, placeOf(over.id) - 1));
  };
  const lastStep = steps.at(-1);

  return (
    <Stack gap="sm">
      <DndContext
        sensors={sensors}
        collisionDetection={closestCenter}
        onDragEnd={onDragEnd}
        accessibility={{ announcements, screenReaderInstructions: { draggable: t('instructions') } }}
      >
        <SortableContext items={sections.map((s) => s.key)} strategy={verticalListSortingStrategy}>
          <Stack gap="sm" component="ol" p={0} m={0} style={{ listStyle: 'none' }} aria-label={t('list')}>
            {sections.map((section, i) => (
              <SectionCard
                key={section.key}
                section={section}
                position={i}
                count={sections.length}
                protocol={protocol}
                steps={steps}
                errors={errors[i] ?? {}}
                upload={upload}
                onChange={(next) => onChange(sections.map((s, j) => (j === i ? next : s)))}
                onMove={(to) => move(i, to)}
                onRemove={() => {
                  onChange(sections.filter((_, j) => j !== i));
                  setAnnouncement(t('removed', { name: sectionName(section) }));
                }}
              />
            ))}
          </Stack>
        </SortableContext>
      </DndContext>
      <VisuallyHidden aria-live="polite" role="status">
        {announcement}
      </VisuallyHidden>
      <Group gap="xs">
        <Button
          variant="light"
          leftSection={<IconPlus size={16} />}
          onClick={() => onChange([...sections, newSection(sections, null)])}
        >
          {protocol ? t('addStep') : t('addSection')}
        </Button>
        {protocol && lastStep && (
          <Button
            variant="light"
            leftSection={<IconPlus size={16} />}
            onClick={() => onChange([...sections, newSection(sections, lastStep.id)])}
          >
            {t('addSlide')}
          </Button>
        )}
      </Group>
    </Stack>
  );
}
