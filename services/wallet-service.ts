import { call } from './http-client';

// The wallets' calls (docs/api.md): what they change is kept in the stored user (docs/product.md "Entities and fields"), like
// the settings' (./settings-service.ts), in a module of their own so that only the wallet
// screens, loaded on demand, carry them.

/** docs/product.md "The calls" `PATCH /users/update_algo_address`: the connected Algorand address; null disconnects. */
export const updateAlgoAddress = (address: string | null) =>
  call<{ algo_address: string | null }>({
    method: 'PATCH',
    url: '/users/update_algo_address',
    data: { algo_address: address },
  });

/** docs/product.md "The calls" `PATCH /users/update_near_wallet`: the signed-in NEAR account; null signs out. */
export const updateNearWallet = (account: string | null) =>
  call<{ near_wallet: string | null }>({
    method: 'PATCH',
    url: '/users/update_near_wallet',
    data: { near_wallet: account },
  });

export type TRecordedTransaction = {
  id: number;
  algorand_transaction?: string;
  near_transaction?: string;
};

/** docs/product.md "The calls" `update_wallet`: stores the transaction that records finished work on its application. */
export const storeApplicationTransaction = (
  kind: 'project' | 'job',
  record: TRecordedTransaction,
) =>
  call<{ id: number; algorand_transaction: string | null; near_transaction: string | null }>({
    method: 'PATCH',
    url: `/${kind}_applications/update_wallet`,
    data: record,
  });
