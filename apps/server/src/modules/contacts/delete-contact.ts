import { AppError } from '@accueil/domain';
import { and, eq, or } from 'drizzle-orm';
import type { AppDeps } from '../../app-deps';
import { contacts } from '../../db/schema/contacts';
import type { RequestContext } from '../../http/request-context';
import { hasScheduledAppointment } from '../agenda/index';
import { authorizeContacts } from './contacts.policy';
import { requireContactRow } from './load-contact';

/**
 * DELETE /api/contacts/:id: deletes the contact and the contacts linked to it (they exist
 * through its phone). Refused while one of them has a scheduled appointment (the agenda's
 * `hasScheduledAppointment`: one not cancelled, still to come).
 * @throws AppError 'not-found' (missing or another organisation's), 'contact-has-appointment' (400), 'forbidden'.
 */
export async function deleteContact(
  deps: Pick<AppDeps, 'db'>,
  ctx: RequestContext,
  id: string,
): Promise<void> {
  authorizeContacts(ctx);
  await deps.db.transaction(async (tx) => {
    const row = await requireContactRow(tx, ctx.organizationId, id, { forUpdate: true });
    const family = await tx
      .select({ id: contacts.id })
      .from(contacts)
      .where(
        and(
          eq(contacts.organizationId, ctx.organizationId),
          or(eq(contacts.id, row.id), eq(contacts.linkedToId, row.id)),
        ),
      );
    for (const member of family) {
      if (await hasScheduledAppointment(tx, ctx.organizationId, member.id)) {
        throw new AppError(
          'contact-has-appointment',
          'A contact with a scheduled appointment cannot be deleted.',
          { contactId: member.id },
        );
      }
    }
    await tx
      .delete(contacts)
      .where(and(eq(contacts.organizationId, ctx.organizationId), eq(contacts.id, row.id)));
  });
}
