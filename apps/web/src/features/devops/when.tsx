import { Text } from '@mantine/core';
import { FormattedDate } from 'react-intl';
import classes from './devops.module.css';

/** A date and time in the interface's language. */
export function When({ iso }: { iso: string | null }) {
  if (!iso)
    return (
      <Text span c="dimmed">
        —
      </Text>
    );
  return (
    <span className={classes.nowrap}>
      <FormattedDate value={iso} dateStyle="medium" timeStyle="short" />
    </span>
  );
}
