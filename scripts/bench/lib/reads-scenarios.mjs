// The requests of the read benchmark: what an agent's screen asks for with 100,000 conversations
// in the team. Conversation ids, numbers and words are computed from the data set's generator
// (deterministic), so no database query is needed while the server holds it (PGlite).
import { createHash } from 'node:crypto';
import { LAST_NAMES, pseudoWord, templateOf } from './reads-dataset.mjs';

/** The id of generated conversation n (md5('c' || n) with the uuid v4 version and variant digits set, as in SQL). */
export function conversationId(n) {
  const h = createHash('md5').update(`c${n}`).digest('hex');
  return `${h.slice(0, 8)}-${h.slice(8, 12)}-4${h.slice(13, 16)}-8${h.slice(17, 20)}-${h.slice(20)}`;
}

/** The number of generated conversation n, as in reads-dataset.mjs: `{ area, local }` (7 digits). */
function phoneOf(n) {
  return {
    area: ['514', '438', '450', '819', '418', '581', '873', '367'][n % 8],
    local: String(2_000_000 + ((n * 7919) % 3_000_000)),
  };
}

/** A spread of conversation numbers 1..N (a fixed permutation walk, not only the newest). */
const pick = (i, N) => 1 + ((i * 7_368_787 + 12_345) % N);

/** A pseudo-word that really is in conversation n's text (a message whose template has {w}). */
function wordIn(n, per) {
  for (let s = per; s >= 1; s--) if (templateOf(n, s).includes('{w}')) return pseudoWord(n, s);
  return 'facture';
}

const statusOf = (i) => (i % 2 === 0 ? 'active' : 'inactive');
const q = (params) => new URLSearchParams(params).toString();

/**
 * The scenarios: `{ name, what, urlOf(i), check?(body) }` for `base`, N conversations of
 * `per` messages. Search scenarios alternate the active and inactive tabs. `cursors` holds
 * the second-page cursors (fetched once after sign-in).
 */
export function scenarios({ base, N, per, cursors }) {
  const api = `${base}/api/conversations`;
  const fullPage = (body) => {
    if (JSON.parse(body).items.length !== 50) throw new Error('page of fewer than 50');
  };
  const fifteen = (body) => {
    if (JSON.parse(body).items.length !== 15) throw new Error('message page of fewer than 15');
  };
  const some = (body) => {
    if (JSON.parse(body).items.length === 0) throw new Error('search found nothing');
  };
  const none = (body) => {
    if (JSON.parse(body).items.length !== 0) throw new Error('search found something');
  };
  const names = LAST_NAMES.slice(0, 20);
  const common = ['rendez-vous', 'facture', 'annuler', 'résultats'];
  const nothing = ['kwyjibo', 'zébrure', 'xylophone', 'quetzal'];
  return [
    {
      name: 'list-active',
      what: 'list, active, first page (50)',
      urlOf: () => `${api}?${q({ status: 'active' })}`,
      check: fullPage,
    },
    {
      name: 'list-inactive',
      what: 'list, inactive, first page (50)',
      urlOf: () => `${api}?${q({ status: 'inactive' })}`,
      check: fullPage,
    },
    {
      name: 'list-inactive-p2',
      what: 'list, inactive, second page (cursor)',
      urlOf: () => `${api}?${q({ status: 'inactive', cursor: cursors.inactive })}`,
      check: fullPage,
    },
    {
      name: 'unread-counts',
      what: 'unread counts (tab badges; refetched on every conversation event)',
      urlOf: () => `${api}/unread-counts`,
    },
    {
      name: 'messages',
      what: 'message page (15), newest',
      urlOf: (i) => `${api}/${conversationId(pick(i, N))}/messages?limit=15`,
      check: fifteen,
    },
    {
      name: 'messages-before',
      what: 'message page (15), before=',
      urlOf: (i) => `${api}/${conversationId(pick(i, N))}/messages?limit=15&before=${16 + (i % (per - 15))}`,
      check: fifteen,
    },
    {
      name: 'search-name',
      what: 'search, a last name',
      urlOf: (i) => `${api}?${q({ status: statusOf(i), search: names[i % names.length] })}`,
      check: some,
    },
    {
      name: 'search-phone',
      what: "search, a phone's digits ('234-5678' / '514 234')",
      urlOf: (i) => {
        const n = pick(i, N);
        const { area, local } = phoneOf(n);
        const status = n % 10 < 3 ? 'active' : 'inactive';
        const search =
          i % 2 === 0 ? `${local.slice(0, 3)}-${local.slice(3)}` : `${area} ${local.slice(0, 3)}`;
        return `${api}?${q({ status, search })}`;
      },
      check: some,
    },
    {
      name: 'search-word',
      what: 'search, a rare word of one message text',
      urlOf: (i) => {
        const n = pick(i, N);
        return `${api}?${q({ status: n % 10 < 3 ? 'active' : 'inactive', search: wordIn(n, per) })}`;
      },
      check: some,
    },
    {
      name: 'search-common',
      what: 'search, a common word (rendez-vous …)',
      urlOf: (i) => `${api}?${q({ status: statusOf(i), search: common[i % common.length] })}`,
      check: some,
    },
    {
      name: 'search-none',
      what: 'search, a word that matches nothing',
      urlOf: (i) => `${api}?${q({ status: statusOf(i), search: nothing[i % nothing.length] })}`,
      check: none,
    },
  ];
}
