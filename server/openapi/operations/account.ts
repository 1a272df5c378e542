import { defineOperations } from '../registry';

export const accountOperations = defineOperations([]);
