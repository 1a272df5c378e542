// Projects and jobs a business posts (docs/api.md "Marketplace", docs/product.md "Marketplace").
// Both kinds share the verbs, each `verb(ctx, input)` with the kind in its input; the tables
// and columns come from the kind's descriptor (./kinds.ts, docs/architecture.md "One
// marketplace for two kinds"). One verb or one small family per file, gathered here.

export {
  isAccepting,
  isRecruiting,
  jobDto,
  notRecruiting,
  postingNotFound,
  projectDto,
  type TJobDto,
  type TKind,
  type TProjectDto,
} from './posting-dto';
export { getPosting, getPostingPage, listMyPostings, postingForApplication } from './posting-page';
export { searchPostings, searchWords } from './posting-search';
export {
  createPosting,
  updatePosting,
  type TNewPosting,
  type TPostingFields,
  type TPostingPatch,
} from './posting-write';
