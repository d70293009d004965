import { COMMUNICATION_TOKEN_KEYS } from '@accueil/domain';
import { Accordion, Paper, Stack, Text, TextInput, Title } from '@mantine/core';
import { IconSearch } from '@tabler/icons-react';
import { useState } from 'react';
import { useIntl } from 'react-intl';
import { faqMatches, FAQ_TOPICS, type FaqEntry } from './faq-entries';

/**
 * /faq: the answers to the questions staff ask most, by topic (`FAQ_TOPICS`), in the interface
 * language; a search box keeps the entries holding every word typed (accents and case ignored)
 * and opens them; the number of answers is announced to screen readers.
 */
export function FaqScreen() {
  const intl = useIntl();
  const t = (id: string, values?: Record<string, string | number>) =>
    intl.formatMessage({ id: `help.faq.${id}` }, values);
  const [search, setSearch] = useState('');
  const term = search.trim();
  const tokens = intl.formatList(
    COMMUNICATION_TOKEN_KEYS.map((k) => `{{${k}}}`),
    { type: 'conjunction' },
  );
  const topics = FAQ_TOPICS.map(({ topic, entries }) => ({
    topic,
    entries: entries
      .map((id): FaqEntry => ({ id, question: t(`q.${id}`), answer: t(`a.${id}`, { tokens }) }))
      .filter((entry) => faqMatches(entry, term)),
  })).filter((group) => group.entries.length > 0);
  const count = topics.reduce((n, group) => n + group.entries.length, 0);

  return (
    <Stack p="lg" gap="lg" maw={880}>
      <Stack gap={4}>
        <Title order={1} size="h2">
          {t('title')}
        </Title>
        <Text c="dimmed">{t('intro')}</Text>
      </Stack>
      <TextInput
        label={t('search')}
        placeholder={t('searchPlaceholder')}
        leftSection={<IconSearch size={16} />}
        value={search}
        onChange={(e) => setSearch(e.currentTarget.value)}
        maw={440}
        type="search"
      />
      <Text size="sm" c="dimmed" aria-live="polite" data-testid="faq-count">
        {term === '' ? '' : t('results', { count })}
      </Text>
      {count === 0 ? (
        <Paper withBorder p="lg" radius="md">
          <Text>{t('noResult', { term })}</Text>
        </Paper>
      ) : (
        topics.map((group) => (
          <Stack key={group.topic} gap="xs" component="section" aria-labelledby={`faq-topic-${group.topic}`}>
            <Title order={2} size="h4" id={`faq-topic-${group.topic}`}>
              {t(`topic.${group.topic}`)}
            </Title>
            {/* Keyed by the search: a new search opens its matches; browsing starts closed. */}
            <Accordion
              key={term}
              multiple
              variant="separated"
              radius="md"
              defaultValue={term === '' ? [] : group.entries.map((e) => e.id)}
            >
              {group.entries.map((entry) => (
                <Accordion.Item key={entry.id} value={entry.id} data-testid={`faq-${entry.id}`}>
                  <Accordion.Control>
                    <Text fw={500}>{entry.question}</Text>
                  </Accordion.Control>
                  <Accordion.Panel>
                    <Text size="sm" lh={1.6}>
                      {entry.answer}
                    </Text>
                  </Accordion.Panel>
                </Accordion.Item>
              ))}
            </Accordion>
          </Stack>
        ))
      )}
    </Stack>
  );
}
