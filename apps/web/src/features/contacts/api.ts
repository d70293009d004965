import type {
  Appointment,
  ContactDetails,
  ContactImport,
  ContactInput,
  ContactPage,
  PatientSurveys,
} from '@accueil/domain';
import { agendaEndpoints, contactEndpoints } from '@accueil/domain';
import { apiRequest } from '../../lib/api';
import { api } from '../../lib/endpoint-client';

/** The keys live with the hooks (`use-contacts.ts`); re-exported for the screens that read them here. */
export { contactKeys } from './keys';

const contacts = contactEndpoints;

/** GET /api/contacts — one keyset page (docs/api.md). */
export function fetchContactPage(
  search: string,
  limit: number,
  cursor: string | null,
  signal?: AbortSignal,
): Promise<ContactPage> {
  return api.call(contacts.list, {
    query: { search: search || undefined, limit, cursor: cursor ?? undefined },
    signal,
  });
}

/** GET /api/contacts/:id — with its linked contacts. */
export function fetchContact(id: string, signal?: AbortSignal): Promise<ContactDetails> {
  return api.call(contacts.get, { params: { id }, signal });
}

/** POST /api/contacts. */
export function createContact(body: ContactInput): Promise<ContactDetails> {
  return api.call(contacts.create, { body });
}

/** PUT /api/contacts/:id. */
export function updateContact(id: string, body: ContactInput): Promise<ContactDetails> {
  return api.call(contacts.update, { params: { id }, body });
}

/** DELETE /api/contacts/:id (refused with `contact-has-appointment`). */
export function deleteContact(id: string): Promise<void> {
  return api.call(contacts.delete, { params: { id } });
}

/** GET /api/patients/:id/surveys. */
export function fetchSurveys(id: string, signal?: AbortSignal): Promise<PatientSurveys> {
  return api.call(contacts.surveys, { params: { id }, signal });
}

/** GET /api/patients/:id/appointments — newest first, cancelled ones included. */
export function fetchAppointments(id: string, signal?: AbortSignal): Promise<{ items: Appointment[] }> {
  return api.call(agendaEndpoints.patientAppointments, { params: { id }, signal });
}

/** Longest wait for an upload (a 20 MB file on a slow line), past the usual 90 s. */
const UPLOAD_TIMEOUT_MS = 10 * 60_000;

/** POST /api/contacts/import — multipart, field `file`; answers the queued import (202). */
export function uploadContactsFile(file: File): Promise<ContactImport> {
  const form = new FormData();
  form.append('file', file, file.name);
  return apiRequest<ContactImport>('POST', 'contacts/import', { body: form, timeoutMs: UPLOAD_TIMEOUT_MS });
}

/** GET /api/contacts/imports/:id — where an import is (when realtime events were missed). */
export function fetchContactImport(id: string): Promise<ContactImport> {
  return api.call(contacts.getImport, { params: { id } });
}

/** Saves `text` as a file named `fileName` in the browser's downloads. */
function saveText(text: string, fileName: string): void {
  const url = URL.createObjectURL(new Blob([text], { type: 'text/csv;charset=utf-8' }));
  const a = document.createElement('a');
  a.href = url;
  a.download = fileName;
  document.body.append(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}

/** GET /api/contacts/export, saved as contacts.csv. */
export async function downloadContactsCsv(): Promise<void> {
  saveText(
    await apiRequest<string>('GET', 'contacts/export', {
      responseType: 'text',
      timeoutMs: UPLOAD_TIMEOUT_MS,
    }),
    'contacts.csv',
  );
}

/** GET /api/contacts/imports/:id/skipped (the reasons in `locale`'s words), saved as skipped-rows.csv. */
export async function downloadSkippedRows(importId: string, locale: string): Promise<void> {
  const query = { locale };
  saveText(
    await apiRequest<string>('GET', `contacts/imports/${encodeURIComponent(importId)}/skipped`, {
      query,
      responseType: 'text',
    }),
    'skipped-rows.csv',
  );
}
