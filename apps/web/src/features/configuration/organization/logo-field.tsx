import { LOGO_MAX_BYTES, type OrganizationSettings } from '@accueil/domain';
import { Avatar, Button, FileButton, Group, Stack, Text } from '@mantine/core';
import { IconBuildingHospital, IconTrash, IconUpload } from '@tabler/icons-react';
import { FormattedMessage, useIntl } from 'react-intl';
import { ApiError } from '../../../lib/api';
import { notifyError } from '../../../lib/notify';
import { useLogoMutations } from './use-organization';

/** The organisation's logo: preview, upload (PNG, JPEG or WebP up to 2 MB; the server resizes it) and removal. */
export function LogoField({
  settings,
  canEdit,
  onChange,
}: {
  settings: OrganizationSettings;
  canEdit: boolean;
  onChange: (s: OrganizationSettings) => void;
}) {
  const intl = useIntl();
  const { upload, remove } = useLogoMutations(settings.id, onChange);
  const pick = (file: File | null) => {
    if (!file) return;
    if (file.size > LOGO_MAX_BYTES) {
      notifyError(new ApiError(413, 'payload-too-large'));
      return;
    }
    upload.mutate(file);
  };
  return (
    <Group gap="lg" align="center">
      <Avatar
        src={settings.logoUrl}
        alt={intl.formatMessage({ id: 'configuration.organization.logoAlt' })}
        size={88}
        radius="md"
        color="blue"
        variant="light"
      >
        <IconBuildingHospital size={40} stroke={1.4} />
      </Avatar>
      <Stack gap={6}>
        {canEdit && (
          <Group gap="xs">
            <FileButton onChange={pick} accept="image/png,image/jpeg,image/webp">
              {(props) => (
                <Button
                  {...props}
                  variant="light"
                  leftSection={<IconUpload size={16} />}
                  loading={upload.isPending}
                >
                  <FormattedMessage
                    id={
                      settings.logoUrl
                        ? 'configuration.organization.replaceLogo'
                        : 'configuration.organization.uploadLogo'
                    }
                  />
                </Button>
              )}
            </FileButton>
            {settings.logoUrl && (
              <Button
                variant="subtle"
                color="red"
                leftSection={<IconTrash size={16} />}
                loading={remove.isPending}
                onClick={() => remove.mutate()}
              >
                <FormattedMessage id="configuration.organization.removeLogo" />
              </Button>
            )}
          </Group>
        )}
        <Text size="xs" c="dimmed">
          <FormattedMessage id="configuration.organization.logoHint" />
        </Text>
      </Stack>
    </Group>
  );
}
