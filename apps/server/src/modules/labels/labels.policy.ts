import { AppError, can } from '@accueil/domain';
import { actorOf } from '../../http/actor';
import type { RequestContext } from '../../http/request-context';

/**
 * Managing labels (create, rename, recolour, delete) is part of the organisation's configuration:
 * its administrators only (docs/behaviour/labels.md).
 * @throws AppError 'forbidden' (403) for anyone else.
 */
export function authorizeLabelManagement(ctx: RequestContext): void {
  if (!can(actorOf(ctx), 'configuration.edit', { organizationId: ctx.organizationId })) {
    throw new AppError('forbidden', 'Only administrators manage labels');
  }
}

/** A label id that is not one of the organisation's: the same 404 as a missing one. */
export function labelNotFound(): AppError {
  return new AppError('not-found', 'Label not found');
}

/** Whether `err` (or a cause of it) is the unique index on a label's name within its organisation. */
export function isLabelNameTaken(err: unknown): boolean {
  for (let e: unknown = err, depth = 0; e && depth < 4; e = (e as { cause?: unknown }).cause, depth++) {
    const { code, constraint } = e as { code?: unknown; constraint?: unknown };
    if (code === '23505' && constraint === 'labels_organization_name_uq') return true;
  }
  return false;
}

/** 409 `label-name-taken`: the organisation has a label of that name, case ignored. */
export function labelNameTaken(name: string): AppError {
  return new AppError('label-name-taken', 'The organisation already has a label of that name', { name });
}
