import type { ContactImport } from '@accueil/domain';
import { act, renderHook, waitFor } from '@testing-library/react';
import { QueryClientProvider } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { testQueryClient } from '../../test/render-with-providers';
import { fetchContactImport, uploadContactsFile } from './api';
import { contactKeys } from './keys';
import { newerImport, useContactImport } from './use-contact-import';

const handlers = new Map<string, (payload: unknown) => void>();
vi.mock('../../lib/realtime', () => ({
  useRealtimeEvent: (name: string, handler: (payload: unknown) => void) => handlers.set(name, handler),
}));
vi.mock('./api', () => ({ fetchContactImport: vi.fn(), uploadContactsFile: vi.fn() }));

const ID = '11111111-1111-4111-8111-111111111111';
const state = (over: Partial<ContactImport>): ContactImport => ({
  id: ID,
  fileName: 'patients.csv',
  status: 'running',
  totalRows: 100,
  processedRows: 0,
  importedCount: 0,
  skippedCount: 0,
  error: null,
  skippedReasons: [],
  createdAt: '2026-11-28T12:00:00.000Z',
  finishedAt: null,
  ...over,
});

describe('newerImport', () => {
  it('keeps the further along of two states of the same import, and an ended one', () => {
    const a = state({ processedRows: 40 });
    expect(newerImport(a, state({ processedRows: 30 }))).toBe(a);
    const b = state({ processedRows: 50 });
    expect(newerImport(a, b)).toBe(b);
    const done = state({ status: 'done', processedRows: 100 });
    expect(newerImport(done, state({ processedRows: 99 }))).toBe(done);
    expect(newerImport(a, state({ id: crypto.randomUUID(), processedRows: 90 }))).toBe(a);
    expect(newerImport(null, b)).toBeNull();
  });
});

describe('useContactImport', () => {
  beforeEach(() => {
    handlers.clear();
    vi.mocked(fetchContactImport).mockReset();
  });

  it('moves forward with realtime progress, drops an older event, and refetches the contacts once done', async () => {
    const client = testQueryClient();
    const invalidate = vi.spyOn(client, 'invalidateQueries');
    vi.mocked(uploadContactsFile).mockResolvedValue(state({ status: 'queued' }));
    vi.mocked(fetchContactImport).mockResolvedValue(state({ status: 'queued' }));
    const wrapper = ({ children }: { children: ReactNode }) => (
      <QueryClientProvider client={client}>{children}</QueryClientProvider>
    );
    const { result } = renderHook(() => useContactImport(), { wrapper });
    await act(() => result.current.upload(new File(['x'], 'patients.csv')));
    expect(result.current.current?.status).toBe('queued');
    act(() => handlers.get('contact-import:progress')!({ import: state({ processedRows: 60 }) }));
    expect(result.current.current?.processedRows).toBe(60);
    act(() => handlers.get('contact-import:progress')!({ import: state({ processedRows: 20 }) }));
    expect(result.current.current?.processedRows).toBe(60);
    act(() =>
      handlers.get('contact-import:progress')!({
        import: state({ id: crypto.randomUUID(), processedRows: 99 }),
      }),
    );
    expect(result.current.current?.id).toBe(ID);
    expect(invalidate).not.toHaveBeenCalledWith({ queryKey: contactKeys.all });
    act(() =>
      handlers.get('contact-import:progress')!({
        import: state({ status: 'done', processedRows: 100, importedCount: 100 }),
      }),
    );
    await waitFor(() => expect(invalidate).toHaveBeenCalledWith({ queryKey: contactKeys.all }));
    // An ended import can be forgotten; a running one cannot.
    act(() => result.current.forget());
    expect(result.current.current).toBeNull();
  });

  it('reads an ended import once more for the reasons of its skipped rows', async () => {
    const client = testQueryClient();
    vi.mocked(uploadContactsFile).mockResolvedValue(state({}));
    vi.mocked(fetchContactImport).mockResolvedValue(
      state({
        status: 'done',
        processedRows: 100,
        skippedCount: 2,
        skippedReasons: [{ reason: 'invalid-phone', count: 2 }],
      }),
    );
    const wrapper = ({ children }: { children: ReactNode }) => (
      <QueryClientProvider client={client}>{children}</QueryClientProvider>
    );
    const { result } = renderHook(() => useContactImport(), { wrapper });
    await act(() => result.current.upload(new File(['x'], 'patients.csv')));
    act(() => result.current.forget());
    expect(result.current.current).not.toBeNull();
    act(() =>
      handlers.get('contact-import:progress')!({
        import: state({ status: 'done', processedRows: 100, skippedCount: 2 }),
      }),
    );
    await waitFor(() => expect(result.current.reasons).toEqual([{ reason: 'invalid-phone', count: 2 }]));
  });
});
