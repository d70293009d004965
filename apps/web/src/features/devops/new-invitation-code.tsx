import {
  createInvitationCodeRequestSchema,
  INVITATION_CODE_MAX_VALIDITY_DAYS,
  INVITATION_CODE_VALIDITY_DAYS,
  type CreatedInvitationCode,
} from '@accueil/domain';
import { Alert, Button, CopyButton, Group, NumberInput, Stack, Text, TextInput } from '@mantine/core';
import { IconCheck, IconCopy, IconKey } from '@tabler/icons-react';
import { useState } from 'react';
import { Controller } from 'react-hook-form';
import { FormattedMessage, useIntl } from 'react-intl';
import { applyServerError, requestCheckedSchema, useErrorText, useZodForm } from '../../lib/forms';
import classes from './devops.module.css';
import { useCreateInvitationCode } from './use-devops';
import { When } from './when';

/** What the form's fields hold: the note as typed, the validity as the NumberInput has it (`''` when emptied). */
type Values = { label: string; validDays: number | string };

/** The request of the values: a blank note is none, an emptied validity the default 14 days. */
const requestOf = (v: Values) => ({
  label: v.label.trim() || undefined,
  validDays: v.validDays === '' ? INVITATION_CODE_VALIDITY_DAYS : Number(v.validDays),
});

const schema = requestCheckedSchema<Values>(createInvitationCodeRequestSchema, requestOf);

/**
 * The form that creates an invitation code (a note, a validity of 1 to 90 days), and the code
 * just created (shown once, with a copy button). A refusal's details land on their field; any
 * other refusal is the create hook's toast.
 */
export function NewInvitationCode() {
  const intl = useIntl();
  const errorText = useErrorText();
  const [created, setCreated] = useState<CreatedInvitationCode | null>(null);
  const create = useCreateInvitationCode();
  const form = useZodForm<Values>(schema, {
    defaultValues: { label: '', validDays: INVITATION_CODE_VALIDITY_DAYS },
  });
  const errors = form.formState.errors;
  const submit = form.handleSubmit(async (values) => {
    try {
      setCreated(await create.mutateAsync(requestOf(values)));
      form.setValue('label', '');
    } catch (error) {
      applyServerError(form.setError, error, { fields: ['label', 'validDays'] });
    }
  });
  const onboardingUrl = `${window.location.origin}/onboarding`;
  return (
    <Stack gap="sm">
      <form
        onSubmit={(e) => void submit(e)}
        noValidate
        aria-label={intl.formatMessage({ id: 'devops.codes.form' })}
      >
        <Group align="flex-end" gap="sm">
          <TextInput
            label={intl.formatMessage({ id: 'devops.codes.label' })}
            placeholder={intl.formatMessage({ id: 'devops.codes.labelPlaceholder' })}
            {...form.register('label')}
            error={errorText(errors.label?.message)}
            maxLength={100}
            className={classes.grow}
          />
          <Controller
            control={form.control}
            name="validDays"
            render={({ field }) => (
              <NumberInput
                label={intl.formatMessage({ id: 'devops.codes.validDays' })}
                ref={field.ref}
                value={field.value}
                onChange={field.onChange}
                onBlur={field.onBlur}
                error={errorText(errors.validDays?.message)}
                min={1}
                max={INVITATION_CODE_MAX_VALIDITY_DAYS}
                clampBehavior="strict"
                w={140}
              />
            )}
          />
          <Button type="submit" leftSection={<IconKey size={16} />} loading={create.isPending}>
            <FormattedMessage id="devops.codes.create" />
          </Button>
        </Group>
      </form>
      {created && (
        <Alert
          color="teal"
          variant="light"
          title={intl.formatMessage({ id: 'devops.codes.created' })}
          role="status"
          // The light variant's title on its background reads under 4.5:1; teal 9 on teal 0 reads above.
          styles={{
            root: { background: 'var(--mantine-color-teal-0)' },
            title: { color: 'var(--mantine-color-teal-9)' },
          }}
        >
          <Group gap="sm" align="center">
            <Text ff="monospace" fz="xl" fw={700} data-testid="new-invitation-code">
              {created.code}
            </Text>
            <CopyButton value={created.code}>
              {({ copied, copy }) => (
                <Button
                  size="xs"
                  variant="default"
                  onClick={copy}
                  leftSection={copied ? <IconCheck size={14} /> : <IconCopy size={14} />}
                >
                  <FormattedMessage id={copied ? 'devops.codes.copied' : 'devops.codes.copy'} />
                </Button>
              )}
            </CopyButton>
          </Group>
          <Text size="sm" mt="xs">
            <FormattedMessage
              id="devops.codes.createdHint"
              values={{ url: onboardingUrl, expires: <When iso={created.expiresAt} /> }}
            />
          </Text>
        </Alert>
      )}
    </Stack>
  );
}
