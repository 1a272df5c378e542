// A talent's applications to projects and jobs (docs/api.md "Marketplace"): one per posting
// (a unique index, so concurrent tries leave one row), edited or withdrawn while the posting
// recruits. Each verb is `verb(ctx, input)` with the kind in its input (docs/architecture.md
// "One marketplace for two kinds"); one verb or one small family per file, gathered here.

export {
  applicationNotFound,
  fileColumns,
  fileDto,
  jobApplicationDto,
  projectApplicationDto,
  type TApplicationDto,
} from './application-dto';
export { listMyApplications, ownApplication } from './application-read';
export {
  applyTo,
  type TApplyInput,
  type TJobApplyFields,
  type TProjectApplyFields,
} from './application-apply';
export {
  moveApplication,
  moveApplications,
  updateApplication,
  withdrawApplication,
  type TApplicationPatch,
} from './application-edit';
