import {
  SERVICE_DISPLAY_AHEAD_MAX_MINUTES,
  SERVICE_STATUS_TEXT_MAX,
  SERVICE_STATUSES,
  SERVICE_WINDOW_MAX_MINUTES,
  SUPPORTED_LOCALES,
  updateServiceStatusSchema,
  type ServiceStatus,
  type UpdateServiceStatus,
} from '@accueil/domain';
import {
  Alert,
  Button,
  Group,
  NumberInput,
  Select,
  SimpleGrid,
  Stack,
  Textarea,
  TextInput,
} from '@mantine/core';
import { Controller } from 'react-hook-form';
import { useIntl } from 'react-intl';
import {
  applyServerError,
  requestCheckedSchema,
  SwitchField,
  useErrorText,
  useZodForm,
} from '../../lib/forms';
import { LOCALE_NAMES } from '../../lib/i18n';
import { notifyError, notifySuccess } from '../../lib/notify';
import { useServiceStatus, useUpdateServiceStatus } from '../service-status/use-service-status';

/** What the fields hold: the status's flags and texts, the window as a local date-time (`''`: none), minutes as typed. */
type Values = Omit<UpdateServiceStatus, 'nextWindowAt' | 'plannedDurationMinutes' | 'displayAheadMinutes'> & {
  nextWindowAt: string;
  plannedDurationMinutes: number | string;
  displayAheadMinutes: number | string;
};

/** `2026-12-05T07:00` in the operator's time zone ↔ an ISO instant. */
const localInput = (iso: string | null) => {
  if (!iso) return '';
  const d = new Date(iso);
  return new Date(d.getTime() - d.getTimezoneOffset() * 60_000).toISOString().slice(0, 16);
};
const minutesOf = (value: number | string) => (value === '' ? null : Number(value));

/** The request of the values: a blank window or duration is none. */
const requestOf = (v: Values): UpdateServiceStatus => ({
  ...v,
  nextWindowAt: v.nextWindowAt ? new Date(v.nextWindowAt).toISOString() : null,
  plannedDurationMinutes: minutesOf(v.plannedDurationMinutes),
  displayAheadMinutes: minutesOf(v.displayAheadMinutes),
});

const schema = requestCheckedSchema<Values>(updateServiceStatusSchema, requestOf);

function valuesOf(s: ServiceStatus): Values {
  return {
    status: s.status,
    enabled: s.enabled,
    banner: s.banner,
    overlay: s.overlay,
    dismissable: s.dismissable,
    bannerText: s.bannerText,
    nextWindowAt: localInput(s.nextWindowAt),
    plannedDurationMinutes: s.plannedDurationMinutes ?? '',
    displayAheadMinutes: s.displayAheadMinutes ?? '',
  };
}

/**
 * The devops panel's service status (docs/behaviour/service-status.md): the status, what shows
 * (banner, overlay, its close button), the banner's text per locale, a planned window; saved
 * for every user at once (PUT /api/devops/status, audited).
 */
export function ServiceStatusForm() {
  const { data, isError } = useServiceStatus();
  const intl = useIntl();
  if (isError) return <Alert color="red">{intl.formatMessage({ id: 'devops.loadFailed' })}</Alert>;
  if (!data) return null;
  return <Form status={data} />;
}

function Form({ status }: { status: ServiceStatus }) {
  const intl = useIntl();
  const t = (id: string) => intl.formatMessage({ id: `devops.status.${id}` });
  const errorText = useErrorText();
  const update = useUpdateServiceStatus();
  const form = useZodForm<Values>(schema, { defaultValues: valuesOf(status) });
  const errors = form.formState.errors;
  const submit = form.handleSubmit(async (values) => {
    try {
      form.reset(valuesOf(await update.mutateAsync(requestOf(values))));
      notifySuccess(t('saved'));
    } catch (error) {
      if (applyServerError(form.setError, error) === 'form') notifyError(error);
    }
  });
  const minutes = (name: 'plannedDurationMinutes' | 'displayAheadMinutes', max: number) => (
    <Controller
      control={form.control}
      name={name}
      render={({ field }) => (
        <NumberInput
          label={t(name)}
          description={t(`${name}Help`)}
          ref={field.ref}
          value={field.value}
          onChange={field.onChange}
          onBlur={field.onBlur}
          error={errorText(errors[name]?.message)}
          min={name === 'plannedDurationMinutes' ? 1 : 0}
          max={max}
          clampBehavior="strict"
          allowDecimal={false}
        />
      )}
    />
  );
  return (
    <form onSubmit={(e) => void submit(e)} noValidate aria-label={t('title')}>
      <Stack gap="md">
        <Group align="flex-end" gap="lg">
          <Controller
            control={form.control}
            name="status"
            render={({ field }) => (
              <Select
                label={t('status')}
                data={SERVICE_STATUSES.map((s) => ({ value: s, label: t(`option.${s}`) }))}
                value={field.value}
                onChange={(v) => v && field.onChange(v)}
                allowDeselect={false}
                w={280}
              />
            )}
          />
          {(['enabled', 'banner', 'overlay', 'dismissable'] as const).map((name) => (
            <SwitchField key={name} label={t(name)} control={form.control} name={name} mb={8} />
          ))}
        </Group>
        <SimpleGrid cols={{ base: 1, md: 3 }}>
          {SUPPORTED_LOCALES.map((locale) => (
            <Textarea
              key={locale}
              label={intl.formatMessage({ id: 'devops.status.text' }, { locale: LOCALE_NAMES[locale] })}
              placeholder={t('textPlaceholder')}
              autosize
              minRows={2}
              maxLength={SERVICE_STATUS_TEXT_MAX}
              {...form.register(`bannerText.${locale}`)}
              error={errorText(errors.bannerText?.[locale]?.message)}
            />
          ))}
        </SimpleGrid>
        <SimpleGrid cols={{ base: 1, md: 3 }}>
          <TextInput
            type="datetime-local"
            label={t('nextWindowAt')}
            description={t('nextWindowAtHelp')}
            {...form.register('nextWindowAt')}
            error={errorText(errors.nextWindowAt?.message)}
          />
          {minutes('plannedDurationMinutes', SERVICE_WINDOW_MAX_MINUTES)}
          {minutes('displayAheadMinutes', SERVICE_DISPLAY_AHEAD_MAX_MINUTES)}
        </SimpleGrid>
        <Group justify="flex-end">
          <Button type="submit" loading={update.isPending}>
            {t('save')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
