/** Query keys of the contacts feature, all under `['contacts']` (a change refetches every list). */
export const contactKeys = {
  all: ['contacts'] as const,
  page: (search: string, pageSize: number, cursor: string | null) =>
    ['contacts', 'page', search, pageSize, cursor] as const,
  infinite: (search: string) => ['contacts', 'infinite', search] as const,
  /** The new-conversation dialog's contacts matching a typed name. */
  pick: (term: string) => ['contacts', 'pick', term] as const,
  detail: (id: string) => ['contacts', 'detail', id] as const,
  surveys: (id: string) => ['contacts', 'surveys', id] as const,
  appointments: (id: string) => ['contacts', 'appointments', id] as const,
  import: (id: string | undefined) => ['contacts', 'import', id] as const,
  importEnded: (id: string | undefined) => ['contacts', 'import', id, 'ended'] as const,
};
