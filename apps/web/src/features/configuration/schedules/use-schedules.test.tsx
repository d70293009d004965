import type { Schedule } from '@accueil/domain';
import { act, renderHook, waitFor } from '@testing-library/react';
import { QueryClientProvider } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { IntlProvider } from 'react-intl';
import { describe, expect, it, vi } from 'vitest';
import { catalogues } from '../../../lib/i18n';
import { testQueryClient } from '../../../test/render-with-providers';
import { saveOrganizationSchedule } from './api';
import { scheduleKeys, useSaveOrganizationSchedule } from './use-schedules';

vi.mock('./api', async (importOriginal) => ({
  ...(await importOriginal<typeof import('./api')>()),
  saveOrganizationSchedule: vi.fn(),
}));
vi.mock('../../../lib/notify', () => ({ notifyError: vi.fn(), notifySuccess: vi.fn() }));

const ORG = '11111111-1111-4111-8111-111111111111';
const TEAM = '22222222-2222-4222-8222-222222222222';

describe('useSaveOrganizationSchedule', () => {
  it('puts the saved schedule in the cache and reads every team’s schedule again, not other data', async () => {
    const saved = { week: [], vacations: [] } as unknown as Schedule;
    vi.mocked(saveOrganizationSchedule).mockResolvedValue(saved);
    const client = testQueryClient();
    client.setQueryData(scheduleKeys.team(TEAM), { teamId: TEAM });
    client.setQueryData(['contacts'], []);
    const wrapper = ({ children }: { children: ReactNode }) => (
      <QueryClientProvider client={client}>
        <IntlProvider locale="fr-CA" messages={catalogues['fr-CA']}>
          {children}
        </IntlProvider>
      </QueryClientProvider>
    );
    const { result } = renderHook(() => useSaveOrganizationSchedule(ORG), { wrapper });
    act(() => result.current.mutate(saved));
    await waitFor(() => expect(result.current.isSuccess).toBe(true));
    expect(saveOrganizationSchedule).toHaveBeenCalledWith(ORG, saved);
    expect(client.getQueryData(scheduleKeys.organization(ORG))).toBe(saved);
    expect(client.getQueryState(scheduleKeys.team(TEAM))?.isInvalidated).toBe(true);
    expect(client.getQueryState(['contacts'])?.isInvalidated).toBe(false);
  });
});
