import type { Post } from '@accueil/domain';
import { Alert, Button, Loader, Modal, ScrollArea, Stack, Text, TextInput } from '@mantine/core';
import { useState } from 'react';
import { useIntl } from 'react-intl';
import { ApiError } from '../../lib/api';
import { notifyError } from '../../lib/notify';
import { useSession } from '../../lib/session';
import { readsEveryPost, useDebounced } from './library-helpers';
import { usePostLocale } from './library-screen';
import { createPostLink, usePostSearch } from './use-library';

/**
 * The composer's "send a post" picker (docs/behaviour/library.md, "Sending a post"): the
 * published posts the user may send, searched by words (≥ 3 characters); choosing one gets the
 * short link of its public page and hands it to `onChoose`, to go into the text being written.
 */
export default function PostPicker({
  opened,
  onClose,
  onChoose,
}: {
  opened: boolean;
  onClose: () => void;
  onChoose: (shortUrl: string) => void;
}) {
  const intl = useIntl();
  const { context } = useSession();
  const locale = usePostLocale();
  const [words, setWords] = useState('');
  const debounced = useDebounced(words.trim(), 300);
  const [sending, setSending] = useState<string | null>(null);
  const marketing = readsEveryPost(context?.user.role);
  const search = usePostSearch({
    locale,
    draft: 'false',
    ...(debounced.length >= 3 ? { q: debounced } : {}),
    ...(marketing ? {} : { clinic: context?.organization.id }),
  });
  const choose = async (post: Post) => {
    setSending(post.id);
    try {
      const link = await createPostLink(post.id, post.locale);
      onChoose(link.shortUrl);
    } catch (error) {
      notifyError(error);
    } finally {
      setSending(null);
    }
  };
  const tooMany = search.error instanceof ApiError && search.error.code === 'search-too-many-results';
  return (
    <Modal
      opened={opened}
      onClose={onClose}
      title={intl.formatMessage({ id: 'library.picker.title' })}
      size="lg"
    >
      <Stack gap="sm">
        <TextInput
          data-autofocus
          type="search"
          label={intl.formatMessage({ id: 'library.search' })}
          description={intl.formatMessage({ id: 'library.searchHint' })}
          value={words}
          onChange={(e) => setWords(e.currentTarget.value)}
        />
        {search.isPending && <Loader size="sm" aria-label={intl.formatMessage({ id: 'common.loading' })} />}
        {search.isError && (
          <Alert color={tooMany ? 'yellow' : 'red'}>
            {intl.formatMessage({ id: tooMany ? 'error.search-too-many-results' : 'common.loadFailed' })}
          </Alert>
        )}
        {search.data?.length === 0 && <Text c="dimmed">{intl.formatMessage({ id: 'library.empty' })}</Text>}
        <ScrollArea.Autosize mah={360}>
          <Stack gap={4}>
            {search.data?.map((post) => (
              <Button
                key={post.id}
                variant="subtle"
                justify="flex-start"
                loading={sending === post.id}
                onClick={() => void choose(post)}
                aria-label={intl.formatMessage({ id: 'library.picker.send' }, { title: post.title })}
              >
                {post.title}
              </Button>
            ))}
          </Stack>
        </ScrollArea.Autosize>
      </Stack>
    </Modal>
  );
}
