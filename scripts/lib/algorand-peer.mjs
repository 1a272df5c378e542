// A real Algorand node and indexer on 127.0.0.1 for tests and the browser journeys
// (docs/architecture.md "Wallets"): enough of algod's REST API for algosdk 3.8 to ask parameters,
// read an account, submit a signed transaction and wait for its confirmation, and the indexer's
// `GET /v2/transactions/{id}` for the server's proof check. Each accepted transaction is
// confirmed at once in a round of its own. Answers carry CORS headers: the browser calls it from
// the app's origin.
import crypto from 'node:crypto';
import http from 'node:http';
import { clearTimeout, setTimeout } from 'node:timers';
import algosdk from 'algosdk';

/** The main network's genesis, so that transactions built against the peer look like mainnet. */
const GENESIS_ID = 'mainnet-v1.0';
// A Uint8Array of the running realm (not a Buffer): algosdk checks byte arrays with instanceof,
// and under jsdom the global Uint8Array is not Buffer's parent.
const GENESIS_HASH = new Uint8Array(
  Buffer.from('wGHE2Pwdvd7S12BL5FaOP20EGYesN73ktiC1qzkkit8=', 'base64'),
);
const CONSENSUS =
  'https://github.com/algorandfoundation/specs/tree/236dcc18c9c507d794813ab768e467ea42d1b4d9';
const MIN_FEE = 1000;
const MAX_BODY = 1024 * 1024;
const TXID_PATH = /^\/v2\/transactions\/([A-Z2-7]{52})$/;

/**
 * @typedef {object} TAlgorandPeer
 * @property {string} url `http://127.0.0.1:PORT`, for algod and the indexer alike.
 * @property {number} port
 * @property {algosdk.SignedTransaction[]} submitted What `POST /v2/transactions` accepted, in order.
 * @property {{ method: string, path: string, headers: import('node:http').IncomingHttpHeaders }[]}
 *   requests Every request received, in order.
 * @property {(micro: number | bigint) => void} setBalance The amount every account reports.
 * @property {(signed: Uint8Array) => string} put Confirms a signed transaction as if it had been
 *   submitted (the signature is checked, the validity window is not); answers its id.
 * @property {(route: string, status?: number, times?: number) => void} failNext The next `times`
 *   requests on `route` answer `status` (default 500) with a message. A route is a path prefix
 *   (`/v2/accounts`), optionally after a method (`POST /v2/transactions`).
 * @property {(route: string, ms: number, times?: number) => void} delayNext The next `times`
 *   requests on `route` are answered only after `ms`.
 * @property {() => Promise<void>} close Stops the server, dropping any open connection.
 */

/** JSON in which bigints are written as plain numbers, as algod and the indexer do. */
function jsonText(value) {
  return JSON.stringify(value, (_k, v) => (typeof v === 'bigint' ? `__big__${v}` : v)).replace(
    /"__big__(-?\d+)"/g,
    '$1',
  );
}

const b64 = (bytes) => Buffer.from(bytes).toString('base64');

/**
 * Why algod would refuse `stxn`'s authorization, or null when it carries a valid single signature
 * of its sender. Accounts are never rekeyed here, so another signer (`sgnr`) is refused.
 */
function authorizationError(stxn) {
  const id = stxn.txn.txID();
  const sender = stxn.txn.sender.toString();
  if (stxn.sgnr && stxn.sgnr.toString() !== sender) {
    return `transaction ${id}: should have been authorized by ${sender} but was actually authorized by ${stxn.sgnr}`;
  }
  if (!stxn.sig || stxn.msig || stxn.lsig || stxn.pqsig) {
    return `transaction ${id}: the peer accepts single signatures only`;
  }
  const key = crypto.createPublicKey({
    key: {
      kty: 'OKP',
      crv: 'Ed25519',
      x: Buffer.from(stxn.txn.sender.publicKey).toString('base64url'),
    },
    format: 'jwk',
  });
  return crypto.verify(null, stxn.txn.bytesToSign(), key, stxn.sig)
    ? null
    : `transaction ${id}: invalid signature`;
}

