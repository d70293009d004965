import {
  POST_LOCALES,
  POST_MATERIAL_NUMBERS,
  POST_TYPES,
  postTypeOfMaterial,
  type Post,
  type PostLocale,
  type PostSearchQuery,
} from '@accueil/domain';
import {
  Alert,
  Anchor,
  Badge,
  Button,
  Card,
  Group,
  Loader,
  MultiSelect,
  SegmentedControl,
  Select,
  Stack,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { IconArrowLeft, IconPencil, IconPlus, IconSearch } from '@tabler/icons-react';
import { useMemo, useState } from 'react';
import { useIntl } from 'react-intl';
import { Link, Navigate, useNavigate, useParams, useSearchParams } from 'react-router';
import { ApiError } from '../../lib/api';
import { useSession } from '../../lib/session';
import { readsEveryPost, useDebounced } from './library-helpers';
import { PostReader } from './post-reader';
import { usePost, usePostSearch } from './use-library';

/** Search starts at 3 characters (spec §5); shorter words list everything. */
const SEARCH_MIN_CHARS = 3;

/** The interface locale as a post locale (the library's are the interface's three). */
export function usePostLocale(): PostLocale {
  const { locale } = useIntl();
  return (POST_LOCALES as readonly string[]).includes(locale) ? (locale as PostLocale) : 'fr-CA';
}

/** One post of the list: title, summary, badges (draft, catalogue, locales), opened with a link. */
function PostCard({ post, href }: { post: Post; href: string }) {
  const intl = useIntl();
  return (
    <Card withBorder radius="md" padding="md" component="li">
      <Group justify="space-between" align="flex-start" wrap="nowrap">
        <Stack gap={4} style={{ minWidth: 0 }}>
          <Anchor component={Link} to={href} fw={600}>
            {post.title}
          </Anchor>
          {post.short && (
            <Text size="sm" c="dimmed" lineClamp={2}>
              {post.short}
            </Text>
          )}
        </Stack>
        <Group gap={6} wrap="nowrap">
          {post.draft && (
            <Badge color="orange" variant="light">
              {intl.formatMessage({ id: 'library.draft' })}
            </Badge>
          )}
          {post.clinic === null && (
            <Badge color="gray" variant="light">
              {intl.formatMessage({ id: 'library.catalogue' })}
            </Badge>
          )}
          {post.locales.map((l) => (
            <Badge
              key={l}
              variant="outline"
              radius="sm"
              aria-label={intl.formatMessage({ id: `library.locale.${l}` })}
            >
              {l}
            </Badge>
          ))}
        </Group>
      </Group>
    </Card>
  );
}

/** The read view of one post (`?post=<id>`), with a way back to the list. */
function PostView({
  id,
  locale,
  back,
  writes,
}: {
  id: string;
  locale: PostLocale;
  back: string;
  writes: boolean;
}) {
  const intl = useIntl();
  const [asked, setAsked] = useState<PostLocale | undefined>(locale);
  const query = usePost(id, asked);
  const post = query.data;
  return (
    <Stack gap="md" maw={820} p="lg">
      <Group justify="space-between">
        <Button component={Link} to={back} variant="subtle" leftSection={<IconArrowLeft size={16} />}>
          {intl.formatMessage({ id: 'library.backToList' })}
        </Button>
        {writes && post && (
          <Button
            component={Link}
            to={`/content-management/edit/${POST_MATERIAL_NUMBERS[post.type]}/${post.id}`}
            leftSection={<IconPencil size={16} />}
          >
            {intl.formatMessage({ id: 'library.edit' })}
          </Button>
        )}
        {post && post.locales.length > 1 && (
          <SegmentedControl
            aria-label={intl.formatMessage({ id: 'library.readIn' })}
            value={post.locale}
            onChange={(v) => setAsked(v)}
            data={post.locales.map((l) => ({
              value: l,
              label: intl.formatMessage({ id: `library.locale.${l}` }),
            }))}
          />
        )}
      </Group>
      {query.isPending && <Loader size="sm" aria-label={intl.formatMessage({ id: 'common.loading' })} />}
      {query.isError && (
        <Alert color="red">
          {query.error instanceof ApiError && query.error.code === 'not-found' && asked
            ? intl.formatMessage({ id: 'library.notInLocale' })
            : intl.formatMessage({ id: 'library.notFound' })}
        </Alert>
      )}
      {query.isError && asked && (
        <Button variant="light" w="fit-content" onClick={() => setAsked(undefined)}>
          {intl.formatMessage({ id: 'library.readAnyLocale' })}
        </Button>
      )}
      {post && <PostReader post={post} showPrivateNotes />}
    </Stack>
  );
}

/**
 * The library at `/material/:type` (the menu's libraries → `/material/2`; docs/behaviour/library.md):
 * the posts of one type the user may read, searched by words (≥ 3 characters), filtered by
 * locale and services; `?post=<id>` shows one post. What a user sees is the server's rule.
 */
export function LibraryScreen() {
  const intl = useIntl();
  const navigate = useNavigate();
  const params = useParams();
  const [searchParams] = useSearchParams();
  const { context } = useSession();
  const type = postTypeOfMaterial(Number(params.type));
  const interfaceLocale = usePostLocale();
  const [locale, setLocale] = useState<PostLocale>(interfaceLocale);
  const [words, setWords] = useState('');
  const [services, setServices] = useState<string[]>([]);
  const debounced = useDebounced(words.trim(), 300);
  const marketing = readsEveryPost(context?.user.role);
  const organizationId = context?.organization.id ?? '';
  const query: PostSearchQuery = {
    type: type ?? undefined,
    locale,
    ...(debounced.length >= SEARCH_MIN_CHARS ? { q: debounced } : {}),
    ...(services.length ? { services: services.join(',') } : {}),
    ...(marketing ? { showAll: 'true' as const } : { draft: 'false' as const, clinic: organizationId }),
  };
  const search = usePostSearch(query, type !== null && organizationId !== '');
  const serviceOptions = useMemo(
    () => [...new Set([...(search.data ?? []).flatMap((p) => p.services), ...services])].sort(),
    [search.data, services],
  );
  if (type === null) return <Navigate to={`/material/${POST_MATERIAL_NUMBERS.document}`} replace />;
  const openId = searchParams.get('post');
  const listPath = `/material/${POST_MATERIAL_NUMBERS[type]}`;
  if (openId) return <PostView id={openId} locale={locale} back={listPath} writes={marketing} />;

  const tooMany = search.error instanceof ApiError && search.error.code === 'search-too-many-results';
  return (
    <Stack gap="md" maw={980} p="lg">
      <Group justify="space-between">
        <Title order={1} fz={26}>
          {intl.formatMessage({ id: 'library.title' })}
        </Title>
        {marketing && (
          <Button
            component={Link}
            to={`/content-management/create/${POST_MATERIAL_NUMBERS[type]}`}
            leftSection={<IconPlus size={16} />}
          >
            {intl.formatMessage({ id: `library.create.${type}` })}
          </Button>
        )}
      </Group>
      <SegmentedControl
        aria-label={intl.formatMessage({ id: 'library.types' })}
        value={type}
        onChange={(v) => navigate(`/material/${POST_MATERIAL_NUMBERS[v]}`)}
        data={POST_TYPES.map((t) => ({ value: t, label: intl.formatMessage({ id: `library.type.${t}` }) }))}
        w="fit-content"
      />
      <Group align="flex-end" gap="sm">
        <TextInput
          style={{ flex: 1, minWidth: 240 }}
          label={intl.formatMessage({ id: 'library.search' })}
          description={intl.formatMessage({ id: 'library.searchHint' })}
          leftSection={<IconSearch size={16} />}
          value={words}
          onChange={(e) => setWords(e.currentTarget.value)}
          type="search"
        />
        <Select
          label={intl.formatMessage({ id: 'library.localeFilter' })}
          value={locale}
          onChange={(v) => v && setLocale(v)}
          data={POST_LOCALES.map((l) => ({
            value: l,
            label: intl.formatMessage({ id: `library.locale.${l}` }),
          }))}
          allowDeselect={false}
          w={200}
        />
        <MultiSelect
          label={intl.formatMessage({ id: 'library.servicesFilter' })}
          data={serviceOptions}
          value={services}
          onChange={setServices}
          clearable
          w={240}
          nothingFoundMessage={intl.formatMessage({ id: 'library.noServices' })}
        />
      </Group>
      {search.isPending && <Loader size="sm" aria-label={intl.formatMessage({ id: 'common.loading' })} />}
      {search.isError && (
        <Alert color={tooMany ? 'yellow' : 'red'} role="status">
          {intl.formatMessage({ id: tooMany ? 'error.search-too-many-results' : 'common.loadFailed' })}
        </Alert>
      )}
      {search.data && search.data.length === 0 && (
        <Text c="dimmed">{intl.formatMessage({ id: 'library.empty' })}</Text>
      )}
      {search.data && search.data.length > 0 && (
        <Stack
          gap="xs"
          component="ul"
          p={0}
          m={0}
          style={{ listStyle: 'none' }}
          aria-label={intl.formatMessage({ id: `library.type.${type}` })}
        >
          {search.data.map((post) => (
            <PostCard key={post.id} post={post} href={`${listPath}?post=${post.id}`} />
          ))}
        </Stack>
      )}
    </Stack>
  );
}
