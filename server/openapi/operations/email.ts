import { defineOperations } from '../registry';

export const emailOperations = defineOperations([]);