/** The indexer's JSON for a confirmed transaction (`GET /v2/transactions/{id}`'s `transaction`). */
function indexerTransaction(id, { stxn, round, time }) {
  const t = stxn.txn;
  /** @type {Record<string, unknown>} */
  const out = {
    'close-rewards': 0,
    'closing-amount': 0,
    'confirmed-round': round,
    fee: t.fee,
    'first-valid': t.firstValid,
    'genesis-hash': t.genesisHash ? b64(t.genesisHash) : undefined,
    'genesis-id': t.genesisID,
    id,
    'intra-round-offset': 0,
    'last-valid': t.lastValid,
    'receiver-rewards': 0,
    'round-time': time,
    sender: t.sender.toString(),
    'sender-rewards': 0,
    signature: stxn.sig ? { sig: b64(stxn.sig) } : {},
    'tx-type': t.type,
  };
  if (t.note.length > 0) out.note = b64(t.note);
  if (t.group) out.group = b64(t.group);
  if (t.lease) out.lease = b64(t.lease);
  if (t.rekeyTo) out['rekey-to'] = t.rekeyTo.toString();
  if (stxn.sgnr) out['auth-addr'] = stxn.sgnr.toString();
  if (t.payment) {
    out['payment-transaction'] = {
      amount: t.payment.amount,
      'close-amount': 0,
      receiver: t.payment.receiver.toString(),
      ...(t.payment.closeRemainderTo
        ? { 'close-remainder-to': t.payment.closeRemainderTo.toString() }
        : {}),
    };
  }
  return out;
}

/**
 * Starts the peer. `balance` is the amount (micro-Algos) every account reports; `port` 0 picks a
 * free one.
 * @param {{ port?: number, balance?: number | bigint }} [options]
 * @returns {Promise<TAlgorandPeer>}
 */
