import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fakeDevice, setupCallController as setup } from '../../test/call-controller-fakes';

beforeEach(() => {
  vi.useFakeTimers();
});
afterEach(() => {
  vi.useRealTimers();
});

describe('call controller', () => {
  it('rings, answers, holds (server then mute), resumes (unmute then server) and hangs up', async () => {
    const { controller, device, options } = setup();
    controller.report({
      type: 'incoming',
      callId: 'c1',
      from: '+15145550199',
      origin: 'direct',
      forTeamId: 'team-a',
    });
    expect(controller.getView()).toMatchObject({ snapshot: { phase: 'incoming' }, number: '+15145550199' });
    controller.accept();
    await vi.advanceTimersByTimeAsync(0);
    expect(device.answer).toHaveBeenCalledWith('c1');
    expect(controller.getView().answeredAt).not.toBeNull();

    controller.toggleHold();
    await vi.advanceTimersByTimeAsync(0);
    expect(options.server.hold).toHaveBeenCalledWith('c1');
    expect(device.setMuted).toHaveBeenLastCalledWith(true);
    expect(controller.getView().snapshot.call?.hold).toBe('held');
    controller.toggleHold();
    expect(device.setMuted).toHaveBeenLastCalledWith(false);
    await vi.advanceTimersByTimeAsync(0);
    expect(options.server.resume).toHaveBeenCalledWith('c1');
    expect(controller.getView().snapshot.call?.hold).toBe('none');

    controller.hangUp();
    await vi.advanceTimersByTimeAsync(0);
    expect(device.disconnect).toHaveBeenCalledWith('c1');
    expect(controller.getView()).toMatchObject({
      snapshot: { phase: 'idle' },
      number: null,
      answeredAt: null,
    });
  });

  it('says so when the server refuses the hold, and the call stays not held', async () => {
    const { controller, options } = setup();
    vi.mocked(options.server.hold).mockImplementationOnce(() => Promise.reject(new Error('refused')));
    controller.report({
      type: 'incoming',
      callId: 'c1',
      from: '+15145550199',
      origin: 'queue',
      forTeamId: null,
    });
    controller.toggleHold();
    await vi.advanceTimersByTimeAsync(0);
    expect(options.notify).toHaveBeenCalledWith('hold-failed');
    expect(controller.getView().snapshot.call?.hold).toBe('none');
  });

  it('switches to the call’s team and opens its conversation when it was placed to another team', async () => {
    const { controller, options } = setup();
    controller.report({
      type: 'incoming',
      callId: 'c1',
      from: '+15145550199',
      origin: 'direct',
      forTeamId: 'team-b',
    });
    controller.accept();
    await vi.advanceTimersByTimeAsync(0);
    expect(options.switchTeam).toHaveBeenCalledWith('team-b');
    expect(options.notify).toHaveBeenCalledWith('switched-team');
    expect(options.openConversation).toHaveBeenCalledWith('+15145550199');
  });

  it('dials a valid number, polls its details every second once connected, and stops when the callee answers', async () => {
    let answered = false;
    const device = fakeDevice({ details: vi.fn(() => Promise.resolve({ answered })) });
    const { controller } = setup(device);
    controller.dial('514 555 0199', 'CA');
    await vi.advanceTimersByTimeAsync(0);
    const callId = controller.getView().snapshot.call!.callId;
    expect(device.connect).toHaveBeenCalledWith(callId, '+15145550199');
    controller.report({ type: 'connected', callId });
    await vi.advanceTimersByTimeAsync(1000);
    expect(device.details).toHaveBeenCalledTimes(1);
    answered = true;
    await vi.advanceTimersByTimeAsync(1000);
    expect(controller.getView().snapshot.call?.answered).toBe(true);
    await vi.advanceTimersByTimeAsync(3000);
    expect(device.details).toHaveBeenCalledTimes(2);
  });

  it('refuses an invalid number and a second call while busy; the other end hanging up ends the call', async () => {
    const { controller, options } = setup();
    controller.dial('12', 'CA');
    expect(options.notify).toHaveBeenCalledWith('phone-invalid');
    controller.report({
      type: 'incoming',
      callId: 'c1',
      from: '+15145550199',
      origin: 'direct',
      forTeamId: null,
    });
    controller.dial('514 555 0199', 'CA');
    expect(options.notify).toHaveBeenCalledWith('call-in-progress');
    controller.report({ type: 'ended', callId: 'c1' });
    await vi.advanceTimersByTimeAsync(0);
    expect(controller.getView().snapshot.phase).toBe('idle');
  });

  it("transfers through the server's call action (to a team, or a user of it), leaving the user idle; a refusal keeps the call and says so", async () => {
    const { controller, options } = setup();
    controller.report({
      type: 'incoming',
      callId: 'CA1',
      from: '+15145550199',
      origin: 'direct',
      forTeamId: 'team-a',
    });
    controller.accept();
    await vi.advanceTimersByTimeAsync(0);
    controller.transfer({ kind: 'user', teamId: 'team-b', userId: 'user-9' });
    expect(controller.getView().snapshot.call?.transferring).toBe(true);
    await vi.advanceTimersByTimeAsync(0);
    expect(options.server.transfer).toHaveBeenCalledWith('CA1', { toUserGroup: 'team-b', to: 'user-9' });
    expect(controller.getView().snapshot.phase).toBe('idle');

    controller.report({
      type: 'incoming',
      callId: 'CA2',
      from: '+15145550199',
      origin: 'direct',
      forTeamId: 'team-a',
    });
    controller.accept();
    await vi.advanceTimersByTimeAsync(0);
    vi.mocked(options.server.transfer).mockImplementationOnce(() => Promise.reject(new Error('409')));
    controller.transfer({ kind: 'team', teamId: 'team-b' });
    await vi.advanceTimersByTimeAsync(0);
    expect(options.server.transfer).toHaveBeenLastCalledWith('CA2', { toUserGroup: 'team-b' });
    expect(options.notify).toHaveBeenCalledWith('transfer-failed');
    expect(controller.getView().snapshot.call).toMatchObject({ callId: 'CA2', transferring: false });
  });

  it("sends the call to the queue through the server's call action", async () => {
    const { controller, options } = setup();
    controller.report({
      type: 'incoming',
      callId: 'CA3',
      from: '+15145550199',
      origin: 'direct',
      forTeamId: 'team-a',
    });
    controller.accept();
    await vi.advanceTimersByTimeAsync(0);
    controller.sendToQueue();
    await vi.advanceTimersByTimeAsync(0);
    expect(options.server.enqueue).toHaveBeenCalledWith('CA3');
    expect(controller.getView().snapshot.phase).toBe('idle');
  });

  it('declines on the device, then on the server; a second call while busy is declined on both too', async () => {
    const { controller, device, options } = setup();
    controller.report({
      type: 'incoming',
      callId: 'c1',
      from: '+15145550199',
      origin: 'direct',
      forTeamId: 'team-a',
    });
    controller.reject();
    await vi.advanceTimersByTimeAsync(0);
    expect(device.reject).toHaveBeenCalledWith('c1');
    expect(options.server.reject).toHaveBeenCalledWith('c1');
    expect(controller.getView().snapshot.phase).toBe('idle');

    controller.report({
      type: 'incoming',
      callId: 'c2',
      from: '+15145550199',
      origin: 'direct',
      forTeamId: 'team-a',
    });
    controller.accept();
    controller.report({
      type: 'incoming',
      callId: 'c3',
      from: '+15145550100',
      origin: 'direct',
      forTeamId: 'team-a',
    });
    await vi.advanceTimersByTimeAsync(0);
    expect(options.server.reject).toHaveBeenLastCalledWith('c3');
    expect(controller.getView().snapshot.call?.callId).toBe('c2');
  });

  it('says so when the server refuses the decline', async () => {
    const { controller, options } = setup();
    vi.mocked(options.server.reject).mockImplementationOnce(() => Promise.reject(new Error('502')));
    controller.report({
      type: 'incoming',
      callId: 'c1',
      from: '+15145550199',
      origin: 'direct',
      forTeamId: 'team-a',
    });
    controller.reject();
    await vi.advanceTimersByTimeAsync(0);
    expect(options.notify).toHaveBeenCalledWith('call-error');
  });

  it("learns from the server's record that a ringing call was transferred, and from which team", async () => {
    const { controller, options } = setup();
    vi.mocked(options.server.details).mockImplementationOnce(() =>
      Promise.resolve({ transferred: true, fromGroupId: 'team-b' }),
    );
    controller.report({
      type: 'incoming',
      callId: 'c1',
      from: '+15145550199',
      origin: 'direct',
      forTeamId: 'team-a',
    });
    expect(controller.getView().transferredFrom).toBeNull();
    await vi.advanceTimersByTimeAsync(0);
    expect(options.server.details).toHaveBeenCalledWith('c1');
    expect(controller.getView().transferredFrom).toEqual({ teamId: 'team-b' });
    controller.reject();
    await vi.advanceTimersByTimeAsync(0);
    expect(controller.getView().transferredFrom).toBeNull();

    controller.report({
      type: 'incoming',
      callId: 'c2',
      from: '+15145550199',
      origin: 'direct',
      forTeamId: 'team-a',
    });
    await vi.advanceTimersByTimeAsync(0);
    expect(controller.getView().transferredFrom).toBeNull();
  });
});
