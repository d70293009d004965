import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fakeDevice, setupCallController as setup } from '../../test/call-controller-fakes';

beforeEach(() => {
  vi.useFakeTimers();
});
afterEach(() => {
  vi.useRealTimers();
});

describe('call controller: the microphone guide', () => {
  it('opens the microphone guide, with the number to call again, when a call cannot get the microphone', async () => {
    const device = fakeDevice({
      connect: vi.fn(() => Promise.reject(new DOMException('Requested device not found', 'NotFoundError'))),
    });
    const microphoneProblem = vi.fn();
    const { controller, options } = setup(device, { microphoneProblem });
    controller.dial('+15145550199', 'CA');
    await vi.advanceTimersByTimeAsync(0);
    expect(microphoneProblem).toHaveBeenCalledWith('missing', '+15145550199');
    expect(controller.getView().snapshot.phase).toBe('idle');
    expect(options.notify).not.toHaveBeenCalledWith('call-error');
  });

  it('opens the guide without a number when answering is refused the microphone; other failures do not', async () => {
    const answer = vi.fn(() => Promise.reject(new DOMException('Permission denied', 'NotAllowedError')));
    const microphoneProblem = vi.fn();
    const { controller } = setup(fakeDevice({ answer }), { microphoneProblem });
    controller.report({
      type: 'incoming',
      callId: 'c9',
      from: '+15145550100',
      origin: 'direct',
      forTeamId: 'team-a',
    });
    controller.accept();
    await vi.advanceTimersByTimeAsync(0);
    expect(microphoneProblem).toHaveBeenCalledWith('blocked', null);

    microphoneProblem.mockClear();
    const other = setup(fakeDevice({ connect: vi.fn(() => Promise.reject(new Error('network'))) }), {
      microphoneProblem,
    });
    other.controller.dial('+15145550199', 'CA');
    await vi.advanceTimersByTimeAsync(0);
    expect(microphoneProblem).not.toHaveBeenCalled();
  });
});
