import type { TChains } from '@/server/context';

// A brief cache in front of the chains' HTTP APIs (docs/api.md "Proofs"): one request per
// distinct call at a time, answers kept for a minute, failures for a few seconds, so that many
// visitors of one proof page cost the node one request.

/** How long an answer (a transaction, or "no such transaction") is reused. */
export const ANSWER_TTL_MS = 60_000;
/** How long a failure (no answer, a 5xx) is reused before the node is asked again. */
export const FAILURE_TTL_MS = 5_000;
/** Distinct calls remembered per configuration; the oldest go first. */
const MAX_ENTRIES = 1_000;

type TAnswer = { status: number; headers: [string, string][]; body: string } | { error: unknown };
type TEntry = { at: number; ttl: number; answer: Promise<TAnswer> };

const caches = new WeakMap<TChains, { store: Map<string, TEntry>; fetch: typeof fetch }>();

const keyOf = (input: Parameters<typeof fetch>[0], init?: RequestInit) =>
  `${init?.method ?? 'GET'} ${input instanceof Request ? input.url : String(input)}\n${
    typeof init?.body === 'string' ? init.body : ''
  }`;

function replay(answer: TAnswer): Response {
  if ('error' in answer) throw answer.error;
  return new Response(answer.body, { status: answer.status, headers: answer.headers });
}

/**
 * A `fetch` that shares answers between callers for one chain configuration (tests pass their own
 * configuration, so each gets its own cache). `now` is for tests.
 */
export function cachingFetch(chains: TChains, now: () => number = Date.now): typeof fetch {
  const existing = caches.get(chains);
  if (existing) return existing.fetch;
  const store = new Map<string, TEntry>();
  const cached: typeof fetch = async (input, init) => {
    const key = keyOf(input, init);
    const hit = store.get(key);
    if (hit && now() - hit.at < hit.ttl) return replay(await hit.answer);
    const entry: TEntry = {
      at: now(),
      ttl: ANSWER_TTL_MS,
      answer: fetch(input, init).then(
        async (res) => ({
          status: res.status,
          headers: [...res.headers.entries()],
          body: await res.text(),
        }),
        (error: unknown) => ({ error }),
      ),
    };
    store.delete(key);
    store.set(key, entry);
    if (store.size > MAX_ENTRIES) store.delete(store.keys().next().value!);
    const answer = await entry.answer;
    if ('error' in answer || answer.status >= 500 || answer.status === 429) {
      entry.ttl = FAILURE_TTL_MS;
    }
    return replay(answer);
  };
  caches.set(chains, { store, fetch: cached });
  return cached;
}
