import type { TOperation } from '../registry';
import { accountOperations } from './account';
import { emailOperations } from './email';
import { marketplaceOperations } from './marketplace';
import { notificationsOperations } from './notifications';
import { profileOperations } from './profile';
import { proofsOperations } from './proofs';
import { referenceOperations } from './reference';
import { systemOperations } from './system';
import { uploadsOperations } from './uploads';
import { usersOperations } from './users';
import { workbenchOperations } from './workbench';

// Every operation of the API, one area file each (docs/api.md "OpenAPI"). One import and one
// spread per area: add yours on its own line.
export const OPERATIONS: TOperation[] = [
  ...systemOperations,
  ...referenceOperations,
  ...usersOperations,
  ...accountOperations,
  ...uploadsOperations,
  ...emailOperations,
  ...notificationsOperations,
  ...proofsOperations,
  ...profileOperations,
  ...marketplaceOperations,
  ...workbenchOperations,
];
