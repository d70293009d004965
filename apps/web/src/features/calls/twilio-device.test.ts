import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { VoiceDeviceReport } from './voice-device';

type Handler = (...args: unknown[]) => void;

/** A stand-in of the SDK's event emitters: records handlers, lets the test fire events. */
class Emitter {
  handlers = new Map<string, Handler[]>();
  on(event: string, handler: Handler) {
    this.handlers.set(event, [...(this.handlers.get(event) ?? []), handler]);
    return this;
  }
  fire(event: string, ...args: unknown[]) {
    for (const handler of this.handlers.get(event) ?? []) handler(...args);
  }
}

class FakeCall extends Emitter {
  state = 'pending';
  accept = vi.fn(() => (this.state = 'open'));
  reject = vi.fn();
  disconnect = vi.fn();
  mute = vi.fn();
  sendDigits = vi.fn();
  status = () => this.state;
  constructor(
    public parameters: Record<string, string>,
    public customParameters = new Map<string, string>(),
  ) {
    super();
  }
}

const sdk = vi.hoisted(() => ({ devices: [] as unknown[] }));

vi.mock('@twilio/voice-sdk', () => {
  class Device extends Emitter {
    register = vi.fn(() => Promise.resolve());
    updateToken = vi.fn();
    destroy = vi.fn();
    outbound: FakeCall | null = null;
    connect = vi.fn(() => {
      this.outbound = new FakeCall({});
      return Promise.resolve(this.outbound);
    });
    constructor(
      public token: string,
      public options: unknown,
    ) {
      super();
      sdk.devices.push(this);
    }
  }
  return { Device, Call: { State: { Open: 'open' } } };
});

type FakeDevice = Emitter & {
  token: string;
  options: unknown;
  register: ReturnType<typeof vi.fn>;
  updateToken: ReturnType<typeof vi.fn>;
  destroy: ReturnType<typeof vi.fn>;
  connect: ReturnType<typeof vi.fn>;
  outbound: FakeCall | null;
};

async function setup() {
  const { createTwilioDevice } = await import('./twilio-device');
  const device = await createTwilioDevice();
  const reports: VoiceDeviceReport[] = [];
  device.subscribe((r) => reports.push(r));
  await device.register('token-1');
  const sdkDevice = sdk.devices.at(-1) as FakeDevice;
  return { device, sdkDevice, reports };
}

beforeEach(() => {
  sdk.devices.length = 0;
});

describe('the Twilio voice device', () => {
  it("registers the SDK's device with the token and reports its events in the app's terms", async () => {
    const { device, sdkDevice, reports } = await setup();
    expect(sdkDevice.token).toBe('token-1');
    expect(sdkDevice.options).toEqual({ closeProtection: true });
    expect(sdkDevice.register).toHaveBeenCalledOnce();
    sdkDevice.fire('registered');
    sdkDevice.fire('tokenWillExpire');
    sdkDevice.fire('error', { code: 20104 });
    sdkDevice.fire('error', {});
    sdkDevice.fire('unregistered');
    expect(reports).toEqual([
      { type: 'registered' },
      { type: 'token-will-expire' },
      { type: 'error', code: 20104 },
      { type: 'error', code: 0 },
      { type: 'unregistered' },
    ]);
    await device.updateToken('token-2');
    expect(sdkDevice.updateToken).toHaveBeenCalledWith('token-2');
  });

  it('reports an incoming call with its origin and team, answers it, and reports its end once', async () => {
    const { device, sdkDevice, reports } = await setup();
    const call = new FakeCall(
      { CallSid: 'CA1', From: '+15145550199' },
      new Map([
        ['origin', 'transfer'],
        ['forGroupId', 'team-b'],
      ]),
    );
    sdkDevice.fire('incoming', call);
    expect(reports).toEqual([
      { type: 'incoming', callId: 'CA1', from: '+15145550199', origin: 'transfer', forTeamId: 'team-b' },
    ]);
    await device.answer('CA1');
    expect(call.accept).toHaveBeenCalledOnce();
    device.setMuted(true);
    expect(call.mute).toHaveBeenCalledWith(true);
    device.sendDigits('1#');
    expect(call.sendDigits).toHaveBeenCalledWith('1#');
    call.fire('disconnect');
    call.fire('disconnect');
    expect(reports.slice(1)).toEqual([{ type: 'ended', callId: 'CA1' }]);
    // An unknown origin is a direct call; no team parameter, no team.
    sdkDevice.fire(
      'incoming',
      new FakeCall({ CallSid: 'CA2', From: '+15145550100' }, new Map([['origin', 'elsewhere']])),
    );
    expect(reports.at(-1)).toEqual({
      type: 'incoming',
      callId: 'CA2',
      from: '+15145550100',
      origin: 'direct',
      forTeamId: null,
    });
    await device.reject('CA2');
    await expect(device.answer('CA2')).rejects.toThrow('No Twilio call CA2');
  });

  it('places a call: connected once the SDK accepts it, answered once its leg is open', async () => {
    const { device, sdkDevice, reports } = await setup();
    await device.connect('local-1', '+15145550199');
    expect(sdkDevice.connect).toHaveBeenCalledWith({ params: { To: '+15145550199' } });
    const call = sdkDevice.outbound!;
    expect(await device.details('local-1')).toEqual({ answered: false });
    call.fire('accept');
    expect(reports).toEqual([{ type: 'connected', callId: 'local-1' }]);
    call.state = 'open';
    expect(await device.details('local-1')).toEqual({ answered: true });
    await device.disconnect('local-1');
    expect(call.disconnect).toHaveBeenCalledOnce();
    device.destroy();
    expect(sdkDevice.destroy).toHaveBeenCalledOnce();
  });

  it('refuses to place a call before it is registered', async () => {
    const { createTwilioDevice } = await import('./twilio-device');
    const device = await createTwilioDevice();
    await expect(device.connect('local-1', '+15145550199')).rejects.toThrow('not registered');
  });
});
