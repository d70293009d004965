import { describe, expect, it } from 'vitest';
import { CarrierError, SIP_LINE_UNREACHABLE } from '../voice-carrier';
import { createSandboxVoiceCarrier } from './sandbox-voice-carrier';

const SECRET = 'a-test-secret-of-enough-length-for-hmac';

// Every refusal of the sandbox voice carrier is in the closed error set (docs/behaviour/carriers.md).
describe('sandbox voice carrier errors', () => {
  it('refuses a SIP line no user has as permanent, with its code', async () => {
    const carrier = createSandboxVoiceCarrier(SECRET);
    const refused = await carrier
      .redirect({ callSid: 'c1', instruction: { kind: 'sip', username: 'desk', uri: null, userId: null } })
      .catch((e: unknown) => e);
    expect(refused).toBeInstanceOf(CarrierError);
    expect(refused).toMatchObject({ kind: 'permanent', carrierCode: SIP_LINE_UNREACHABLE });
  });

  it("keeps the network's own CarrierError as it is", async () => {
    const own = new CarrierError('permanent', 'nobody to ring', SIP_LINE_UNREACHABLE);
    const carrier = createSandboxVoiceCarrier(SECRET, () => {
      throw own;
    });
    await expect(carrier.redirect({ callSid: 'c1', instruction: { kind: 'hold' } })).rejects.toBe(own);
  });

  it('maps any other failure of the network to temporary, and keeps no action', async () => {
    const carrier = createSandboxVoiceCarrier(SECRET, () => {
      throw new TypeError('switchboard broke');
    });
    const refused = await carrier.hangUp({ callSid: 'c1' }).catch((e: unknown) => e);
    expect(refused).toBeInstanceOf(CarrierError);
    expect(refused).toMatchObject({ kind: 'temporary' });
    expect((refused as Error).message).toContain('switchboard broke');
    expect(carrier.actions).toHaveLength(0);
  });
});
