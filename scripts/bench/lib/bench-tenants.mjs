// Many tenants for the realtime benchmarks (fan-out, density), written straight into the
// server's PostgreSQL database with a few set-based statements (like the test factories, but
// thousands of rows at once), and one access token per user signed with the server's secret:
// sign-in is rate-limited and argon2 is slow on purpose, so the benchmarks do not sign in.
import { SignJWT } from 'jose';
import pg from 'pg';

/** The number of team `k` (0-based): +1 438 555-kkkk, unique across the installation. */
export const teamNumber = (k) => `+1438555${String(k).padStart(4, '0')}`;

/**
 * An access token for each bench user's open session (`bench-%` users, in team order then
 * username), signed with `jwtSecret` (HS256, claims sub/sid/org as the server does; valid 15
 * min), read through `client` (a connected pg client): `[{ token, team }]`, `team` being the
 * global team index k of `teamNumber(k)`. A long benchmark signs them again between runs.
 */
export async function signBenchTokens(client, jwtSecret) {
  const { rows } = await client.query(
    `SELECT s.id AS sid, u.id AS uid, u.organization_id AS org, t.phone_number AS number
     FROM sessions s JOIN users u ON u.id = s.user_id JOIN teams t ON t.id = u.current_team_id
     WHERE u.username LIKE 'bench-%' ORDER BY t.phone_number, u.username`,
  );
  const key = new TextEncoder().encode(jwtSecret);
  return Promise.all(
    rows.map(async (r) => ({
      team: Number(r.number.slice(-4)),
      token: await new SignJWT({ sid: r.sid, org: r.org })
        .setProtectedHeader({ alg: 'HS256' })
        .setSubject(r.uid)
        .setIssuedAt()
        .setExpirationTime('15m')
        .sign(key),
    })),
  );
}

/**
 * Creates `orgs` organisations × `teamsPerOrg` teams × `usersPerTeam` users (member of their
 * team, which is their current team) and one open session per user, in database `dbUrl` (the
 * server must have migrated it). Signs an access token per user with `jwtSecret` (HS256, claims
 * sub/sid/org as the server does; valid 15 min). Resolves with `users`: `{ token, team }` in team
 * order (`team`: global team index k, whose number is `teamNumber(k)`), and the team count.
 */
export async function createBenchTenants({ dbUrl, jwtSecret, orgs, teamsPerOrg, usersPerTeam }) {
  const client = new pg.Client({ connectionString: dbUrl });
  await client.connect();
  try {
    await client.query('BEGIN');
    await client.query(
      `INSERT INTO organizations (name) SELECT 'Bench ' || lpad(g::text, 4, '0') FROM generate_series(0, $1 - 1) g`,
      [orgs],
    );
    await client.query(
      `INSERT INTO teams (organization_id, label, phone_number, main)
       SELECT o.id, 'Team ' || t, '+1438555' || lpad((o.n * $1 + t)::text, 4, '0'), t = 0
       FROM (SELECT id, row_number() OVER (ORDER BY name) - 1 AS n FROM organizations WHERE name LIKE 'Bench %') o, generate_series(0, $1 - 1) t`,
      [teamsPerOrg],
    );
    await client.query(
      `INSERT INTO users (organization_id, username, email, first_name, last_name, password_hash, role, current_team_id)
       SELECT t.organization_id, 'bench-' || t.phone_number || '-' || u, 'bench-' || t.phone_number || '-' || u || '@example.test',
              'Bench', 'User ' || u, 'no-sign-in', 'user', t.id
       FROM teams t, generate_series(0, $1 - 1) u WHERE t.phone_number LIKE '+1438555%'`,
      [usersPerTeam],
    );
    await client.query(
      `INSERT INTO team_members (organization_id, team_id, user_id) SELECT organization_id, current_team_id, id FROM users WHERE username LIKE 'bench-%'`,
    );
    await client.query(
      `INSERT INTO sessions (organization_id, user_id) SELECT organization_id, id FROM users WHERE username LIKE 'bench-%'`,
    );
    await client.query('COMMIT');
    const users = await signBenchTokens(client, jwtSecret);
    return { users, teams: orgs * teamsPerOrg };
  } finally {
    await client.end();
  }
}
