import type { TOperation } from '../registry';
import { tokensOperations } from './tokens';

// Every operation of the API, one area file each (docs/api.md "OpenAPI"). One import and one
// spread per area: add yours on its own line.
export const OPERATIONS: TOperation[] = [...tokensOperations];
