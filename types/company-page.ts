import type { TPostingKind } from './marketplace';
import type { TResponsiveness } from './pipeline';

// The company's public page and its record (docs/api.md "Companies and teams").

export type TCompanyRating = { average: number | null; count: number };

/** A company as PATCH /companies/{id} and GET /me/company answer it. */
export type TCompanyRecord = {
  id: number;
  slug: string;
  name: string;
  logo_url: string | null;
  about: string | null;
  website: string | null;
  country_code: string | null;
  rating: TCompanyRating;
};

/** One open posting on the page. */
export type TCompanyPosting = {
  kind: TPostingKind;
  id: number;
  name: string;
  summary: string;
  modality: string;
  country_code: string | null;
  end_date: string | null;
  created_at: string;
};

/** GET /companies/{slug}. */
export type TCompanyPage = Omit<TCompanyRecord, 'rating'> & {
  open_postings: TCompanyPosting[];
  rating: TCompanyRating;
  /** How quickly the company answers its applicants (docs/product.md "Responsiveness"). */
  responsiveness: TResponsiveness;
};

/** GET /me/company: the chosen company and the caller's role in it. */
export type TChosenCompany = {
  company: TCompanyRecord;
  role: 'owner' | 'admin' | 'recruiter';
};
