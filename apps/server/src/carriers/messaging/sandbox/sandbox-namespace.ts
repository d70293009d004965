import type { RealtimeNamespace } from '../../../realtime/realtime-namespace';

/** The namespace of the phone simulators (no sign-in: the sandbox is a development tool). */
export const SANDBOX_NAMESPACE = '/sandbox';

/** A simulated phone's number as the simulator may send it: E.164, or a short code. */
const WATCHABLE_NUMBER = /^\+?[0-9]{3,15}$/;

/** The room of the simulators watching the simulated phone with that number. */
export function phoneRoom(number: string): string {
  return `phone:${number}`;
}

/**
 * `/sandbox`: a phone simulator `watch`es numbers (`sandbox:watch` is accepted as well; spaces
 * ignored; several numbers allowed) and then receives `sandbox:message { number }` whenever a
 * text reaches or leaves one of them (`notifyPhone`).
 */
export const sandboxNamespace: RealtimeNamespace = {
  name: SANDBOX_NAMESPACE,
  onConnection(socket) {
    const watch = (number: unknown) => {
      if (typeof number !== 'string') return;
      const n = number.replace(/\s+/g, '');
      if (!WATCHABLE_NUMBER.test(n)) return;
      void socket.join(phoneRoom(n));
    };
    socket.on('watch', watch);
    socket.on('sandbox:watch', watch);
  },
};
