import type { Section } from '@accueil/domain';
import { Badge, Card, Checkbox, Group, Image, Stack, Text, Title } from '@mantine/core';
import { useIntl } from 'react-intl';
import { PostBody } from './post-body';

/** What the reader shows of a post: the public page's shape (no private note needed). */
export type ReadablePost = {
  title: string;
  short: string;
  image: string | null;
  sections: readonly (Omit<Section, 'privateNote'> & { privateNote?: string })[];
};

/** A section's sub-sections: each title, body and link. */
function SubSections({ section }: { section: ReadablePost['sections'][number] }) {
  return (
    <>
      {section.subSections.map((sub, i) => (
        <Stack key={i} gap={4} ta={sub.align === 'justify' ? 'justify' : sub.align}>
          {sub.title && <Text fw={600}>{sub.title}</Text>}
          <PostBody html={sub.body} />
          {sub.url && sub.format === 'image' && <Image src={sub.url} alt={sub.title} maw={480} radius="md" />}
          {sub.url && sub.format !== 'image' && (
            <a href={sub.url} target="_blank" rel="noopener noreferrer nofollow">
              {sub.title || sub.url}
            </a>
          )}
        </Stack>
      ))}
    </>
  );
}

/**
 * A post as a patient reads it (the read view and the public page): title, summary, image, then
 * each step with its slides numbered under it. `showPrivateNotes`: staff see the private notes.
 */
export function PostReader({
  post,
  showPrivateNotes = false,
}: {
  post: ReadablePost;
  showPrivateNotes?: boolean;
}) {
  const intl = useIntl();
  const steps = post.sections.filter((s) => s.parent === null);
  const slidesOf = (id: string) => post.sections.filter((s) => s.parent === id);
  return (
    <Stack gap="lg">
      <Stack gap={6}>
        <Title order={1} fz={28}>
          {post.title}
        </Title>
        {post.short && <Text c="dimmed">{post.short}</Text>}
      </Stack>
      {post.image && <Image src={post.image} alt="" maw={640} radius="md" />}
      {steps.map((step) => (
        <Stack key={step.id} gap="sm" component="section" aria-label={step.title || step.label || step.id}>
          {(step.title || step.label) && (
            <Title order={2} fz={20}>
              {step.title || step.label}
            </Title>
          )}
          <SubSections section={step} />
          {step.checkbox && <Checkbox label={step.label || step.title} />}
          {showPrivateNotes && step.privateNote && (
            <Text size="sm" c="dimmed" fs="italic">
              {intl.formatMessage({ id: 'library.reader.privateNote' }, { note: step.privateNote })}
            </Text>
          )}
          {slidesOf(step.id).map((slide, i) => (
            <Card
              key={slide.id}
              withBorder
              radius="md"
              padding="md"
              component="article"
              aria-label={slide.label}
            >
              <Group gap="xs" mb={6}>
                <Badge variant="light" radius="sm">
                  {intl.formatMessage({ id: 'library.reader.slide' }, { n: i + 1 })}
                </Badge>
                <Text fw={600}>{slide.label}</Text>
              </Group>
              {slide.title && <Text fw={500}>{slide.title}</Text>}
              <SubSections section={slide} />
              {slide.checkbox && <Checkbox mt="xs" label={slide.label} />}
              {showPrivateNotes && slide.privateNote && (
                <Text size="sm" c="dimmed" fs="italic" mt="xs">
                  {intl.formatMessage({ id: 'library.reader.privateNote' }, { note: slide.privateNote })}
                </Text>
              )}
            </Card>
          ))}
        </Stack>
      ))}
    </Stack>
  );
}
