import { Anchor, Stack, Text, Title } from '@mantine/core';
import type { ReactNode } from 'react';
import { FormattedMessage } from 'react-intl';
import { Link } from 'react-router';
import { Wordmark } from '../../components/wordmark';
import classes from '../login/login.module.css';

/**
 * The frame of the pages reached without a session (the login page's look): the wordmark, a
 * card with `title` and `intro`, the content, and a way back to the login page (unless
 * `toLogin` is false: a contact's page, which has no navigation at all).
 */
export function PublicCard({
  title,
  intro,
  children,
  toLogin = true,
}: {
  title: ReactNode;
  intro?: ReactNode;
  children: ReactNode;
  toLogin?: boolean;
}) {
  return (
    <main className={classes.page}>
      <div className={classes.column}>
        <Wordmark size={44} />
        <div className={classes.card}>
          <Stack gap="lg">
            <div>
              <Title order={1} fz={24} fw={650}>
                {title}
              </Title>
              {intro && (
                <Text c="dimmed" size="sm" mt={4}>
                  {intro}
                </Text>
              )}
            </div>
            {children}
          </Stack>
        </div>
        {toLogin && (
          <Anchor component={Link} to="/login" size="sm" fw={500}>
            <FormattedMessage id="passwords.backToLogin" />
          </Anchor>
        )}
      </div>
    </main>
  );
}
