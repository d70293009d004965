import { Button, Group, Text } from '@mantine/core';
import { modals } from '@mantine/modals';
import { IconLogout2 } from '@tabler/icons-react';
import { FormattedMessage, useIntl } from 'react-intl';
import { useNavigate } from 'react-router';
import { signOut } from '../../../lib/session';
import { SecuritySection } from './section';

/** Sign out of every device: ends all the user's sessions (this one too), after a confirmation. */
export function SignOutEverywhereSection() {
  const intl = useIntl();
  const navigate = useNavigate();
  const confirm = () =>
    modals.openConfirmModal({
      title: intl.formatMessage({ id: 'security.signOutAll.confirmTitle' }),
      children: <Text size="sm">{intl.formatMessage({ id: 'security.signOutAll.confirmBody' })}</Text>,
      labels: {
        confirm: intl.formatMessage({ id: 'security.signOutAll.button' }),
        cancel: intl.formatMessage({ id: 'common.cancel' }),
      },
      confirmProps: { color: 'red', 'data-testid': 'sign-out-all-confirm' } as Record<string, unknown>,
      onConfirm: () => {
        void signOut({ everywhere: true }).finally(() => void navigate('/login', { replace: true }));
      },
    });
  return (
    <SecuritySection
      testId="security-sign-out-all"
      title={<FormattedMessage id="security.signOutAll.title" />}
      description={<FormattedMessage id="security.signOutAll.description" />}
    >
      <Group>
        <Button
          variant="light"
          color="red"
          leftSection={<IconLogout2 size={17} />}
          onClick={confirm}
          data-testid="sign-out-all"
        >
          <FormattedMessage id="security.signOutAll.button" />
        </Button>
      </Group>
    </SecuritySection>
  );
}
