import { ROLES, type Role } from '@accueil/domain';

/** What a request is built from: the caller's own rows. */
export type OwnWorld = {
  organizationId: string;
  teamId: string;
  teamNumber: string;
  conversationId: string;
  userId: string;
  /** Another user of the organisation (role `user`, member of the team): the target of the user management routes. */
  otherUserId: string;
  username: string;
  password: string;
  /**
   * `Cookie` header value of a live refresh token of the organisation (the other user's: the
   * matrix signs the caller in again, which may end the caller's older sessions).
   */
  refreshCookie: string;
};

/** A request of the matrix: path parameters filled, query, body. */
export type MatrixRequest = {
  params?: Record<string, string>;
  query?: string;
  payload?: unknown;
  headers?: Record<string, string>;
};

export type RouteExpectation = {
  /**
   * `public`: anyone, signed in or not. Otherwise the roles that are not refused (every other
   * role answers 403 `forbidden`, a caller without a session 401).
   */
  allow: 'public' | readonly Role[];
  /** A well-formed request of the caller's own organisation (default: no input). */
  request?: (w: OwnWorld) => MatrixRequest;
  /** Why the rule is what it is, when it is not plain from the route. */
  note?: string;
  /**
   * The path parameters that name a row (the tenant isolation test puts the other organisation's
   * ids in them); default: every one. A name that is no row's id (a SIP line's name) is left out.
   */
  rowIdParams?: readonly string[];
};

export const EVERY_ROLE: readonly Role[] = ROLES;
export const ADMINISTRATORS: readonly Role[] = ['admin', 'super-admin', 'devops'];
export const DEVOPS: readonly Role[] = ['devops'];
export const MARKETING: readonly Role[] = ['marketing', 'devops'];

/** A 1×1 PNG (a picture upload that every rule accepts). */
export const ONE_PIXEL_PNG =
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==';

export const phone = () => `+1514555${String(Math.floor(Math.random() * 10_000)).padStart(4, '0')}`;
export const conversation = (w: OwnWorld) => ({ id: w.conversationId });

export const professional = {
  firstName: 'Anne',
  lastName: 'Roy',
  profession: 'Dentiste',
  expertise: 'Générale',
  yearsOfExperience: 5,
  languages: ['fr'],
};
export const category = {
  label: 'Examens',
  colour: '#1c7ed6',
  ranges: [{ day: 1, start: '09:00', end: '12:00' }],
};
export const anId = () => ({ id: crypto.randomUUID() });
export const aCallId = () => ({ callId: crypto.randomUUID() });
export const suffix = () => crypto.randomUUID().slice(0, 8);
export const otherUser = (w: OwnWorld) => ({ id: w.otherUserId });
export const organization = (w: OwnWorld) => ({ id: w.organizationId });
export const textBlock = (w: OwnWorld) => ({ id: w.organizationId, blockId: crypto.randomUUID() });
export const member = (w: OwnWorld) => ({ id: w.teamId, userId: w.otherUserId });
export const newUser = () => {
  const name = `matrix-${suffix()}`;
  return {
    username: name,
    email: `${name}@example.test`,
    password: 'Matrice-2030!',
    displayName: 'Matrix User',
    firstName: 'Matrix',
    lastName: 'User',
    teams: [],
  };
};
export const appointment = () => ({
  professionalId: crypto.randomUUID(),
  categoryId: crypto.randomUUID(),
  startsAt: '2030-01-07T14:00:00Z',
  durationMinutes: 30,
  firstName: 'Camille',
  lastName: 'Roy',
});
