import { POST_LOCALES, type PostLocale } from '@accueil/domain';
import { Alert, Center, Container, Group, Image, Loader, Paper, Stack, Text } from '@mantine/core';
import { useIntl } from 'react-intl';
import { useParams, useSearchParams } from 'react-router';
import { PostReader } from './post-reader';
import { usePublicPost } from './use-library';

/**
 * The public page of a published post, `/p/:clinicId/:postId[?locale=]` (docs/behaviour/library.md,
 * "The public page"): no sign-in, no navigation; the clinic's logo and name, then the post. A
 * draft or a wrong link shows "not found".
 */
export function PublicPostScreen() {
  const intl = useIntl();
  const { clinicId = '', postId = '' } = useParams();
  const [params] = useSearchParams();
  const asked = params.get('locale');
  const locale = (POST_LOCALES as readonly string[]).includes(asked ?? '')
    ? (asked as PostLocale)
    : undefined;
  const page = usePublicPost(clinicId, postId, locale);
  return (
    <Container size={760} py="xl" component="main">
      {page.isPending && (
        <Center>
          <Loader aria-label={intl.formatMessage({ id: 'common.loading' })} />
        </Center>
      )}
      {page.isError && <Alert color="gray">{intl.formatMessage({ id: 'library.public.notFound' })}</Alert>}
      {page.data && (
        <Stack gap="lg">
          <Group gap="sm" component="header">
            {page.data.clinic.logoUrl && (
              <Image src={page.data.clinic.logoUrl} alt="" h={48} w={48} fit="contain" radius="sm" />
            )}
            <Text fw={600} size="lg">
              {page.data.clinic.name}
            </Text>
          </Group>
          <Paper withBorder radius="md" p="lg">
            <PostReader post={{ ...page.data.post, sections: page.data.sections }} />
          </Paper>
        </Stack>
      )}
    </Container>
  );
}
