import { useEffect, useMemo, useRef } from 'react';

/** An object URL for a Blob, revoked when it changes or the component goes. */
function useObjectUrl(blob: Blob | null): string | null {
  const url = useMemo(() => (blob ? URL.createObjectURL(blob) : null), [blob]);
  useEffect(
    () => () => {
      if (url) URL.revokeObjectURL(url);
    },
    [url],
  );
  return url;
}

/** An audio player that starts once its source is set (after a click: browsers allow it then); nothing without a blob. */
export function AudioPlayer({ blob, label }: { blob: Blob | null; label: string }) {
  const url = useObjectUrl(blob);
  const ref = useRef<HTMLAudioElement>(null);
  useEffect(() => {
    if (url) ref.current?.play().catch(() => undefined);
  }, [url]);
  if (!url) return null;
  return <audio ref={ref} controls src={url} aria-label={label} style={{ width: '100%', maxWidth: 420 }} />;
}
