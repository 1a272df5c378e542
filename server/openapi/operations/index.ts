import type { TOperation } from '@/server/openapi/registry';
import { webhooksOperations } from './webhooks';

// Every described operation (docs/api.md "OpenAPI"), area by area.

export const OPERATIONS: TOperation[] = [...webhooksOperations];
