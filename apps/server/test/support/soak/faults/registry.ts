import { postgresRestarts, postgresStop } from './postgres';
import { everyProviderFaulty, payoutAndBillProvidersDown } from './providers';
import { redisDown } from './redis';
import type { FaultScenario } from './scenario';

/**
 * The fault soak's scenarios, in the order they run (`npm run soak:faults`, docs/RELIABILITY.md,
 * "Faults"). A new fault is a module exporting a FaultScenario, added to this list: the harness
 * gives it a slot on the run's clock and a row in the table. `--only id,id` runs a subset.
 */
export const faultScenarios: FaultScenario[] = [everyProviderFaulty, postgresRestarts, postgresStop, redisDown, payoutAndBillProvidersDown];
