// The shapes of conversations' answers (docs/api.md "Conversations") that several verbs share.

/** A time as the API writes it; raw SQL answers a Date or, on some drivers, a string. */
export const iso = (at: Date | string) => new Date(at).toISOString();

/** An upload as its URL (server/routes/uploads.ts serves it). */
export const uploadUrl = (key: string) => `/api/uploads/${key}`;

type TFileRow = {
  id: number | null;
  storageKey: string | null;
  originalName: string | null;
  mime: string | null;
  size: number | null;
};

/** An attached file, or null (none, or its upload is gone). */
export const fileDto = (f: TFileRow) =>
  f.id === null || f.storageKey === null
    ? null
    : {
        id: f.id,
        url: uploadUrl(f.storageKey),
        name: f.originalName ?? '',
        mime: f.mime ?? '',
        size: f.size ?? 0,
      };
