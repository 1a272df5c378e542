import { metricsOperations } from './metrics';

export const OPERATIONS = [...metricsOperations];
