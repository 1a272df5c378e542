// docs/product.md "States and transitions" "Saving lists", and the runners that make a save safe to interrupt and to retry.
// Pure: the calls come in as a parameter, so the same code runs against the API and in tests.

/** What one call answered (a client service's outcome): done with its data, or not done. */
export type TCall<T = unknown> = { ok: true; data: T } | { ok: false; failure?: unknown };

/** An entry of an edited list: a numeric id once the server has it, a temporary one before. */
export type TListItem = { id: number | string; verify_status_id?: number };

/** What is sent for an entry: neither its id nor `verify_status_id` (docs/product.md "Entities and fields": dropped before saving). */
export type TPayload<T extends TListItem> = Omit<T, 'id' | 'verify_status_id'>;

/** Whether the server already holds the entry (docs/product.md "States and transitions": "items with a numeric id"). */
export const isSavedId = (id: unknown): id is number =>
  typeof id === 'number' && Number.isInteger(id) && id > 0;

/** A temporary id for an entry the server does not hold yet. */
export const newTempId = () =>
  `new-${Date.now().toString(36)}-${Math.random().toString(36).slice(2, 8)}`;

export function toPayload<T extends TListItem>(item: T): TPayload<T> {
  const { id: _id, verify_status_id: _status, ...rest } = item;
  return rest;
}

// Empty texts, null and a missing field all mean "nothing": the form and the server spell it differently.
const blank = (v: unknown) => (v === undefined || v === '' ? null : v);

function sameContent(a: TListItem, b: TListItem): boolean {
  const pa = toPayload(a) as Record<string, unknown>;
  const pb = toPayload(b) as Record<string, unknown>;
  const keys = new Set([...Object.keys(pa), ...Object.keys(pb)]);
  return [...keys].every((k) => blank(pa[k]) === blank(pb[k]));
}

export type TListPlan<T extends TListItem> = { creates: T[]; updates: T[]; deletes: number[] };

/**
 * docs/product.md "States and transitions": entries without a numeric id are created, those with one that changed are updated,
 * those the server holds but the edited list lacks are deleted; unchanged ones are left alone.
 */
export function diffList<T extends TListItem>(saved: T[], edited: T[]): TListPlan<T> {
  const before = new Map<number, T>();
  for (const item of saved) if (isSavedId(item.id)) before.set(item.id, item);
  const kept = new Set<number>();
  const plan: TListPlan<T> = { creates: [], updates: [], deletes: [] };
  for (const item of edited) {
    if (!isSavedId(item.id)) {
      plan.creates.push(item);
      continue;
    }
    kept.add(item.id);
    const old = before.get(item.id);
    if (!old || !sameContent(old, item)) plan.updates.push(item);
  }
  plan.deletes = [...before.keys()].filter((id) => !kept.has(id));
  return plan;
}

export type TListApi<T extends TListItem> = {
  create: (payload: TPayload<T>) => Promise<TCall<T>>;
  update: (payload: TPayload<T> & { id: number }) => Promise<TCall<T>>;
  remove: (id: number) => Promise<TCall>;
};

/** Told after each call that succeeded, so the caller's state always matches the server's. */
export type TListEvents<T extends TListItem> = {
  created: (tempId: T['id'], item: T) => void;
  updated: (item: T) => void;
  deleted: (id: number) => void;
  progress?: (done: number, total: number) => void;
};

export type TSaveOutcome = {
  ok: boolean;
  total: number;
  failed: number;
  /** Why the first failed call failed (its service's failure), for the message. */
  failure?: unknown;
};

/** Runs one call; a thrown error counts as a failed call, never as a lost save. */
async function attempt<T>(call: () => Promise<TCall<T>>): Promise<TCall<T>> {
  try {
    return await call();
  } catch (error) {
    return { ok: false, failure: error };
  }
}

/**
 * Saves an edited list against what the server holds (`saved`). Calls run one after another and
 * a failed one does not stop the rest. Each success is reported through `events` (a created entry
 * with its server id), so after a failure `saved` and `edited` already reflect what went through
 * and running this again makes only the remaining calls: nothing is created twice.
 */
