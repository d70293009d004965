import { Alert, Anchor, Button, Container, Loader, Stack, Text, Title } from '@mantine/core';
import { IconArrowLeft } from '@tabler/icons-react';
import { useIntl } from 'react-intl';
import { Link, useParams } from 'react-router';
import { useSession } from '../../lib/session';
import { readsEveryPost } from './library-helpers';
import { usePostLocale } from './library-screen';
import { PostReader } from './post-reader';
import { useConsultationAccess, usePost, usePostSearch } from './use-library';

/** One consultation, full screen. */
function Consultation({ id }: { id: string }) {
  const intl = useIntl();
  const post = usePost(id);
  return (
    <Stack gap="md">
      <Button
        component={Link}
        to="/consultations"
        variant="subtle"
        w="fit-content"
        leftSection={<IconArrowLeft size={16} />}
      >
        {intl.formatMessage({ id: 'library.consultations.back' })}
      </Button>
      {post.isPending && <Loader size="sm" aria-label={intl.formatMessage({ id: 'common.loading' })} />}
      {post.isError && <Alert color="red">{intl.formatMessage({ id: 'library.notFound' })}</Alert>}
      {post.data && <PostReader post={post.data} showPrivateNotes />}
    </Stack>
  );
}

/** The consultations of the organisation and of the catalogue, to open one. */
function ConsultationList() {
  const intl = useIntl();
  const { context } = useSession();
  const locale = usePostLocale();
  const marketing = readsEveryPost(context?.user.role);
  const search = usePostSearch({
    type: 'consultation',
    locale,
    ...(marketing
      ? { showAll: 'true' as const }
      : { draft: 'false' as const, clinic: context?.organization.id }),
  });
  if (search.isPending) return <Loader size="sm" aria-label={intl.formatMessage({ id: 'common.loading' })} />;
  if (search.isError) return <Alert color="red">{intl.formatMessage({ id: 'common.loadFailed' })}</Alert>;
  if (search.data.length === 0) return <Text c="dimmed">{intl.formatMessage({ id: 'library.empty' })}</Text>;
  return (
    <Stack gap="xs" component="ul" p={0} m={0} style={{ listStyle: 'none' }}>
      {search.data.map((post) => (
        <li key={post.id}>
          <Anchor component={Link} to={`/consultations/${post.id}`} fw={600}>
            {post.title}
          </Anchor>
          {post.short && (
            <Text size="sm" c="dimmed">
              {post.short}
            </Text>
          )}
        </li>
      ))}
    </Stack>
  );
}

/**
 * `/consultations/:id?` (spec §2: no navigation or menu): the consultations, or one of them, for
 * the organisations on the configured list (`CONSULTATION_ORGANIZATION_IDS`); others are told
 * it is not offered to them. Docs: docs/behaviour/library.md, "Consultations".
 */
export function ConsultationsScreen() {
  const intl = useIntl();
  const { id } = useParams();
  const access = useConsultationAccess();
  return (
    <Container size={820} py="lg" component="main">
      <Stack gap="md">
        <Title order={1} fz={26}>
          {intl.formatMessage({ id: 'library.consultations.title' })}
        </Title>
        {access.isPending && <Loader size="sm" aria-label={intl.formatMessage({ id: 'common.loading' })} />}
        {access.data?.enabled === false && (
          <Alert color="gray">{intl.formatMessage({ id: 'library.consultations.notOffered' })}</Alert>
        )}
        {access.data?.enabled && (id ? <Consultation id={id} /> : <ConsultationList />)}
      </Stack>
    </Container>
  );
}
