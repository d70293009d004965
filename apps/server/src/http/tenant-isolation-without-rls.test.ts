import { tenantIsolationSuite } from './tenant-isolation-suite';

/*
 * Every route, with the demo organisations, row-level security off: each query's own
 * `organization_id` predicate is what keeps Notaires Tremblay's rows out (a dropped one would
 * otherwise be hidden by the policies).
 */
tenantIsolationSuite({ rowLevelSecurity: false });
