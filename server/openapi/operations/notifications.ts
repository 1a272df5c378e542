import { defineOperations } from '../registry';

export const notificationsOperations = defineOperations([]);
