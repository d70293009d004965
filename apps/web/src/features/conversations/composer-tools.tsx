import { ActionIcon, FileButton, Tooltip } from '@mantine/core';
import { IconFileUpload, IconLock, IconPaperclip } from '@tabler/icons-react';
import { useIntl } from 'react-intl';

/** Props of {@link AttachButton}. */
export interface AttachButtonProps {
  /** Called with the files chosen (several at once). */
  onAttach: (files: File[]) => void;
  disabled?: boolean;
}

/** The composer's paperclip: chooses files to send as a multimedia message (docs/behaviour/attachments.md). */
export function AttachButton({ onAttach, disabled = false }: AttachButtonProps) {
  const intl = useIntl();
  const label = intl.formatMessage({ id: 'attachments.attach' });
  return (
    <FileButton onChange={onAttach} multiple disabled={disabled}>
      {(props) => (
        <Tooltip label={label}>
          <ActionIcon
            {...props}
            size={36}
            radius="md"
            variant="subtle"
            aria-label={label}
            disabled={disabled}
          >
            <IconPaperclip size={18} />
          </ActionIcon>
        </Tooltip>
      )}
    </FileButton>
  );
}

/** Props of {@link SecureFileButtons}. */
export interface SecureFileButtonsProps {
  /** Called with the dialog to open: send a secure file, or ask the contact for one. */
  onOpen: (kind: 'file' | 'request') => void;
  disabled?: boolean;
}

/** The composer's two secure file actions (docs/behaviour/secure-files.md): send a file, ask for one. */
export function SecureFileButtons({ onOpen, disabled = false }: SecureFileButtonsProps) {
  const intl = useIntl();
  return (['file', 'request'] as const).map((kind) => {
    const label = intl.formatMessage({ id: `conversations.composer.secure.${kind}` });
    return (
      <Tooltip key={kind} label={label}>
        <ActionIcon
          size={36}
          radius="md"
          variant="subtle"
          aria-label={label}
          disabled={disabled}
          onClick={() => onOpen(kind)}
          data-testid={`composer-secure-${kind}`}
        >
          {kind === 'file' ? <IconLock size={18} /> : <IconFileUpload size={18} />}
        </ActionIcon>
      </Tooltip>
    );
  });
}