export async function runListSave<T extends TListItem>(
  saved: T[],
  edited: T[],
  api: TListApi<T>,
  events: TListEvents<T>,
): Promise<TSaveOutcome> {
  const plan = diffList(saved, edited);
  // Deletes first: they free room under the server's per-user limits for the creates.
  let failure: unknown;
  const failedWith = (res: TCall<unknown>) => {
    if (!res.ok) failure ??= res.failure;
    return false;
  };
  const calls: (() => Promise<boolean>)[] = [
    ...plan.deletes.map((id) => async () => {
      const res = await attempt(() => api.remove(id));
      if (!res.ok) return failedWith(res);
      events.deleted(id);
      return true;
    }),
    ...plan.updates.map((item) => async () => {
      const res = await attempt(() => api.update({ ...toPayload(item), id: item.id as number }));
      if (!res.ok) return failedWith(res);
      events.updated(res.data && isSavedId(res.data.id) ? res.data : item);
      return true;
    }),
    ...plan.creates.map((item) => async () => {
      const res = await attempt(() => api.create(toPayload(item)));
      if (!res.ok) return failedWith(res);
      if (!res.data || !isSavedId(res.data.id)) return false;
      events.created(item.id, res.data);
      return true;
    }),
  ];
  let failed = 0;
  events.progress?.(0, calls.length);
  for (const [i, call] of calls.entries()) {
    if (!(await call())) failed += 1;
    events.progress?.(i + 1, calls.length);
  }
  return { ok: failed === 0, total: calls.length, failed, ...(failure ? { failure } : {}) };
}

/**
 * Where a replace-all save stopped: the list it was saving, the values not yet added and what
 * the server answered for those it did add.
 */
export type TTagsPending<V, A = unknown> = { target: string; remaining: V[]; added: A[] };

export type TTagsApi<V, A = unknown> = {
  clearAll: () => Promise<TCall>;
  add: (value: V) => Promise<TCall<A>>;
};

export type TTagsOutcome<V, A = unknown> = {
  ok: boolean;
  /** What the server answered for each value it holds now (across retries), in order. */
  added: A[];
  /** The clear-all call failed: nothing changed on the server and the save stops silently (docs/product.md "The calls"). */
  aborted: boolean;
  /** What a retry still has to add, or null when nothing is left. */
  pending: TTagsPending<V, A> | null;
  /** Why the first failed call failed (its service's failure), for the message. */
  failure?: unknown;
};

/**
 * docs/product.md "The calls": skills, roles of interest and languages are replaced: DELETE all, then POST each. When
 * some POSTs fail, `pending` remembers them; a retry of the same list adds only those (the server
 * already holds the others). A different list starts over with DELETE all.
 */
export async function runTagsSave<V, A = unknown>(
  values: V[],
  api: TTagsApi<V, A>,
  previous: TTagsPending<V, A> | null = null,
  progress?: (done: number, total: number) => void,
): Promise<TTagsOutcome<V, A>> {
  const target = JSON.stringify(values);
  const resuming = previous !== null && previous.target === target;
  if (!resuming) {
    const cleared = await attempt(api.clearAll);
    if (!cleared.ok) return { ok: false, added: [], aborted: true, pending: null };
  }
  const todo = resuming ? previous.remaining : values;
  const remaining: V[] = [];
  const added: A[] = resuming ? [...previous.added] : [];
  progress?.(0, todo.length);
  let failure: unknown;
  for (const [i, value] of todo.entries()) {
    const res = await attempt(() => api.add(value));
    if (res.ok) added.push(res.data);
    else {
      remaining.push(value);
      failure ??= res.failure;
    }
    progress?.(i + 1, todo.length);
  }
  return remaining.length === 0
    ? { ok: true, added, aborted: false, pending: null }
    : {
        ok: false,
        added,
        aborted: false,
        pending: { target, remaining, added },
        ...(failure ? { failure } : {}),
      };
}
