import { defineOperations } from '../registry';

export const usersOperations = defineOperations([]);
