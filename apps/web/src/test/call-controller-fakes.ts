import { vi } from 'vitest';
import { createCallController, type CallControllerHost } from '../features/calls/call-controller';
import type { VoiceDevice } from '../features/calls/voice-device';

/** A fake voice device: every call succeeds unless the test says otherwise. */
export function fakeDevice(overrides: Partial<VoiceDevice> = {}) {
  return {
    carrier: 'sandbox',
    register: vi.fn(() => Promise.resolve()),
    updateToken: vi.fn(() => Promise.resolve()),
    destroy: vi.fn(),
    connect: vi.fn(() => Promise.resolve()),
    answer: vi.fn(() => Promise.resolve()),
    reject: vi.fn(() => Promise.resolve()),
    disconnect: vi.fn(() => Promise.resolve()),
    details: vi.fn(() => Promise.resolve({ answered: false })),
    setMuted: vi.fn(),
    sendDigits: vi.fn(),
    subscribe: vi.fn(() => () => undefined),
    ...overrides,
  } satisfies VoiceDevice;
}

/** A call controller over a fake device and a fake server, as the tests drive it. */
export function setupCallController(device = fakeDevice(), host: Partial<CallControllerHost> = {}) {
  const server = {
    hold: vi.fn(() => Promise.resolve()),
    resume: vi.fn(() => Promise.resolve()),
    transfer: vi.fn(() => Promise.resolve()),
    enqueue: vi.fn(() => Promise.resolve()),
    reject: vi.fn(() => Promise.resolve()),
    details: vi.fn(() => Promise.resolve({ transferred: false, fromGroupId: null as string | null })),
  };
  const options = {
    device: () => device,
    server,
    notify: vi.fn(),
    switchTeam: vi.fn(),
    openConversation: vi.fn(),
    currentTeamId: () => 'team-a',
    ...host,
  };
  return { controller: createCallController(options), device, options };
}
