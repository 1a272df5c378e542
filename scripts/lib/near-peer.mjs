// A NEAR JSON-RPC node on 127.0.0.1 for tests: it answers what near-api-js 4.0.4 asks on the
// record flow (status, block, query view_account / view_access_key / view_access_key_list /
// call_function, send_tx / broadcast_tx_commit / broadcast_tx_async, tx / EXPERIMENTAL_tx_status),
// decodes and "executes" the signed transactions it receives (always SuccessValue), and can be
// told to answer HTTP 503 a number of times. Answers follow nearcore's shapes (docs.near.org RPC).
import crypto from 'node:crypto';
import http from 'node:http';
import nearApi from 'near-api-js';

const { transactions, utils } = nearApi;
const base58 = (bytes) => utils.serialize.base_encode(Uint8Array.from(bytes));
const sha256 = (bytes) => crypto.createHash('sha256').update(bytes).digest();

/** A fixed, valid-looking chain tip (32-byte hashes in base58). */
const BLOCK_HASH = base58(sha256('talentchain-near-peer-block'));
const BLOCK_HEIGHT = 120_000_000;
const CHAIN_ID = 'mainnet';

/**
 * @typedef {'FullAccess' | { FunctionCall: { allowance: string | null, receiver_id: string, method_names: string[] } }} Permission
 * @typedef {{ method: string, params: unknown, status: number }} Call
 * @typedef {{ hash: string, signerId: string, publicKey: string, nonce: bigint, receiverId: string,
 *   actions: Array<{ methodName: string, args: string, gas: string, deposit: string } | { other: string }> }} SentTransaction
 */

