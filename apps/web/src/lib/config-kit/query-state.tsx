import { Alert, Loader } from '@mantine/core';
import { IconInfoCircle } from '@tabler/icons-react';
import type { UseQueryResult } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { useIntl } from 'react-intl';

/**
 * What a configuration screen shows until its data is there: a small loader while the query is
 * pending, a red alert (`errorText`, default "loading failed") when it failed, else `children`
 * given the data.
 */
export function QueryState<T>({
  query,
  errorText,
  children,
}: {
  query: Pick<UseQueryResult<T>, 'isPending' | 'isError' | 'data'>;
  errorText?: ReactNode;
  /** What the data shows as; nothing when the caller only wants the waiting and failure states. */
  children?: (data: T) => ReactNode;
}) {
  const intl = useIntl();
  if (query.isPending) return <Loader size="sm" aria-label={intl.formatMessage({ id: 'common.loading' })} />;
  if (query.isError || query.data === undefined)
    return (
      <Alert color="red" icon={<IconInfoCircle size={18} />}>
        {errorText ?? intl.formatMessage({ id: 'common.loadFailed' })}
      </Alert>
    );
  return <>{children?.(query.data)}</>;
}
