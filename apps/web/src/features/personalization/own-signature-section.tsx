import { emailEndpoints, SIGNATURE_MODES, type OwnSignature, type UserSignature } from '@accueil/domain';
import { Button, Group, Loader, SegmentedControl, Select, Stack, Text, Textarea } from '@mantine/core';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { api } from '../../lib/endpoint-client';
import { notifyError, notifySuccess } from '../../lib/notify';
import { confirmReplaceSignature, SignatureText } from '../configuration/users/signature-preview';

const ownSignatureKey = ['own-signature'] as const;
const CONTENT_MAX = 5000;

/**
 * The text a reply will end with after `-- ` for `draft`, by the server's rule: the clinic and
 * user modes' texts come from the server (`texts`), a personalised one is the text as typed.
 */
export function signatureShown(draft: UserSignature, texts: OwnSignature['texts']): string {
  switch (draft.mode) {
    case 'no-signature':
      return '';
    case 'clinic':
    case 'user':
      return texts[draft.mode];
    case 'personalized-signature':
      return draft.content.trim();
  }
}

/**
 * Personalisation's "E-mail signature" (docs/behaviour/email.md, "Your own signature"): every
 * user chooses how their e-mail replies are signed — none, the clinic's, built from their
 * details, or a text of their own (which may start from either template, replacing what was
 * written after a confirmation) — with the signature shown as replies will carry it, and saves
 * it (`PUT /api/users/me/signature`).
 */
export function OwnSignatureSection() {
  const intl = useIntl();
  const t = (id: string) => intl.formatMessage({ id });
  const client = useQueryClient();
  const query = useQuery({
    queryKey: ownSignatureKey,
    queryFn: ({ signal }) => api.call(emailEndpoints.ownSignature, { signal }),
  });
  const [draft, setDraft] = useState<UserSignature | null>(null);
  const save = useMutation({
    mutationFn: (body: UserSignature) => api.call(emailEndpoints.setOwnSignature, { body }),
    onSuccess: (saved) => {
      client.setQueryData(ownSignatureKey, saved);
      setDraft(null);
      notifySuccess(t('personalization.signature.saved'));
    },
    onError: (error) => notifyError(error),
  });

  if (!query.data) {
    return query.isError ? (
      <Text size="sm" c="red" role="alert">
        <FormattedMessage id="personalization.signature.loadFailed" />
      </Text>
    ) : (
      <Loader size="sm" aria-label={t('personalization.signature.loading')} />
    );
  }
  const saved = query.data;
  const current = draft ?? { mode: saved.mode, content: saved.content };
  const edit = (next: Partial<UserSignature>) => setDraft({ ...current, ...next });
  const shown = signatureShown(current, saved.texts);
  const tooLong = current.content.length > CONTENT_MAX;

  async function startFrom(kind: string | null) {
    if (kind !== 'clinic' && kind !== 'user') return;
    if (!(await confirmReplaceSignature(current.content))) return;
    edit({ content: saved.texts[kind] });
  }

  return (
    <Stack gap="sm">
      <Text size="sm" c="dimmed">
        <FormattedMessage id="personalization.signature.help" />
      </Text>
      <SegmentedControl
        aria-labelledby="personalization-signature"
        value={current.mode}
        onChange={(mode) => edit({ mode: mode })}
        data={SIGNATURE_MODES.map((m) => ({ value: m, label: t(`teamsUsers.signature.${m}`) }))}
        style={{ alignSelf: 'flex-start' }}
      />
      {current.mode === 'personalized-signature' ? (
        <>
          <Select
            label={t('teamsUsers.signature.template')}
            placeholder={t('teamsUsers.signature.templatePlaceholder')}
            data={[
              { value: 'clinic', label: t('teamsUsers.signature.clinic') },
              { value: 'user', label: t('teamsUsers.signature.user') },
            ]}
            value={null}
            onChange={(v) => void startFrom(v)}
            maw={320}
          />
          <Textarea
            label={t('teamsUsers.signature.content')}
            autosize
            minRows={3}
            maxRows={8}
            value={current.content}
            onChange={(e) => edit({ content: e.currentTarget.value })}
            error={
              tooLong
                ? intl.formatMessage({ id: 'personalization.signature.tooLong' }, { max: CONTENT_MAX })
                : undefined
            }
          />
        </>
      ) : (
        <Text size="sm" c="dimmed">
          <FormattedMessage id={`teamsUsers.signature.${current.mode}.hint`} />
        </Text>
      )}
      <SignatureText text={shown} testId="own-signature-preview" />
      <Group justify="flex-end" gap="sm">
        {draft && (
          <Button variant="default" onClick={() => setDraft(null)} disabled={save.isPending}>
            <FormattedMessage id="personalization.signature.cancel" />
          </Button>
        )}
        <Button onClick={() => save.mutate(current)} loading={save.isPending} disabled={!draft || tooLong}>
          <FormattedMessage id="personalization.signature.save" />
        </Button>
      </Group>
    </Stack>
  );
}