export async function startAlgorandPeer({ port = 0, balance = 5_000_000 } = {}) {
  let amount = BigInt(balance);
  let round = 1000n;
  /** @type {Map<string, { stxn: algosdk.SignedTransaction, round: bigint, time: number }>} */
  const ledger = new Map();
  /** @type {algosdk.SignedTransaction[]} */
  const submitted = [];
  /** @type {{ method?: string, path: string, status?: number, ms?: number, left: number }[]} */
  const rules = [];
  const addRule = (route, rule) => {
    const [method, path] = route.includes(' ') ? route.split(' ', 2) : [undefined, route];
    rules.push({ ...rule, method: method?.toUpperCase(), path });
  };
  /** Delayed answers' timers, cleared on close so that nothing outlives the peer. */
  const timers = new Set();
  /** @type {TAlgorandPeer['requests']} */
  const requests = [];

  /** Takes the first rule of the kind (`status` or `ms`) for the request, if any. */
  const takeRule = (kind, method, path) => {
    const i = rules.findIndex(
      (r) => r[kind] !== undefined && (!r.method || r.method === method) && path.startsWith(r.path),
    );
    if (i < 0) return undefined;
    const rule = rules[i];
    rule.left -= 1;
    if (rule.left <= 0) rules.splice(i, 1);
    return rule;
  };

  /** Records a verified transaction as confirmed in a new round; answers its id. */
  const confirm = (stxn) => {
    round += 1n;
    const id = stxn.txn.txID();
    ledger.set(id, { stxn, round, time: Math.floor(Date.now() / 1000) });
    return id;
  };

  const status = () =>
    new algosdk.modelsv2.NodeStatusResponse({
      catchupTime: 0,
      lastRound: round,
      lastVersion: CONSENSUS,
      nextVersion: CONSENSUS,
      nextVersionRound: round + 1n,
      nextVersionSupported: true,
      stoppedAtUnsupportedRound: false,
      timeSinceLastRound: 0,
    });

  const server = http.createServer(async (req, res) => {
    const url = new URL(req.url ?? '/', 'http://127.0.0.1');
    const path = url.pathname.replace(/\/+$/, '') || '/';
    requests.push({ method: req.method ?? 'GET', path, headers: req.headers });
    const cors = {
      'access-control-allow-origin': '*',
      'access-control-allow-methods': 'GET, POST, OPTIONS',
      'access-control-allow-headers': req.headers['access-control-request-headers'] ?? '*',
      'access-control-max-age': '600',
    };
    const send = (code, body, type = 'application/json') => {
      res.writeHead(code, { ...cors, 'content-type': type });
      res.end(body);
    };
    const message = (code, text) => send(code, JSON.stringify({ message: text }));
    /** An algod model, in msgpack when asked (`format=msgpack`), else JSON. */
    const model = (value) =>
      url.searchParams.get('format') === 'msgpack'
        ? send(200, algosdk.encodeMsgpack(value), 'application/msgpack')
        : send(200, algosdk.encodeJSON(value));

    if (req.method === 'OPTIONS') return send(204, '');
    const delay = takeRule('ms', req.method, path);
    if (delay) {
      await new Promise((resolve) => {
        const timer = setTimeout(() => {
          timers.delete(timer);
          resolve(undefined);
        }, delay.ms);
        timers.add(timer);
      });
    }
    const failure = takeRule('status', req.method, path);
    if (failure) return message(failure.status, `algorand peer: ${path} fails on purpose`);

    try {
      if (req.method === 'POST' && path === '/v2/transactions') {
        const chunks = [];
        let size = 0;
        for await (const chunk of req) {
          size += chunk.length;
          if (size > MAX_BODY) return message(413, 'request body too large');
          chunks.push(chunk);
        }
        let stxn;
        try {
          stxn = algosdk.decodeSignedTransaction(new Uint8Array(Buffer.concat(chunks)));
        } catch (e) {
          return message(400, `msgpack decode error: ${e instanceof Error ? e.message : e}`);
        }
        const id = stxn.txn.txID();
        const refused = authorizationError(stxn);
        if (refused) return message(400, refused);
        if (
          stxn.txn.genesisHash &&
          !Buffer.from(stxn.txn.genesisHash).equals(Buffer.from(GENESIS_HASH))
        ) {
          return message(400, `transaction ${id}: genesis hash mismatch`);
        }
        const next = round + 1n;
        if (stxn.txn.firstValid > next || stxn.txn.lastValid < next) {
          return message(
            400,
            `TransactionPool.Remember: txn dead: round ${next} outside of ${stxn.txn.firstValid}--${stxn.txn.lastValid}`,
          );
        }
        if (ledger.has(id)) return message(400, `transaction already in ledger: ${id}`);
        submitted.push(stxn);
        return send(200, JSON.stringify({ txId: confirm(stxn) }));
      }
      if (req.method !== 'GET') return message(405, 'method not allowed');

      if (path === '/health') return send(200, 'null');
      if (path === '/v2/status') return model(status());
      const after = /^\/v2\/status\/wait-for-block-after\/(\d+)$/.exec(path);
      if (after) {
        // No waiting: the awaited round comes at once.
        const awaited = BigInt(after[1]);
        if (round <= awaited) round = awaited + 1n;
        return model(status());
      }
      if (path === '/v2/transactions/params') {
        return model(
          new algosdk.modelsv2.TransactionParametersResponse({
            consensusVersion: CONSENSUS,
            fee: 0,
            genesisHash: GENESIS_HASH,
            genesisId: GENESIS_ID,
            lastRound: round,
            minFee: MIN_FEE,
          }),
        );
      }
      const account = /^\/v2\/accounts\/([^/]+)$/.exec(path);
      if (account) {
        const address = decodeURIComponent(account[1]);
        if (!algosdk.isValidAddress(address)) return message(400, 'failed to parse the address');
        return model(
          new algosdk.modelsv2.Account({
            address,
            amount,
            amountWithoutPendingRewards: amount,
            minBalance: 100_000,
            pendingRewards: 0,
            rewards: 0,
            round,
            status: 'Offline',
            totalAppsOptedIn: 0,
            totalAssetsOptedIn: 0,
            totalCreatedApps: 0,
            totalCreatedAssets: 0,
          }),
        );
      }
      const pending = /^\/v2\/transactions\/pending\/([^/]+)$/.exec(path);
      if (pending) {
        const entry = ledger.get(pending[1]);
        if (!entry) return message(404, 'txn does not exist');
        return model(
          new algosdk.modelsv2.PendingTransactionResponse({
            poolError: '',
            txn: entry.stxn,
            confirmedRound: entry.round,
          }),
        );
      }
      // The indexer.
      const lookup = TXID_PATH.exec(path);
      if (lookup) {
        const id = lookup[1];
        const entry = ledger.get(id);
        if (!entry) return message(404, `no transaction found for transaction id: ${id}`);
        return send(
          200,
          jsonText({ 'current-round': round, transaction: indexerTransaction(id, entry) }),
        );
      }
      return message(404, `algorand peer: no route for ${path}`);
    } catch (e) {
      return message(500, e instanceof Error ? e.message : String(e));
    }
  });

  await new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, '127.0.0.1', () => {
      server.off('error', reject);
      resolve(undefined);
    });
  });
  const address = server.address();
  const actualPort = typeof address === 'object' && address ? address.port : port;

  return {
    url: `http://127.0.0.1:${actualPort}`,
    port: actualPort,
    submitted,
    requests,
    setBalance(micro) {
      amount = BigInt(micro);
    },
    put(signed) {
      const stxn = algosdk.decodeSignedTransaction(signed);
      const refused = authorizationError(stxn);
      if (refused) throw new Error(`algorand peer: ${refused}`);
      return confirm(stxn);
    },
    failNext(route, status = 500, times = 1) {
      addRule(route, { status, left: times });
    },
    delayNext(route, ms, times = 1) {
      addRule(route, { ms, left: times });
    },
    close() {
      for (const timer of timers) clearTimeout(timer);
      timers.clear();
      return new Promise((resolve) => {
        server.close(() => resolve(undefined));
        server.closeAllConnections();
      });
    },
  };
}
