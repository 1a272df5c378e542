import type { Transaction } from 'algosdk';

// The one shape every Algorand wallet takes in the app (docs/architecture.md "Wallets"): Pera
// Wallet in real builds (./pera.ts), a generated account in the browser journeys' build
// (./test-signer.ts). Only types and tiny helpers here, so importing it costs nothing.

/** docs/product.md "Constants and limits": an atomic group holds at most 16 transactions. */
export const ALGORAND_MAX_GROUP = 16;

export type TAlgorandSigner = {
  /** Asks the wallet for an account (Pera shows its modal); answers its address. */
  connect(): Promise<string>;
  /** Restores the session of an earlier visit after a reload; null when there is none. */
  reconnect(): Promise<string | null>;
  /** Ends the wallet session. */
  disconnect(): Promise<void>;
  /**
   * Has `signerAddress` sign every transaction of `group` (1 to ALGORAND_MAX_GROUP); answers the
   * signed transactions' bytes, in the group's order, ready for algod's `POST /v2/transactions`.
   */
  signTransactions(group: Transaction[], signerAddress: string): Promise<Uint8Array[]>;
};

/** The user closed the wallet's window or refused: the screens stay quiet (`code` 'cancelled'). */
export class WalletCancelledError extends Error {
  readonly code = 'cancelled' as const;
  constructor(message = 'Cancelled in the wallet', options?: { cause?: unknown }) {
    super(message, options);
    this.name = 'WalletCancelledError';
  }
}

/** Throws a RangeError for an empty group or one above the seed's limit. */
export function assertGroupSize(group: readonly unknown[]): void {
  if (group.length === 0 || group.length > ALGORAND_MAX_GROUP) {
    throw new RangeError(
      `An Algorand group holds 1 to ${ALGORAND_MAX_GROUP} transactions, not ${group.length}`,
    );
  }
}
