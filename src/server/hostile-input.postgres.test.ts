import { describeHostileBattery } from './testing/hostile-battery';

// Every API operation against hostile input (testing/hostile-battery.ts) on PostgreSQL, when configured.
describeHostileBattery('postgres');
