import { describe, expect, it } from 'vitest';
import {
  businessPath,
  isKind,
  isRecruitingStatus,
  kindFrom,
  kindOfApplication,
  kindOfPosting,
  postingOfApplication,
  KINDS,
  postingPath,
  postingStatusOf,
  statusOf,
} from '@/lib/kinds';
import { JOB_STATUS, PROJECT_STATUS } from '@/lib/statuses';

describe('the kind descriptor', () => {
  it("names the seed's paths and fields of each kind", () => {
    expect(KINDS.project).toMatchObject({
      postings: 'projects',
      applications: 'project_applications',
      statusField: 'accepted',
      postingStatusField: 'project_status_id',
      postingIdField: 'project_id',
    });
    expect(KINDS.job).toMatchObject({
      postings: 'jobs',
      applications: 'job_applications',
      statusField: 'selected',
      postingStatusField: 'job_status_id',
      postingIdField: 'job_id',
    });
  });

  it('builds the public and business addresses of a posting', () => {
    expect(postingPath('project', 5)).toBe('/projects/5');
    expect(postingPath('job', 2)).toBe('/jobs/2');
    expect(businessPath('job', 'new')).toBe('/business/jobs/new');
    expect(businessPath('project', 3, 'applicants')).toBe('/business/projects/3/applicants');
    expect(businessPath('job', 4, 'edit')).toBe('/business/jobs/4/edit');
  });

  it('reads a kind from a query, and anything but "job" is a project', () => {
    expect(kindFrom('job')).toBe('job');
    expect(kindFrom('project')).toBe('project');
    expect(kindFrom(['job'])).toBe('project');
    expect(kindFrom(undefined)).toBe('project');
    expect(isKind('job')).toBe(true);
    expect(isKind('jobs')).toBe(false);
  });

  it("tells an application's and a posting's kind and status by their fields", () => {
    expect(kindOfApplication({ accepted: 1 })).toBe('project');
    expect(kindOfApplication({ selected: 2 })).toBe('job');
    expect(statusOf({ accepted: 1 })).toBe(1);
    expect(statusOf({ selected: 3 })).toBe(3);
    expect(kindOfPosting({ project_status_id: 1 })).toBe('project');
    expect(kindOfPosting({ job_status_id: 2 })).toBe('job');
    expect(postingStatusOf({ job_status_id: 2 })).toBe(2);
    const job = { id: 4, name: 'Data analyst', job_status_id: 2 };
    expect(postingOfApplication({ job } as Parameters<typeof postingOfApplication>[0])).toBe(job);
  });

  it('keeps a job in selection recruiting, and no finished posting', () => {
    expect(isRecruitingStatus('job', JOB_STATUS.inSelection)).toBe(true);
    expect(isRecruitingStatus('project', PROJECT_STATUS.started)).toBe(false);
    expect(isRecruitingStatus('project', PROJECT_STATUS.recruiting)).toBe(true);
    expect(isRecruitingStatus('job', JOB_STATUS.finished)).toBe(false);
  });
});
