import { tenantIsolationSuite } from './tenant-isolation-suite';

/* Every route, with the demo organisations, under row-level security as in production. */
tenantIsolationSuite({ rowLevelSecurity: true });
