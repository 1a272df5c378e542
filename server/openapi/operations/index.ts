import type { TOperation } from '../registry';
import { accountOperations } from './account';
import { companiesOperations } from './companies';
import { conversationsOperations } from './conversations';
import { discoveryOperations } from './discovery';
import { emailOperations } from './email';
import { marketplaceOperations } from './marketplace';
import { metricsOperations } from './metrics';
import { notificationsOperations } from './notifications';
import { profileOperations } from './profile';
import { proofsOperations } from './proofs';
import { referenceOperations } from './reference';
import { systemOperations } from './system';
import { tokensOperations } from './tokens';
import { trustOperations } from './trust';
import { uploadsOperations } from './uploads';
import { usersOperations } from './users';
import { webhooksOperations } from './webhooks';
import { workbenchOperations } from './workbench';

// Every operation of the API, one area file each (docs/api.md "OpenAPI"). One import and one
// spread per area: add yours on its own line.
export const OPERATIONS: TOperation[] = [
  ...systemOperations,
  ...accountOperations,
  ...companiesOperations,
  ...conversationsOperations,
  ...discoveryOperations,
  ...emailOperations,
  ...marketplaceOperations,
  ...metricsOperations,
  ...notificationsOperations,
  ...profileOperations,
  ...proofsOperations,
  ...referenceOperations,
  ...tokensOperations,
  ...trustOperations,
  ...uploadsOperations,
  ...usersOperations,
  ...webhooksOperations,
  ...workbenchOperations,
];
