import { AppError } from '@accueil/domain';
import { and, eq, ne } from 'drizzle-orm';
import type { AppDeps } from '../../app-deps';
import { appointments, professionals } from '../../db/schema/agenda';
import type { RequestContext } from '../../http/request-context';
import { requireProfessionalManager } from './agenda.policy';
import { requireProfessional } from './require-professional';

/**
 * DELETE /api/professionals/:id: removes the professional and their availability categories.
 * Refused while any appointment of theirs is not cancelled (those are the patients' bookings):
 * their cancelled appointments go with them.
 * @throws AppError 'not-found'; 'forbidden' unless an administrator; 'professional-has-appointments' (409).
 */
export async function deleteProfessional(deps: AppDeps, ctx: RequestContext, id: string): Promise<void> {
  requireProfessionalManager(ctx);
  await deps.db.transaction(async (tx) => {
    const row = await requireProfessional(tx, ctx, id, true);
    const [booked] = await tx
      .select({ id: appointments.id })
      .from(appointments)
      .where(and(eq(appointments.professionalId, row.id), ne(appointments.status, 'cancelled')))
      .limit(1);
    if (booked)
      throw new AppError('professional-has-appointments', 'This professional still has appointments');
    await tx.delete(appointments).where(eq(appointments.professionalId, row.id));
    await tx.delete(professionals).where(eq(professionals.id, row.id));
  });
}
