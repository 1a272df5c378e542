import { defineOperations } from '../registry';

export const systemOperations = defineOperations([]);
