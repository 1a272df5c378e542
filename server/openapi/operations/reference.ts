import { defineOperations } from '../registry';

export const referenceOperations = defineOperations([]);