/** @param {{ port?: number }} [options] */
export async function startNearPeer({ port = 0 } = {}) {
  /** @type {Call[]} */
  const calls = [];
  /** @type {SentTransaction[]} */
  const sent = [];
  /** accountId → public key → { nonce, permission } */
  const keys = new Map();
  /** hash → FinalExecutionOutcome */
  const txs = new Map();
  /** method name → (args) => JSON value, for call_function */
  const views = new Map();
  let failures = { left: 0, status: 503 };

  // By default getRegisters lists the recorded calls of addRegisterValidation for the talent.
  views.set('getRegisters', (args) =>
    [...txs.values()]
      .flatMap((o) => o.transaction.actions)
      .map((a) => a.FunctionCall)
      .filter((f) => f && f.method_name === 'addRegisterValidation')
      .map((f) => JSON.parse(Buffer.from(f.args, 'base64').toString()))
      .filter((r) => r && r.talent_id === args.talent_id),
  );

  const rpcError = (name, causeName, info, data) => ({
    name,
    cause: { name: causeName, info },
    code: -32000,
    message: 'Server error',
    data,
  });

  /** nearcore's FinalExecutionOutcome for one transaction of FunctionCall/other actions. */
  function outcomeFor(transaction, status = { SuccessValue: '' }) {
    const receiptId = base58(sha256(`receipt:${transaction.hash}`));
    const piece = (id, executor, outcomeStatus, receiptIds) => ({
      id,
      block_hash: BLOCK_HASH,
      proof: [],
      outcome: {
        logs: [],
        receipt_ids: receiptIds,
        gas_burnt: 2428000000000,
        tokens_burnt: '242800000000000000000',
        executor_id: executor,
        status: outcomeStatus,
      },
    });
    return {
      final_execution_status: 'FINAL',
      status,
      transaction,
      transaction_outcome: piece(
        transaction.hash,
        transaction.signer_id,
        { SuccessReceiptId: receiptId },
        [receiptId],
      ),
      receipts_outcome: [piece(receiptId, transaction.receiver_id, status, [])],
    };
  }

  const keyText = (pk) =>
    pk.ed25519Key
      ? `ed25519:${base58(pk.ed25519Key.data)}`
      : `secp256k1:${base58(pk.secp256k1Key.data)}`;
  const signatureText = (s) =>
    s.ed25519Signature
      ? `ed25519:${base58(s.ed25519Signature.data)}`
      : `secp256k1:${base58(s.secp256k1Signature.data)}`;

  /** Decode, check the nonce, store; answers the outcome or a nearcore error. */
  function receive(base64) {
    const signed = transactions.SignedTransaction.decode(Buffer.from(base64, 'base64'));
    const tx = signed.transaction;
    const hash = base58(sha256(transactions.encodeTransaction(new transactions.Transaction(tx))));
    const publicKey = keyText(tx.publicKey);
    const key = keys.get(tx.signerId)?.get(publicKey);
    if (!key) {
      return {
        error: rpcError(
          'HANDLER_ERROR',
          'INVALID_TRANSACTION',
          {},
          {
            TxExecutionError: {
              InvalidTxError: {
                InvalidAccessKeyError: {
                  AccessKeyNotFound: { account_id: tx.signerId, public_key: publicKey },
                },
              },
            },
          },
        ),
      };
    }
    if (tx.nonce <= BigInt(key.nonce)) {
      return {
        error: rpcError(
          'HANDLER_ERROR',
          'INVALID_TRANSACTION',
          {},
          {
            TxExecutionError: {
              InvalidTxError: { InvalidNonce: { tx_nonce: Number(tx.nonce), ak_nonce: key.nonce } },
            },
          },
        ),
      };
    }
    key.nonce = Number(tx.nonce);
    const actions = tx.actions.map((a) =>
      a.functionCall
        ? {
            FunctionCall: {
              method_name: a.functionCall.methodName,
              args: Buffer.from(a.functionCall.args).toString('base64'),
              gas: Number(a.functionCall.gas),
              deposit: a.functionCall.deposit.toString(),
            },
          }
        : Object.fromEntries(Object.keys(a).map((k) => [k[0].toUpperCase() + k.slice(1), {}])),
    );
    const transaction = {
      signer_id: tx.signerId,
      public_key: publicKey,
      nonce: Number(tx.nonce),
      receiver_id: tx.receiverId,
      actions,
      signature: signatureText(signed.signature),
      hash,
    };
    const outcome = outcomeFor(transaction);
    txs.set(hash, outcome);
    sent.push({
      hash,
      signerId: tx.signerId,
      publicKey,
      nonce: tx.nonce,
      receiverId: tx.receiverId,
      actions: tx.actions.map((a) =>
        a.functionCall
          ? {
              methodName: a.functionCall.methodName,
              args: Buffer.from(a.functionCall.args).toString(),
              gas: a.functionCall.gas.toString(),
              deposit: a.functionCall.deposit.toString(),
            }
          : { other: Object.keys(a)[0] },
      ),
    });
    return { result: outcome };
  }

  const blockInfo = { block_height: BLOCK_HEIGHT, block_hash: BLOCK_HASH };

  function query(params) {
    // The legacy array form ["access_key/<account>/<key>", ""] is not used by near-api-js 4.0.4.
    const p = /** @type {Record<string, any>} */ (params ?? {});
    switch (p.request_type) {
      case 'view_account':
        return {
          result: {
            amount: '10000000000000000000000000',
            locked: '0',
            code_hash: '11111111111111111111111111111111',
            storage_usage: 500,
            storage_paid_at: 0,
            ...blockInfo,
          },
        };
      case 'view_access_key': {
        const key = keys.get(p.account_id)?.get(p.public_key);
        // nearcore keeps this one in the old form: a result with an `error` string.
        if (!key) {
          return {
            result: {
              error: `access key ${p.public_key} does not exist while viewing`,
              logs: [],
              ...blockInfo,
            },
          };
        }
        return { result: { nonce: key.nonce, permission: key.permission, ...blockInfo } };
      }
      case 'view_access_key_list':
        return {
          result: {
            keys: [...(keys.get(p.account_id) ?? new Map()).entries()].map(([public_key, k]) => ({
              public_key,
              access_key: { nonce: k.nonce, permission: k.permission },
            })),
            ...blockInfo,
          },
        };
      case 'call_function': {
        const view = views.get(p.method_name);
        if (!view) {
          return {
            result: {
              error: `wasm execution failed with error: FunctionCallError(MethodResolveError(MethodNotFound))`,
              logs: [],
              ...blockInfo,
            },
          };
        }
        const args = JSON.parse(Buffer.from(p.args_base64 ?? '', 'base64').toString() || '{}');
        return {
          result: { result: [...Buffer.from(JSON.stringify(view(args)))], logs: [], ...blockInfo },
        };
      }
      default:
        return {
          error: rpcError(
            'REQUEST_VALIDATION_ERROR',
            'PARSE_ERROR',
            {},
            `unsupported request_type ${p.request_type}`,
          ),
        };
    }
  }

  function txStatus(params) {
    const [hash] = Array.isArray(params) ? params : [params?.tx_hash];
    const outcome = txs.get(hash);
    if (!outcome) {
      return {
        error: rpcError(
          'HANDLER_ERROR',
          'UNKNOWN_TRANSACTION',
          { requested_transaction_hash: hash },
          `Transaction ${hash} doesn't exist`,
        ),
      };
    }
    return { result: outcome };
  }

  /** @returns {{ result?: unknown, error?: unknown }} */
  function answer(method, params) {
    switch (method) {
      case 'status':
        return {
          result: {
            chain_id: CHAIN_ID,
            version: { version: 'near-peer', build: 'test' },
            sync_info: {
              latest_block_hash: BLOCK_HASH,
              latest_block_height: BLOCK_HEIGHT,
              syncing: false,
            },
            validators: [],
          },
        };
      case 'block':
        return {
          result: {
            author: 'peer.near',
            header: {
              hash: BLOCK_HASH,
              height: BLOCK_HEIGHT,
              prev_hash: base58(sha256('talentchain-near-peer-prev')),
              epoch_id: base58(sha256('talentchain-near-peer-epoch')),
              timestamp: 1_700_000_000_000_000_000,
              timestamp_nanosec: '1700000000000000000',
              gas_price: '100000000',
            },
            chunks: [],
          },
        };
      case 'query':
        return query(params);
      case 'send_tx':
        return receive(params?.signed_tx_base64);
      case 'broadcast_tx_commit':
        return receive(params?.[0]);
      case 'broadcast_tx_async': {
        const done = receive(params?.[0]);
        return done.error ? done : { result: done.result.transaction.hash };
      }
      case 'tx':
      case 'EXPERIMENTAL_tx_status':
        return txStatus(params);
      default:
        return {
          error: rpcError(
            'REQUEST_VALIDATION_ERROR',
            'METHOD_NOT_FOUND',
            { method_name: method },
            `Method not found: ${method}`,
          ),
        };
    }
  }

  const server = http.createServer((req, res) => {
    const chunks = [];
    req.on('data', (c) => chunks.push(c));
    req.on('end', () => {
      /** @type {any} */
      let body = null;
      try {
        body = JSON.parse(Buffer.concat(chunks).toString() || 'null');
      } catch {
        // answered below as a parse error
      }
      const method = typeof body?.method === 'string' ? body.method : '';
      if (failures.left > 0) {
        failures.left -= 1;
        calls.push({ method, params: body?.params, status: failures.status });
        res.writeHead(failures.status, { 'content-type': 'text/plain' }).end('Service Unavailable');
        return;
      }
      calls.push({ method, params: body?.params, status: 200 });
      let reply;
      try {
        reply = body
          ? answer(method, body.params)
          : { error: rpcError('REQUEST_VALIDATION_ERROR', 'PARSE_ERROR', {}, 'Parse error') };
      } catch (error) {
        reply = { error: rpcError('INTERNAL_ERROR', 'INTERNAL_ERROR', {}, String(error)) };
      }
      const json = JSON.stringify({ jsonrpc: '2.0', id: body?.id ?? null, ...reply });
      res.writeHead(200, { 'content-type': 'application/json' }).end(json);
    });
  });
  await new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, '127.0.0.1', resolve);
  });
  const actualPort = /** @type {import('node:net').AddressInfo} */ (server.address()).port;

  return {
    url: `http://127.0.0.1:${actualPort}`,
    port: actualPort,
    calls,
    sent,
    /** The next `n` requests answer this HTTP status (503 by default) with no JSON. */
    failNext(n, status = 503) {
      failures = { left: n, status };
    },
    /**
     * @param {string} accountId
     * @param {string} publicKey "ed25519:…"
     * @param {Permission} [permission] full access by default
     */
    addAccessKey(accountId, publicKey, permission = 'FullAccess') {
      if (!keys.has(accountId)) keys.set(accountId, new Map());
      keys.get(accountId).set(publicKey, { nonce: 0, permission });
    },
    /**
     * A transaction already on chain, as the `transaction` field of nearcore's answer.
     * @param {string} hash
     * @param {{ signer_id: string, receiver_id: string, actions: unknown[], [k: string]: unknown }} txJson
     * @param {unknown} [status] `{ SuccessValue: '' }` by default, or e.g. `{ Failure: {…} }`
     */
    putTransaction(hash, txJson, status) {
      txs.set(
        hash,
        outcomeFor(
          {
            public_key: 'ed25519:11111111111111111111111111111111',
            nonce: 1,
            signature: 'ed25519:1',
            ...txJson,
            hash,
          },
          status,
        ),
      );
    },
    /** @param {string} methodName @param {(args: any) => unknown} handler JSON to answer */
    setView(methodName, handler) {
      views.set(methodName, handler);
    },
    close() {
      server.closeAllConnections();
      return new Promise((resolve) => server.close(() => resolve(undefined)));
    },
  };
}
