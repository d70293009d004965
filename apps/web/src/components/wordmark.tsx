import { Group, Text } from '@mantine/core';

/** The "Accueil" wordmark: a rounded teal mark with an A, and the name. `size` is the mark's px. */
export function Wordmark({ size = 32, inverted = false }: { size?: number; inverted?: boolean }) {
  return (
    <Group gap={10} wrap="nowrap" aria-label="Accueil">
      <svg width={size} height={size} viewBox="0 0 64 64" aria-hidden focusable="false">
        <defs>
          <linearGradient id="accueil-mark" x1="0" y1="0" x2="1" y2="1">
            <stop offset="0" stopColor="#1d9cb3" />
            <stop offset="1" stopColor="#075f70" />
          </linearGradient>
        </defs>
        <rect width="64" height="64" rx="16" fill={inverted ? '#ffffff' : 'url(#accueil-mark)'} />
        <path
          d="M19 45 32 18l13 27"
          fill="none"
          stroke={inverted ? '#0b7285' : '#fff'}
          strokeWidth="6"
          strokeLinecap="round"
          strokeLinejoin="round"
        />
        <path d="M24 36h16" stroke={inverted ? '#0b7285' : '#fff'} strokeWidth="6" strokeLinecap="round" />
      </svg>
      <Text
        component="span"
        fw={700}
        fz={size * 0.66}
        lh={1}
        c={inverted ? 'white' : 'var(--mantine-color-text)'}
        style={{ letterSpacing: '-0.02em' }}
      >
        Accueil
      </Text>
    </Group>
  );
}
