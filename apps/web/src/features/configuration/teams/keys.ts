/** Query keys of the teams and users configuration (a membership change refreshes both), read by `use-teams-users.ts`. */
export const configurationKeys = {
  all: ['configuration'] as const,
  teams: () => [...configurationKeys.all, 'teams'] as const,
  users: () => [...configurationKeys.all, 'users'] as const,
  directory: () => [...configurationKeys.all, 'directory'] as const,
};
