import {
  sandboxVoiceEndpoints as endpoints,
  type ClientToServerEvents,
  type SandboxCall,
  type SandboxPhoneCallEvent,
  type ServerToClientEvents,
} from '@accueil/domain';
import { useCallback, useEffect, useRef, useState } from 'react';
import { io, type Socket } from 'socket.io-client';
import { api } from '../../lib/endpoint-client';
import { openWebRtcLeg, type WebRtcLeg } from '../calls/webrtc-leg';

/** The simulated phone's call, and what it can do. */
export interface PhoneCall {
  call: SandboxCall | null;
  /** The phone's last call failed to start or dropped (the screen says so). */
  failed: boolean;
  dial: (to: string) => Promise<void>;
  answer: () => Promise<void>;
  hangUp: () => Promise<void>;
  sendDigits: (digits: string) => void;
}

/**
 * The phone simulator's side of a sandbox call (docs/behaviour/calls.md, "Sandbox calls"): rings
 * when a staff member calls `number`, calls a team number, and connects its audio with the
 * server's media leg — at once when it calls (it hears the greeting, the hold music, the
 * voicemail's beep), once it answers when called. It makes the WebRTC offer; the server's answer
 * comes over `/sandbox` (`voice:*` events in the room of the number it watches).
 */
export function usePhoneCall(number: string | null): PhoneCall {
  const [call, setCall] = useState<SandboxCall | null>(null);
  const [failed, setFailed] = useState(false);
  const leg = useRef<WebRtcLeg | null>(null);
  const current = useRef<SandboxCall | null>(null);
  const track = (next: SandboxCall | null) => {
    current.current = next;
    setCall(next);
  };
  const closeLeg = () => {
    leg.current?.close();
    leg.current = null;
  };
  const send = useCallback(
    (callId: string, body: SandboxPhoneCallEvent) =>
      api.call(endpoints.phoneEvent, { params: { callId }, body }),
    [],
  );
  const offer = useCallback(
    async (c: SandboxCall) => {
      if (!number || leg.current) return;
      leg.current = await openWebRtcLeg('phone');
      await send(c.id, { type: 'signal', number, description: await leg.current.offer() });
    },
    [number, send],
  );

  useEffect(() => {
    if (!number) return;
    const socket: Socket<ServerToClientEvents, ClientToServerEvents> = io('/sandbox', { path: '/socket.io' });
    socket.on('connect', () => socket.emit('watch', number));
    socket.on('voice:incoming', ({ call: c }) => {
      if (c.direction === 'outbound' && !current.current) track(c);
    });
    socket.on('voice:updated', ({ call: c }) => {
      if (current.current?.id !== c.id) return;
      if (c.state === 'ended') {
        closeLeg();
        return track(null);
      }
      track(c);
    });
    socket.on('voice:signal', ({ callId, description }) => {
      if (current.current?.id === callId && description.type === 'answer')
        void leg.current?.accept(description);
    });
    return () => {
      socket.disconnect();
      closeLeg();
    };
  }, [number, offer]);

  return {
    call,
    failed,
    async dial(to) {
      if (!number || current.current) return;
      setFailed(false);
      let placed: SandboxCall;
      try {
        placed = await api.call(endpoints.phoneDial, { body: { from: number, to } });
      } catch (error) {
        setFailed(true);
        throw error;
      }
      track(placed);
      // The server answers the call itself (greeting, queue, voicemail): the audio starts now.
      await offer(placed).catch(() => setFailed(true));
    },
    async answer() {
      const c = current.current;
      if (!c || !number) return;
      const answered = await send(c.id, { type: 'answer', number });
      track(answered);
      await offer(answered);
    },
    async hangUp() {
      const c = current.current;
      closeLeg();
      track(null);
      if (c && number) await send(c.id, { type: 'hang-up', number }).catch(() => undefined);
    },
    sendDigits(digits) {
      leg.current?.sendDigits(digits);
    },
  };
}
