import { describeHostileBattery } from './testing/hostile-battery';

// Every API operation against hostile input (testing/hostile-battery.ts) on MySQL/MariaDB, when configured.
describeHostileBattery('mysql');
