// The onboarding wizard's steps, one file each; this file re-exports them.
export { CodeStep } from './code-step';
export { ClinicStep } from './clinic-step';
export { TeamsStep } from './teams-step';
export { UsersStep } from './users-step';
export { ScheduleStep } from './schedule-step';
export { ReviewStep } from './review-step';
export type { StepProps } from './step-props';
