import { setScopeOutsideAnyScope } from '../db/tenant-scope';

// The tests' factories and assertions read and write any organisation's rows without naming a
// scope; requests and jobs under test still run in their own scope (db/tenant-scope.ts).
setScopeOutsideAnyScope({ systemAccess: 'test-fixture' });
