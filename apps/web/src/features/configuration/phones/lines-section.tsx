import {
  PARK_SLOTS_MAX,
  SIP_USERNAME_PATTERN,
  TRANSFER_NAME_MAX_CHARS,
  sipUserRequestSchema,
  updatePhoneSettingsRequestSchema,
  type PhoneSettings,
  type SipUserRequest,
} from '@accueil/domain';
import { Button, Group, NumberInput, Stack, TextInput, Title } from '@mantine/core';
import { Controller } from 'react-hook-form';
import { useIntl } from 'react-intl';
import { z } from 'zod';
import { ConfigList, confirmDelete, EmptyList } from '../../../lib/config-kit';
import { applyServerError, numberOf, requestCheckedSchema, useZodForm } from '../../../lib/forms';
import { phoneIssueText } from './phone-issues';
import { Section } from './section';
import { useSavePhoneSettings, useSipUserMutations, useSipUsers } from './use-phones';

type LinesValues = { parkSlots: number | string; sipDomain: string };

/** The parked lines form: its values pass when the phone settings' request schema takes them. */
const linesSchema = requestCheckedSchema<LinesValues>(updatePhoneSettingsRequestSchema, (v) => ({
  parkSlots: numberOf(v.parkSlots),
  sipDomain: v.sipDomain,
}));

/** The SIP user form: a user name, and a display name (empty is none), as `POST /api/sip-users` takes them. */
const sipUserFormSchema = z
  .object({ username: z.string(), displayName: z.string() })
  .transform((v): z.input<typeof sipUserRequestSchema> => ({
    username: v.username,
    displayName: v.displayName.trim() || null,
  }))
  .pipe(sipUserRequestSchema);

/**
 * Parked lines (how many park slots) and the SIP domain, then the SIP users of that domain. A
 * value out of bounds is said as it is typed (the save button waits for a valid form); a refusal
 * is a toast and, when it names a field, that field's message.
 */
export function LinesSection({ phone }: { phone: PhoneSettings }) {
  const intl = useIntl();
  const t = (id: string, values?: Record<string, string | number>) =>
    intl.formatMessage({ id: `phones.${id}` }, values);
  const form = useZodForm<LinesValues>(linesSchema, {
    mode: 'onChange',
    defaultValues: { parkSlots: phone.parkSlots, sipDomain: phone.sipDomain ?? '' },
  });
  const errors = form.formState.errors;
  const save = useSavePhoneSettings('phones.lines.saved');
  const submit = form.handleSubmit(async (v) => {
    try {
      const saved = await save.mutateAsync({ parkSlots: numberOf(v.parkSlots), sipDomain: v.sipDomain });
      form.reset({ parkSlots: saved.parkSlots, sipDomain: saved.sipDomain ?? '' });
    } catch (error) {
      applyServerError(form.setError, error, { fields: ['parkSlots', 'sipDomain'] });
    }
  });

  return (
    <Section id="phones-lines" title={t('lines.title')} intro={t('lines.intro')}>
      <form noValidate onSubmit={(e) => void submit(e)}>
        <Group align="flex-start" gap="md" wrap="wrap">
          <Controller
            control={form.control}
            name="parkSlots"
            render={({ field }) => (
              <NumberInput
                label={t('lines.parkSlots')}
                description={t('lines.parkSlots.help', { max: PARK_SLOTS_MAX })}
                min={0}
                max={PARK_SLOTS_MAX}
                allowDecimal={false}
                allowNegative={false}
                clampBehavior="none"
                name={field.name}
                ref={field.ref}
                value={field.value}
                onChange={field.onChange}
                onBlur={field.onBlur}
                error={phoneIssueText(intl, errors.parkSlots?.message, { min: 0, max: PARK_SLOTS_MAX })}
                w={220}
              />
            )}
          />
          <TextInput
            label={t('lines.sipDomain')}
            description={t('lines.sipDomain.help')}
            placeholder="clinique.sip.twilio.com"
            error={phoneIssueText(intl, errors.sipDomain?.message)}
            {...form.register('sipDomain')}
            w={320}
          />
        </Group>
        <Group justify="flex-end" mt="md">
          <Button type="submit" loading={form.formState.isSubmitting} disabled={!form.formState.isValid}>
            {t('lines.save')}
          </Button>
        </Group>
      </form>
      <SipUsers />
    </Section>
  );
}

function SipUsers() {
  const intl = useIntl();
  const t = (id: string, values?: Record<string, string>) =>
    intl.formatMessage({ id: `phones.${id}` }, values);
  const users = useSipUsers();
  const { add, remove } = useSipUserMutations();
  const form = useZodForm<{ username: string; displayName: string }, SipUserRequest>(sipUserFormSchema, {
    defaultValues: { username: '', displayName: '' },
  });
  const errors = form.formState.errors;
  const rows = users.data ?? [];
  const submit = form.handleSubmit(async (body) => {
    try {
      await add.mutateAsync(body);
      form.reset();
    } catch (error) {
      applyServerError(form.setError, error, {
        fields: ['username', 'displayName'],
        codes: { 'sip-line-taken': 'username' },
      });
    }
  });
  return (
    <Stack gap="sm">
      <Title order={4} size="h6" id="phones-sip-users">
        {t('sip.title')}
      </Title>
      <ConfigList
        label={t('sip.title')}
        rows={rows}
        rowKey={(row) => row.id}
        empty={<EmptyList>{t('sip.none')}</EmptyList>}
        columns={[
          { key: 'username', header: t('sip.username'), render: (row) => row.username },
          { key: 'displayName', header: t('sip.displayName'), render: (row) => row.displayName ?? '—' },
        ]}
        onDelete={(row) =>
          void confirmDelete({
            titleId: 'phones.sip.deleteTitle',
            bodyId: 'phones.sip.confirmDelete',
            confirmId: 'phones.sip.delete',
            values: { name: row.username },
          }).then((ok) => ok && remove.mutate(row.id))
        }
        deleteLabel={(row) => t('sip.remove', { name: row.username })}
      />

      <form noValidate aria-label={t('sip.addForm')} onSubmit={(e) => void submit(e)}>
        <Stack gap="sm">
          <Group align="flex-start" gap="sm" wrap="wrap">
            <TextInput
              label={t('sip.username')}
              description={t('sip.username.help')}
              required
              pattern={SIP_USERNAME_PATTERN.source}
              error={phoneIssueText(intl, errors.username?.message)}
              {...form.register('username')}
              w={320}
            />
            <TextInput
              label={t('sip.displayName')}
              description={t('sip.displayName.help')}
              maxLength={TRANSFER_NAME_MAX_CHARS}
              error={phoneIssueText(intl, errors.displayName?.message, { max: TRANSFER_NAME_MAX_CHARS })}
              {...form.register('displayName')}
              w={220}
            />
          </Group>
          <Button type="submit" loading={form.formState.isSubmitting} w="fit-content">
            {t('sip.add')}
          </Button>
        </Stack>
      </form>
    </Stack>
  );
}
