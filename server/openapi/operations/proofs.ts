import { defineOperations } from '../registry';

export const proofsOperations = defineOperations([]);
