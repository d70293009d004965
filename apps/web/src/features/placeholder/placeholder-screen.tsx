import { Badge, Box, Button, Center, Paper, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import {
  IconAddressBook,
  IconBooks,
  IconCalendar,
  IconCloudLock,
  IconFileUpload,
  IconMessageBolt,
  IconPalette,
  IconRocket,
  IconSettings,
  IconStethoscope,
  IconTerminal2,
  IconTemplate,
  IconUsers,
  IconWriting,
  type Icon,
} from '@tabler/icons-react';
import { FormattedMessage } from 'react-intl';
import { Link } from 'react-router';
import { Wordmark } from '../../components/wordmark';

/** The sections of the product that are not built yet, with their icon. */
export const PLACEHOLDER_PAGES = {
  quickAnswers: IconMessageBolt,
  textTemplate: IconTemplate,
  libraries: IconBooks,
  contacts: IconAddressBook,
  configuration: IconSettings,
  agenda: IconCalendar,
  members: IconUsers,
  personalization: IconPalette,
  devops: IconTerminal2,
  consultations: IconStethoscope,
  contentManagement: IconWriting,
  onboarding: IconRocket,
  secure: IconCloudLock,
  sendFile: IconFileUpload,
} satisfies Record<string, Icon>;
export type PlaceholderPage = keyof typeof PLACEHOLDER_PAGES;

function PlaceholderBody({ page }: { page: PlaceholderPage }) {
  const PageIcon = PLACEHOLDER_PAGES[page];
  return (
    <Stack align="center" gap="md" maw={460} ta="center">
      <ThemeIcon size={72} radius={24} variant="light">
        <PageIcon size={36} stroke={1.5} />
      </ThemeIcon>
      <Badge variant="light" size="md" radius="sm">
        <FormattedMessage id="shell.placeholder.badge" />
      </Badge>
      <Title order={2} fz={26}>
        <FormattedMessage id={`shell.placeholder.${page}.title`} />
      </Title>
      <Text c="dimmed">
        <FormattedMessage id={`shell.placeholder.${page}.description`} />
      </Text>
    </Stack>
  );
}

/**
 * A friendly page for a route of the product that is not built yet ("Bientôt disponible" and
 * what it will be). `bare`: outside the shell (public pages, routes without navigation).
 */
export function PlaceholderScreen({
  page,
  bare = false,
  signedIn = true,
}: {
  page: PlaceholderPage;
  bare?: boolean;
  signedIn?: boolean;
}) {
  const action = (
    <Button
      component={Link}
      to={signedIn ? '/conversations' : '/login'}
      variant={bare ? 'filled' : 'light'}
      mt="sm"
    >
      <FormattedMessage id={signedIn ? 'shell.placeholder.back' : 'shell.placeholder.toLogin'} />
    </Button>
  );
  if (!bare) {
    return (
      <Center h="100%" p="xl" data-testid="placeholder" data-page={page}>
        <Stack align="center">
          <PlaceholderBody page={page} />
          {action}
        </Stack>
      </Center>
    );
  }
  return (
    <Box
      mih="100dvh"
      bg="linear-gradient(160deg, #eef7f9 0%, #f7f9fb 55%, #eef2f7 100%)"
      data-testid="placeholder"
      data-page={page}
    >
      <Center mih="100dvh" p="xl">
        <Stack align="center" gap="xl">
          <Wordmark size={36} />
          <Paper radius="lg" p={40} shadow="sm" withBorder>
            <Stack align="center">
              <PlaceholderBody page={page} />
              {action}
            </Stack>
          </Paper>
        </Stack>
      </Center>
    </Box>
  );
}
