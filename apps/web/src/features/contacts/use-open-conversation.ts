import { useNavigate } from 'react-router';
import { notifyError } from '../../lib/notify';
import { createConversation, lookupPhone } from '../conversations/api';

/**
 * Opens the current team's conversation with `phone` (E.164), starting it when there is none:
 * a contact's "conversation" button.
 */
export function useOpenConversation(): (phone: string) => Promise<void> {
  const navigate = useNavigate();
  return async (phone) => {
    try {
      const found = await lookupPhone(phone);
      const conversation = found.conversation ?? (await createConversation({ to: phone }));
      await navigate(`/conversations/${conversation.sid}`);
    } catch (error) {
      notifyError(error);
    }
  };
}
