import { passwordIssues, type PasswordIssue } from '@accueil/domain';
import { List, Text, ThemeIcon, VisuallyHidden } from '@mantine/core';
import { IconCheck, IconPoint } from '@tabler/icons-react';
import { FormattedMessage, useIntl } from 'react-intl';

/** Every password rule, in the order the server checks them. */
export const PASSWORD_RULES: readonly PasswordIssue[] = [
  'password-length',
  'lowercase',
  'uppercase',
  'digit',
  'special-character',
];

/**
 * The password rules as a list that ticks each one off while the password is typed (the same
 * rules the server applies). `id` names it for the field's `aria-describedby`.
 */
export function PasswordRules({ password, id }: { password: string; id: string }) {
  const intl = useIntl();
  const broken = new Set(passwordIssues(password));
  return (
    <div id={id}>
      <Text size="sm" c="dimmed" mb={4}>
        <FormattedMessage id="passwords.reset.rules" />
      </Text>
      <List spacing={2} size="sm" center data-testid="password-rules">
        {PASSWORD_RULES.map((rule) => {
          const met = password.length > 0 && !broken.has(rule);
          return (
            <List.Item
              key={rule}
              data-met={met}
              icon={
                <ThemeIcon
                  size={18}
                  radius="xl"
                  color={met ? 'teal' : 'gray'}
                  variant={met ? 'filled' : 'light'}
                  aria-hidden
                >
                  {met ? <IconCheck size={12} /> : <IconPoint size={12} />}
                </ThemeIcon>
              }
            >
              <Text size="sm" c={met ? 'teal.9' : 'gray.7'} span>
                <FormattedMessage id={`passwords.rule.${rule}`} />
              </Text>
              <VisuallyHidden>
                {' '}
                ({intl.formatMessage({ id: met ? 'passwords.rule.met' : 'passwords.rule.unmet' })})
              </VisuallyHidden>
            </List.Item>
          );
        })}
      </List>
    </div>
  );
}
