import { defineOperations } from '../registry';

export const uploadsOperations = defineOperations([]);
