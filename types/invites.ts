import type { TPostingKind } from './marketplace';

// Invitations to apply (docs/api.md "Invitations to apply").

/** `POST /projects/{id}/invites`, `POST /jobs/{id}/invites`: the invitation written. */
export type TPostingInvite = {
  id: number;
  kind: TPostingKind;
  posting_id: number;
  talent_id: number;
  message: string | null;
  created_at: string;
};

/** An item of `GET /me/invites`. */
export type TMyInvite = {
  id: number;
  posting: {
    kind: TPostingKind;
    id: number;
    name: string;
    company: { id: number; slug: string; name: string; logo_url: string | null };
  };
  /** Who invited; null once their account is gone. */
  inviter: { name: string; last_name: string } | null;
  message: string | null;
  created_at: string;
  /** Whether the talent has applied to the posting since. */
  applied: boolean;
};
