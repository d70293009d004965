import {
  SUPPORTED_LOCALES,
  checkInvitationCodeRequestSchema,
  onboardingEndpoints,
  type CheckInvitationCodeRequest,
  type Locale,
} from '@accueil/domain';
import { Alert, Button, Group, Stack, Text, Title } from '@mantine/core';
import { IconAlertCircle } from '@tabler/icons-react';
import { useRef, useState } from 'react';
import { useWatch } from 'react-hook-form';
import { FormattedMessage, useIntl } from 'react-intl';
import { useNavigate, useSearchParams } from 'react-router';
import { ApiError } from '../../lib/api';
import { api } from '../../lib/endpoint-client';
import { applyServerError, useZodForm } from '../../lib/forms';
import { recordActivity } from '../../lib/session';
import { updateSession } from '../../lib/session-store';
import { requestOf } from './onboarding-draft';
import classes from './onboarding.module.css';
import { ClinicStep, CodeStep, ReviewStep, ScheduleStep, TeamsStep, UsersStep } from './steps';
import { OnboardingPage } from './onboarding-page';
import { OnboardingStepper, STEP_IDS } from './onboarding-stepper';
import { useCheckInvitationCode } from './use-onboarding';
import { useOnboardingForm } from './use-onboarding-form';

/**
 * The fields each step checks before the next one (the schema's paths). The users step checks the
 * teams too: a team without an administrator is the users' problem (said there).
 */
const STEP_FIELDS = [
  ['invitationCode'],
  // The clinic's fields one by one: react-hook-form keeps an object's errors only under a field's own path.
  [...SUPPORTED_LOCALES.map((l) => `clinic.name.${l}`), 'clinic.country', 'clinic.sector', 'clinic.timeZone'],
  ['teams'],
  ['users', 'teams'],
  ['schedule'],
  [],
] as const;

/** The localised text of an API failure (its code's text, the server's message in English only). */
function errorText(intl: ReturnType<typeof useIntl>, error: unknown): string {
  const code = error instanceof ApiError ? error.code : 'internal';
  return intl.formatMessage(
    { id: `error.${code}` },
    { retry: error instanceof ApiError ? (error.retryAfterS ?? 60) : 60 },
  );
}

/**
 * `/onboarding` (no sign-in): the wizard that creates a new clinic from an invitation code —
 * code, clinic, teams, users, opening hours, review — with the defaults of a new organisation
 * (team "Principal", 09:00–17:00 Monday to Friday). Each step is checked with the schema the
 * server applies (the code step is a `useZodForm` of `checkInvitationCodeRequestSchema`, its
 * refusal said under the code); at the end the organisation is created in one request and its administrator
 * is signed in on /conversations.
 */
export function OnboardingScreen() {
  const intl = useIntl();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const { form, draft, issues, check, change, clear } = useOnboardingForm(intl.locale as Locale);
  const codeForm = useZodForm<CheckInvitationCodeRequest>(checkInvitationCodeRequestSchema, {
    defaultValues: { code: params.get('code') ?? '' },
  });
  const code = useWatch({ control: codeForm.control, name: 'code' });
  const checkCode = useCheckInvitationCode();
  const [step, setStep] = useState(0);
  const [serverError, setServerError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const contentRef = useRef<HTMLFormElement>(null);
  const last = STEP_IDS.length - 1;

  const goTo = (next: number) => {
    setStep(next);
    clear();
    setServerError(null);
    // The new step's heading takes the focus, so keyboard and screen-reader users start there.
    requestAnimationFrame(() => contentRef.current?.querySelector<HTMLElement>('h2')?.focus());
  };

  /**
   * The code step: the code the server would accept now goes into the draft. Built at the click,
   * not during render: going on moves the focus (a ref).
   */
  const submitCode = () =>
    codeForm.handleSubmit(async (values) => {
      try {
        await checkCode.mutateAsync(values);
        form.setValue('invitationCode', values.code);
        goTo(1);
      } catch (error) {
        applyServerError(codeForm.setError, error, {
          fields: ['code'],
          codes: { 'invitation-code-invalid': 'code' },
        });
      }
    })();

  const next = async () => {
    if (step === 0) return submitCode();
    const passes = await check(STEP_FIELDS[step]!);
    setServerError(null);
    // A refused step: its first marked field takes the focus.
    if (!passes)
      return requestAnimationFrame(() =>
        contentRef.current?.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus(),
      );
    goTo(step + 1);
  };

  const create = async () => {
    setBusy(true);
    setServerError(null);
    try {
      const { jwt, ...context } = await api.call(onboardingEndpoints.onboard, {
        body: requestOf(form.getValues()),
      });
      updateSession({ token: jwt, context, status: 'signed-in', expiredAt: null });
      recordActivity();
      void navigate('/conversations', { replace: true });
    } catch (error) {
      setBusy(false);
      const code = error instanceof ApiError ? error.code : null;
      // A refused code sends the user back to it, said under it; a taken username or e-mail to the users.
      if (code === 'invitation-code-invalid') {
        goTo(0);
        applyServerError(codeForm.setError, error, { codes: { 'invitation-code-invalid': 'code' } });
        return;
      }
      if (code === 'username-taken' || code === 'email-taken') goTo(3);
      setServerError(errorText(intl, error));
    }
  };

  return (
    <OnboardingPage code={code}>
      <OnboardingStepper active={step} onBack={goTo} />
      <form
        ref={contentRef}
        noValidate
        aria-labelledby="onboarding-step-title"
        onSubmit={(event) => {
          // Enter in a field goes on, as the main button would.
          event.preventDefault();
          if (busy || codeForm.formState.isSubmitting) return;
          void (step < last ? next() : create());
        }}
      >
        <Stack gap="md">
          <Title order={2} size="h4" tabIndex={-1} className={classes.stepTitle} id="onboarding-step-title">
            <FormattedMessage id={`onboarding.step.${STEP_IDS[step]}.title`} />
          </Title>
          {step === 0 && <CodeStep form={codeForm} />}
          {step === 1 && <ClinicStep draft={draft} change={change} issues={issues} />}
          {step === 2 && <TeamsStep draft={draft} change={change} issues={issues} />}
          {step === 3 && <UsersStep draft={draft} change={change} issues={issues} />}
          {step === 4 && <ScheduleStep draft={draft} change={change} issues={issues} />}
          {step === 5 && <ReviewStep draft={draft} />}
          {serverError && step !== 0 && (
            <Alert color="red" variant="light" icon={<IconAlertCircle size={18} />} role="alert">
              {serverError}
            </Alert>
          )}
          {issues.length > 0 && step !== 0 && (
            <Text size="sm" c="red.8" role="alert">
              <FormattedMessage id="onboarding.fixErrors" />
            </Text>
          )}
        </Stack>
      </form>
      <Group justify="space-between">
        <Button variant="default" onClick={() => goTo(step - 1)} disabled={step === 0 || busy}>
          <FormattedMessage id="onboarding.back" />
        </Button>
        {step < last ? (
          <Button
            onClick={() => void next()}
            loading={busy || codeForm.formState.isSubmitting}
            data-testid="onboarding-next"
          >
            <FormattedMessage id="onboarding.next" />
          </Button>
        ) : (
          <Button onClick={() => void create()} loading={busy} color="teal" data-testid="onboarding-create">
            <FormattedMessage id="onboarding.create" />
          </Button>
        )}
      </Group>
    </OnboardingPage>
  );
}
