/** Query keys of the security tab, one factory read by its hooks (`use-security.ts`): the reader's passkeys, the machine allowlist. */
export const securityKeys = {
  all: ['security'] as const,
  passkeys: ['security', 'passkeys'] as const,
  machines: ['security', 'machines'] as const,
};
