import { Alert, Button, Group, Loader, Text } from '@mantine/core';
import { IconShieldCheck, IconShieldX } from '@tabler/icons-react';
import { FormattedMessage, useIntl } from 'react-intl';
import { formatDateTime } from '../../../lib/format';
import classes from './audit-log.module.css';
import { useAuditVerification } from './use-audit';

/** The state of the organisation's audit chain, as the server verified it, with a button to verify again. */
export function AuditVerificationStatus() {
  const intl = useIntl();
  const verification = useAuditVerification();
  const again = (
    <Button
      size="xs"
      variant="default"
      onClick={() => void verification.refetch()}
      loading={verification.isFetching}
    >
      <FormattedMessage id="audit.verify.again" />
    </Button>
  );
  if (verification.isPending)
    return <Loader size="sm" aria-label={intl.formatMessage({ id: 'audit.verify.running' })} />;
  if (verification.isError) {
    return (
      <Alert color="gray" title={intl.formatMessage({ id: 'audit.verify.failed' })}>
        {again}
      </Alert>
    );
  }
  const result = verification.data;
  const at = formatDateTime(result.verifiedAt);
  if (result.status === 'intact') {
    return (
      <Alert
        color="teal"
        variant="light"
        classNames={{ root: classes.intact, title: classes.alertTitle }}
        icon={<IconShieldCheck size={20} />}
        title={intl.formatMessage({ id: 'audit.verify.intact.title' })}
      >
        <Group justify="space-between" align="center" wrap="nowrap">
          <Text size="sm">
            <FormattedMessage id="audit.verify.intact.body" values={{ count: result.checked, at }} />
          </Text>
          {again}
        </Group>
      </Alert>
    );
  }
  return (
    <Alert
      color="red"
      variant="light"
      classNames={{ root: classes.tampered, title: classes.alertTitle }}
      icon={<IconShieldX size={20} />}
      title={intl.formatMessage({ id: 'audit.verify.tampered.title' })}
      role="alert"
    >
      <Group justify="space-between" align="center" wrap="nowrap">
        <Text size="sm">
          <FormattedMessage
            id="audit.verify.tampered.body"
            values={{
              seq: result.firstTampered.seq,
              reason: intl.formatMessage({ id: `audit.verify.reason.${result.firstTampered.reason}` }),
              count: result.checked,
              at,
            }}
          />
        </Text>
        {again}
      </Group>
    </Alert>
  );
}
