import type { DomainEvent } from '@accueil/domain';
import { defineSubscriber } from '../../events/event-subscriber';
import { rooms } from '../../realtime/publisher';
import { publishSafely } from '../../realtime/publish-safely';

/**
 * Realtime of the organisation's labels (docs/behaviour/labels.md): after a label's creation,
 * change or deletion commits, `labels:changed` to the organisation's room, so every open inbox
 * reads the labels (and the conversations showing a renamed or deleted one) again. At most once
 * (`after-commit`); a lost one is made good by the web's refetch on reconnect.
 */
export const labelsRealtimeSubscriber = defineSubscriber({
  name: 'labels.realtime',
  events: ['label.created', 'label.changed', 'label.deleted'],
  delivery: 'after-commit',
  handle: (deps, event: DomainEvent<'label.created' | 'label.changed' | 'label.deleted'>) => {
    publishSafely(deps, () =>
      deps.realtime.publish(rooms.org(event.organizationId), 'labels:changed', {
        labelId: event.payload.labelId,
      }),
    );
    return Promise.resolve();
  },
});
