import { useCallback } from 'react';
import { useSearchParams } from 'react-router';
import type { ConfigurationTab } from './configuration-tabs';

/**
 * The spec's own addresses of a tab, `configTab` and `tab` as its links write them → our tab's
 * key: the e-mail-disconnected dialog's reconnect goes to "tab 2, sub-tab 1" (spec shell §2,
 * setup §2), the e-mail connection, whatever the position of that tab for this session.
 */
const SPEC_ADDRESSES: { configTab: string; tab: string; key: string }[] = [
  { configTab: '2', tab: '1', key: 'email' },
];

/**
 * The tab `configTab` (with the sub-tab `tab`) names among `tabs`: a spec address
 * (`SPEC_ADDRESSES`), else by key, or by 1-based position; else the first. Null when `tabs` is empty.
 */
export function selectConfigurationTab(
  tabs: readonly ConfigurationTab[],
  configTab: string | null,
  tab: string | null = null,
): ConfigurationTab | null {
  if (tabs.length === 0) return null;
  const spec = SPEC_ADDRESSES.find((a) => a.configTab === configTab && a.tab === tab);
  const bySpec = spec && tabs.find((t) => t.key === spec.key);
  if (bySpec) return bySpec;
  if (configTab) {
    const byKey = tabs.find((t) => t.key === configTab);
    if (byKey) return byKey;
    const position = /^\d+$/.test(configTab) ? Number(configTab) : NaN;
    if (position >= 1 && position <= tabs.length) return tabs[position - 1] ?? null;
  }
  return tabs[0] ?? null;
}

/**
 * The sub-tab of the current configuration tab, kept in the `tab` query parameter so a link
 * (or the back button) opens it again. `fallback` when the URL names none.
 */
export function useConfigurationSubTab<T extends string>(fallback: T): [T | string, (next: string) => void] {
  const [params, setParams] = useSearchParams();
  const value = params.get('tab') ?? fallback;
  const set = useCallback(
    (next: string) =>
      setParams(
        (prev) => {
          const copy = new URLSearchParams(prev);
          copy.set('tab', next);
          return copy;
        },
        { replace: true },
      ),
    [setParams],
  );
  return [value, set];
}
