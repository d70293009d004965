import { Group, List, Paper, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { IconBug, IconSparkles, IconTrendingUp, type Icon } from '@tabler/icons-react';
import { useIntl } from 'react-intl';
import { RELEASE_NOTES, type ReleaseNotesSection } from './release-notes';

const SECTION_ICONS: Record<ReleaseNotesSection, Icon> = {
  new: IconSparkles,
  improved: IconTrendingUp,
  fixed: IconBug,
};

/**
 * /release-notes (the side menu's "Version" entry, hidden for France): the running version, its
 * release day in the interface language, and its changes by section (`RELEASE_NOTES`).
 */
export function ReleaseNotesScreen() {
  const intl = useIntl();
  const t = (id: string, values?: Record<string, string>) =>
    intl.formatMessage({ id: `help.releaseNotes.${id}` }, values);
  // Noon UTC: the same calendar day in every time zone of the product's countries.
  const releasedOn = intl.formatDate(new Date(`${RELEASE_NOTES.releasedOn}T12:00:00Z`), {
    dateStyle: 'long',
  });
  const sections = Object.entries(RELEASE_NOTES.sections) as [ReleaseNotesSection, readonly string[]][];

  return (
    <Stack p="lg" gap="lg" maw={880}>
      <Title order={1} size="h2">
        {t('title')}
      </Title>
      <Paper withBorder radius="md" p="lg">
        <Stack gap="lg">
          <Group gap="sm" align="baseline">
            <Title order={2} size="h3">
              {t('version', { version: RELEASE_NOTES.version })}
            </Title>
            <Text c="dimmed" size="sm">
              {t('released', { date: releasedOn })}
            </Text>
          </Group>
          {sections.map(([section, ids]) => {
            const SectionIcon = SECTION_ICONS[section];
            return (
              <Stack key={section} gap="xs" component="section" aria-labelledby={`notes-${section}`}>
                <Group gap="xs">
                  <ThemeIcon variant="light" size={28} radius="xl" aria-hidden>
                    <SectionIcon size={16} />
                  </ThemeIcon>
                  <Title order={3} size="h5" id={`notes-${section}`}>
                    {t(`section.${section}`)}
                  </Title>
                </Group>
                <List spacing={6} size="sm" pl="xs">
                  {ids.map((id) => (
                    <List.Item key={id}>
                      <Text size="sm" lh={1.55}>
                        {t(`${section}.${id}`)}
                      </Text>
                    </List.Item>
                  ))}
                </List>
              </Stack>
            );
          })}
        </Stack>
      </Paper>
    </Stack>
  );
}
