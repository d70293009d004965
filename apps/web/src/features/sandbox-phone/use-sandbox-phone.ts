import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { fetchDirectory, fetchPhoneMessages, sandboxKeys, sendFromPhone, type PhonePicture } from './api';
import { useSandboxSocket } from './use-sandbox-socket';

/** How often the simulator reads the phone's messages again (ms), besides the socket's nudges. */
export const SANDBOX_POLL_MS = 5000;

/** The sandbox's numbers: its contacts' phones and the teams' numbers. */
export function useSandboxDirectory() {
  return useQuery({ queryKey: sandboxKeys.directory(), queryFn: ({ signal }) => fetchDirectory(signal) });
}

/**
 * The messages of the simulated `phone` (nothing while null), read every {@link SANDBOX_POLL_MS}
 * and again at each sandbox socket event; `refetch` reads them now.
 */
export function usePhoneMessages(phone: string | null) {
  const client = useQueryClient();
  const messages = useQuery({
    queryKey: sandboxKeys.messages(phone ?? ''),
    queryFn: ({ signal }) => fetchPhoneMessages(phone!, signal),
    enabled: phone !== null,
    refetchInterval: SANDBOX_POLL_MS,
  });
  const refetch = useCallback(() => {
    if (phone) void client.invalidateQueries({ queryKey: sandboxKeys.messages(phone) });
  }, [client, phone]);
  useSandboxSocket(phone, refetch);
  return { messages, refetch };
}

/** Sends a text (words, a picture or both) from the simulated `phone` to `teamNumber`; `onSent` runs once the sandbox took it. */
export function useSendFromPhone(phone: string | null, teamNumber: string | undefined, onSent: () => void) {
  return useMutation({
    mutationFn: (text: { body: string; picture?: PhonePicture }) =>
      sendFromPhone(phone!, teamNumber!, text.body, text.picture),
    onSuccess: onSent,
  });
}
