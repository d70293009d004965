import { ActionIcon, Loader, Tooltip } from '@mantine/core';
import { IconBooks } from '@tabler/icons-react';
import { lazy, Suspense } from 'react';
import { useIntl } from 'react-intl';

// Loaded when first opened: the inbox's first load carries neither the picker nor the library's schemas.
const PostPicker = lazy(() => import('../library/post-picker'));

/** The composer's "send a post" button, which opens the library's picker. */
export function PostLinkButton({ onOpen, disabled }: { onOpen: () => void; disabled?: boolean }) {
  const intl = useIntl();
  const label = intl.formatMessage({ id: 'conversations.composer.sendPost' });
  return (
    <Tooltip label={label}>
      <ActionIcon
        size={36}
        radius="md"
        variant="light"
        aria-label={label}
        onClick={onOpen}
        disabled={disabled}
        aria-haspopup="dialog"
      >
        <IconBooks size={18} />
      </ActionIcon>
    </Tooltip>
  );
}

/** The picker, fetched on its first opening; `onChoose` gets the short link of the chosen post's page. */
export function LazyPostPicker(props: {
  opened: boolean;
  onClose: () => void;
  onChoose: (shortUrl: string) => void;
}) {
  if (!props.opened) return null;
  return (
    <Suspense fallback={<Loader size="xs" />}>
      <PostPicker {...props} />
    </Suspense>
  );
}
