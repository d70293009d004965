import { Stepper } from '@mantine/core';
import {
  IconBuildingHospital,
  IconCalendarTime,
  IconCheck,
  IconKey,
  IconUsers,
  IconUsersGroup,
} from '@tabler/icons-react';
import { useIntl } from 'react-intl';
import classes from './onboarding.module.css';

/** The wizard's steps, in order (`onboarding.step.<id>` names each). */
export const STEP_IDS = ['code', 'clinic', 'teams', 'users', 'schedule', 'review'] as const;
const STEP_ICONS = [IconKey, IconBuildingHospital, IconUsersGroup, IconUsers, IconCalendarTime, IconCheck];

/** Where the wizard is: each step named with its icon; a step already passed can be gone back to. */
export function OnboardingStepper({ active, onBack }: { active: number; onBack: (step: number) => void }) {
  const intl = useIntl();
  return (
    <Stepper
      active={active}
      size="sm"
      allowNextStepsSelect={false}
      onStepClick={(s) => s < active && onBack(s)}
      classNames={{ steps: classes.steps }}
    >
      {STEP_IDS.map((id, i) => {
        const StepIcon = STEP_ICONS[i]!;
        return (
          <Stepper.Step
            key={id}
            label={intl.formatMessage({ id: `onboarding.step.${id}` })}
            icon={<StepIcon size={16} />}
            aria-label={intl.formatMessage({ id: `onboarding.step.${id}` })}
          />
        );
      })}
    </Stepper>
  );
}
