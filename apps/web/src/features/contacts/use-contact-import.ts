import type { ContactImport } from '@accueil/domain';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { useRealtimeEvent } from '../../lib/realtime';
import { fetchContactImport, uploadContactsFile } from './api';
import { contactKeys } from './keys';

/** While an import runs, its state is also read every 2 s, in case realtime events are missed. */
export const IMPORT_POLL_MS = 2000;

/** Whether an import is still under way (queued or running). */
export const importRunning = (i: ContactImport | null) =>
  i !== null && (i.status === 'queued' || i.status === 'running');

/**
 * Of what realtime said (`a`) and what the poll read (`b`), the further along — the same import
 * only; an ended import stays ended.
 */
export function newerImport(a: ContactImport | null, b: ContactImport | undefined): ContactImport | null {
  if (!a || !b || a.id !== b.id) return a;
  const ended = (i: ContactImport) => i.status === 'done' || i.status === 'failed';
  if (ended(a)) return a;
  return ended(b) || b.processedRows > a.processedRows ? b : a;
}

/**
 * A contact import followed live: `upload(file)` starts one (rejects with the server's error);
 * realtime `contact-import:progress` events move it forward (an older event is dropped), a poll
 * every {@link IMPORT_POLL_MS} while it runs covers missed events; once it has ended with skipped
 * rows, it is read once more for their reasons (`reasons`), and a finished import refetches the
 * contacts lists. `forget()` drops an ended import (the dialog starts over).
 */
export function useContactImport() {
  const client = useQueryClient();
  const [latest, setLatest] = useState<ContactImport | null>(null);
  useRealtimeEvent('contact-import:progress', ({ import: update }) => {
    setLatest((c) => (c && c.id === update.id && update.processedRows >= c.processedRows ? update : c));
  });
  const poll = useQuery({
    queryKey: contactKeys.import(latest?.id),
    queryFn: () => fetchContactImport(latest!.id),
    enabled: importRunning(latest),
    refetchInterval: IMPORT_POLL_MS,
  });
  const current = newerImport(latest, poll.data);
  const done = current?.status === 'done';
  const ended = done || current?.status === 'failed';
  // Realtime events carry no reasons: once the import has ended, it is read once for them.
  const final = useQuery({
    queryKey: contactKeys.importEnded(current?.id),
    queryFn: () => fetchContactImport(current!.id),
    enabled: ended && (current?.skippedCount ?? 0) > 0,
  });
  useEffect(() => {
    if (done) void client.invalidateQueries({ queryKey: contactKeys.all });
  }, [done, client]);
  return {
    current,
    reasons: final.data?.skippedReasons ?? [],
    upload: async (file: File) => setLatest(await uploadContactsFile(file)),
    forget: () => {
      if (!importRunning(current)) setLatest(null);
    },
  };
}
