import { SIGNATURE_MODES } from '@accueil/domain';
import { SegmentedControl, Select, Stack, Text, Textarea, Title } from '@mantine/core';
import { Controller, useWatch, type UseFormReturn } from 'react-hook-form';
import { FormattedMessage, useIntl } from 'react-intl';
import { useErrorText } from '../../../lib/forms';
import { useSession } from '../../../lib/session';
import { confirmReplaceSignature, SignaturePreview } from './signature-preview';
import { signatureTemplate, type UserFormValues } from './user-form';

/**
 * The user form's "Signature" section: the signature mode (spec setup §3: no signature, the
 * clinic's, the user's, personalised), for a personalised one a template to start from (choosing
 * one replaces the text after a confirmation) and the text, and a preview of the signature as
 * replies will carry it.
 */
export function UserSignatureFields({ form }: { form: UseFormReturn<UserFormValues> }) {
  const intl = useIntl();
  const { context } = useSession();
  const t = (id?: string) => (id ? intl.formatMessage({ id }) : undefined);
  const errorText = useErrorText();
  const errors = form.formState.errors;
  const [email, signatureMode, displayName, profession, firstName, lastName, signatureText] = useWatch({
    control: form.control,
    name: ['email', 'signatureMode', 'displayName', 'profession', 'firstName', 'lastName', 'signature'],
  });

  async function applyTemplate(kind: string | null) {
    if (kind !== 'clinic' && kind !== 'user') return;
    if (!(await confirmReplaceSignature(form.getValues('signature')))) return;
    const text = signatureTemplate(kind, {
      organization: context?.organization.name ?? '',
      displayName,
      profession,
      email,
    });
    form.setValue('signature', text, { shouldDirty: true, shouldValidate: true });
  }

  return (
    <Stack gap="sm">
      <Title order={3} size="h5" id="signature-title">
        <FormattedMessage id="teamsUsers.signature.title" />
      </Title>
      <Controller
        control={form.control}
        name="signatureMode"
        render={({ field }) => (
          <SegmentedControl
            aria-labelledby="signature-title"
            data={SIGNATURE_MODES.map((m) => ({
              value: m,
              label: intl.formatMessage({ id: `teamsUsers.signature.${m}` }),
            }))}
            value={field.value}
            onChange={field.onChange}
          />
        )}
      />
      {signatureMode === 'personalized-signature' && (
        <>
          <Select
            label={t('teamsUsers.signature.template')}
            placeholder={t('teamsUsers.signature.templatePlaceholder')}
            data={[
              { value: 'clinic', label: intl.formatMessage({ id: 'teamsUsers.signature.clinic' }) },
              { value: 'user', label: intl.formatMessage({ id: 'teamsUsers.signature.user' }) },
            ]}
            value={null}
            onChange={(v) => void applyTemplate(v)}
          />
          <Textarea
            label={t('teamsUsers.signature.content')}
            autosize
            minRows={3}
            maxRows={8}
            {...form.register('signature')}
            error={errorText(errors.signature?.message)}
          />
        </>
      )}
      {signatureMode !== 'personalized-signature' && (
        <Text size="sm" c="dimmed">
          <FormattedMessage id={`teamsUsers.signature.${signatureMode}.hint`} />
        </Text>
      )}
      <SignaturePreview
        mode={signatureMode}
        user={{ firstName, lastName, email, profession, content: signatureText }}
      />
    </Stack>
  );
}
