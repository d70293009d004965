import type { CommunicationTemplate, ContentLocale } from '@accueil/domain';
import { Select } from '@mantine/core';
import { useIntl } from 'react-intl';
import { useCommunicationTemplates } from './use-quick-messages';

/**
 * "Start from a template": the SMS templates of the organisation's sector in the quick message's
 * locale (docs/behaviour/quick-messages.md, "Communication templates"). Choosing one hands it to
 * `onChoose`, which puts its title and text in the form (what was typed is replaced).
 */
export function TemplateStarter({
  locale,
  onChoose,
}: {
  locale: ContentLocale;
  onChoose: (template: CommunicationTemplate) => void;
}) {
  const intl = useIntl();
  const templates = useCommunicationTemplates(locale);
  const list = templates.data ?? [];
  return (
    <Select
      label={intl.formatMessage({ id: 'quickMessages.startFromTemplate' })}
      description={intl.formatMessage({ id: 'quickMessages.startFromTemplateHint' })}
      placeholder={intl.formatMessage({
        id: templates.isError ? 'quickMessages.templatesUnavailable' : 'quickMessages.chooseTemplate',
      })}
      disabled={templates.isError}
      searchable
      clearable={false}
      // A sector has about ten templates: the list shows them all rather than in a scroll area
      // that the keyboard cannot reach (axe scrollable-region-focusable; the arrows move the choice).
      withScrollArea={false}
      value={null}
      nothingFoundMessage={intl.formatMessage({ id: 'quickMessages.noTemplate' })}
      data={list.map((t) => ({ value: t.id, label: t.title }))}
      onChange={(id) => {
        const chosen = list.find((t) => t.id === id);
        if (chosen) onChoose(chosen);
      }}
    />
  );
}
