import {
  callEndpoints,
  canPlaceCall,
  conversationEndpoints,
  isVoiceDeviceReady,
  voiceEndpoints,
  type VoiceCallNotice,
} from '@accueil/domain';
import { useEffect, useMemo, useState, useSyncExternalStore } from 'react';
import { useIntl } from 'react-intl';
import { useNavigate } from 'react-router';
import { ApiError } from '../../lib/api';
import { api } from '../../lib/endpoint-client';
import { notifyError, notifyInfo } from '../../lib/notify';
import { switchTeam, useSession } from '../../lib/session';
import { getSessionState } from '../../lib/session-store';
import { createCallController, type DialCountry } from './call-controller';
import { publishClickToCall } from './click-to-call';
import { CallPanel } from './call-panel';
import { createVoiceDeviceDriver } from './device-driver';
import { MicrophoneGuide } from './microphone-guide';
import { microphoneProblemOfCode, type MicrophoneProblem } from './microphone-problem';
import { QueueView } from './queue-view';
import { createSandboxDevice } from './sandbox-device';
import { useOrganizationTier } from './use-calls';

/**
 * The calls layer of the signed-in shell, loaded after the inbox (never in its first load): the
 * voice device (driven by the device machine), the current call (driven by the call machine),
 * the call panel, the team's call queue, and what the inbox's call button needs (docs/behaviour/calls.md).
 */
export function CallsRoot() {
  const intl = useIntl();
  const navigate = useNavigate();
  const { context } = useSession();
  const userId = context?.user.id ?? null;
  const organizationId = context?.organization.id ?? null;
  const country = (context?.organization.country ?? 'CA') as DialCountry;

  const tier = useOrganizationTier(organizationId);
  // The microphone guide, open when a call could not start for want of a microphone.
  const [microphone, setMicrophone] = useState<{ problem: MicrophoneProblem; redial: string | null } | null>(
    null,
  );

  const { driver, controller, disabled } = useMemo(() => {
    const state = { disabled: false };
    const notify = (notice: VoiceCallNotice | 'call-error') =>
      notifyInfo(intl.formatMessage({ id: `calls.notice.${notice}` }));
    const built = createVoiceDeviceDriver({
      userId: userId ?? '',
      fetchToken: () => api.call(voiceEndpoints.token, {}),
      refreshToken: () => api.call(voiceEndpoints.refresh, {}),
      createDevice: (carrier) =>
        carrier === 'twilio'
          ? import('./twilio-device').then((m) => m.createTwilioDevice())
          : Promise.resolve(createSandboxDevice()),
      onError: (code) => {
        const problem = microphoneProblemOfCode(code);
        if (problem) setMicrophone({ problem, redial: null });
        else notifyInfo(intl.formatMessage({ id: 'calls.notice.device-error' }, { code }));
      },
      onUnavailable: (error) => {
        state.disabled = error instanceof ApiError && error.code === 'calls-disabled';
      },
      onReport: (report) => calls.report(report),
    });
    // The server's actions name the call by its id: the device knows the carrier's (its call id).
    const callIdOf = async (callSid: string) =>
      (await api.call(callEndpoints.getBySid, { params: { sid: callSid } })).id;
    const calls = createCallController({
      device: () => built.getDevice(),
      server: {
        hold: async (callSid) =>
          void (await api.call(callEndpoints.hold, { params: { id: await callIdOf(callSid) } })),
        resume: async (callSid) =>
          void (await api.call(callEndpoints.resume, { params: { id: await callIdOf(callSid) } })),
        transfer: async (callSid, body) => {
          await api
            .call(callEndpoints.transfer, { params: { id: await callIdOf(callSid) }, body })
            .catch((error: unknown) => {
              // Why a SIP line cannot take the call (or the target was refused) is worth more than "the transfer failed".
              if (
                error instanceof ApiError &&
                (error.code === 'sip-line-unreachable' || error.code === 'transfer-target-invalid')
              )
                notifyError(error, 'calls.notice.transfer-failed');
              throw error;
            });
        },
        enqueue: async (callSid) =>
          void (await api.call(callEndpoints.sendToQueue, { params: { id: await callIdOf(callSid) } })),
        reject: (callSid) => declineOnServer(callSid, callIdOf),
        details: (callSid) => api.call(callEndpoints.getBySid, { params: { sid: callSid } }),
      },
      notify,
      microphoneProblem: (problem, redial) => setMicrophone({ problem, redial }),
      currentTeamId: () => getSessionState().context?.userGroup?.id ?? null,
      switchTeam: (teamId) =>
        void switchTeam(teamId).catch((error: unknown) => notifyError(error, 'calls.notice.switch-failed')),
      openConversation: (number) =>
        void api.call(conversationEndpoints.lookup, { query: { phone: number } }).then(
          (found) => found.conversation && navigate(`/conversations/${found.conversation.id}`),
          () => undefined,
        ),
    });
    return { driver: built, controller: calls, disabled: state };
    // One device per signed-in user; texts follow the locale through intl at call time.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [userId]);

  useEffect(() => {
    if (!userId) return;
    driver.start();
    return () => driver.stop();
  }, [driver, userId]);

  const device = useSyncExternalStore(driver.subscribe, driver.getSnapshot);
  const view = useSyncExternalStore(controller.subscribe, controller.getView);
  const canCall = canPlaceCall(view.snapshot, {
    webCallsEnabled: !disabled.disabled,
    deviceReady: isVoiceDeviceReady(device),
    outgoingCallsAllowed: tier.data?.outgoingCalls ?? true,
  });
  useEffect(() => {
    publishClickToCall({ canCall, dial: canCall ? (phone) => controller.dial(phone, country) : null });
  }, [canCall, controller, country]);
  useEffect(() => () => publishClickToCall({ canCall: false, dial: null }), []);

  return (
    <>
      <QueueView teamId={context?.userGroup?.id ?? null} above={view.snapshot.call !== null} />
      <CallPanel
        view={view}
        controller={controller}
        selfId={userId}
        extensionTransfer={tier.data?.extensionTransfer ?? false}
        teamLabelOf={(id) => context?.userGroups.find((team) => team.id === id)?.label ?? null}
      />
      {microphone && (
        <MicrophoneGuide
          problem={microphone.problem}
          onClose={() => setMicrophone(null)}
          onReady={() => {
            setMicrophone(null);
            if (microphone.redial && canCall) controller.dial(microphone.redial, country);
          }}
        />
      )}
    </>
  );
}

/**
 * Declines a call on the server (`POST …/calls/:id/reject`). A call that already moved on
 * (answered by a colleague, hung up: 409 `call-state-conflict`) or that the server does not know
 * yet (404) needs nothing more: only other failures reach the user.
 */
async function declineOnServer(
  callSid: string,
  callIdOf: (callSid: string) => Promise<string>,
): Promise<void> {
  try {
    await api.call(callEndpoints.reject, { params: { id: await callIdOf(callSid) } });
  } catch (error) {
    if (error instanceof ApiError && (error.code === 'call-state-conflict' || error.status === 404)) return;
    throw error;
  }
}
