import { useTranslation } from 'next-i18next/pages';
import { useMemo, useRef, useState } from 'react';
import { Button } from '@/components/ui/button';
import { isSavedId, newTempId, type TCall, type TListApi } from '@/lib/profile/save-diff';
import { getUser } from '@/services/auth-service';
import {
  createStudyCentre,
  deleteStudyCentre,
  updateStudyCentre,
  verifyStudyCentre,
} from '@/services/profile-service';
import type { TI18n } from '@/services/result';
import { userRefreshed } from '@/store/auth-slice';
import { useAppDispatch, useAppSelector } from '@/store/hooks';
import { educationSaveEvents } from '@/store/profile-save-events';
import {
  educationAdded,
  educationEdited,
  educationRemoved,
  educationsLoaded,
  educationsSaved,
  selectEducations,
  selectUnsaved,
} from '@/store/profile-slice';
import type { TEducation, TUser } from '@/types/user';
import { EditSection, SaveBar } from './edit-section';
import { EducationForm } from './education-form';
import { ListEditor } from './list-editor';
import { StudyVerification, type TStudyToVerify } from './study-verification';
import { useListSave } from './use-list-save';

export type TEducationApi = TListApi<TEducation> & { verify: (studyId: number) => Promise<TCall> };

/** The education endpoints as the save runner and the verification dialog call them. */
export const educationApi = (i18n: TI18n): TEducationApi => ({
  create: (payload) => createStudyCentre(payload, i18n),
  update: (payload) => updateStudyCentre(payload, i18n),
  remove: (id) => deleteStudyCentre(id, i18n),
  verify: (studyId) => verifyStudyCentre(studyId, i18n),
});

const EDUCATION_MESSAGES = {
  success: 'messages.education.success',
  error: 'messages.education.error',
};
/** Verification can be asked while not requested (1) or after a rejection (4). */
const CAN_REQUEST = new Set([1, 4]);

/**
 * Education: edited as a list and saved by diff (seed §4). A new centre the platform does not
 * know (`is_known` false in the POST answer) leads to the verification question (seed §2).
 */
export function EducationsSection({
  api,
  reloadUser = getUser,
}: {
  api?: TEducationApi;
  reloadUser?: (id: number) => Promise<TUser | null>;
}) {
  const { t, i18n } = useTranslation('profile');
  const dispatch = useAppDispatch();
  const items = useAppSelector(selectEducations);
  const unsaved = useAppSelector(selectUnsaved).educations;
  const user = useAppSelector((s) => s.auth.user);
  const defaultApi = useMemo(() => educationApi(i18n), [i18n]);
  const calls = api ?? defaultApi;
  const [queue, setQueue] = useState<TStudyToVerify[]>([]);
  const unknown = useRef<TStudyToVerify[]>([]);

  const { save, progress, failed, running } = useListSave<TEducation>({
    api: calls,
    saved: (s) => s.auth.user?.study_centres ?? [],
    edited: (s) => s.profile.educations,
    events: (d) => educationSaveEvents(d, (study) => unknown.current.push(study)),
    markSaved: educationsSaved,
    load: educationsLoaded,
    messages: EDUCATION_MESSAGES,
    reloadUser,
  });

  async function saveAndAsk() {
    unknown.current = [];
    await save();
    // Asked even after a partial failure: those centres are on the server already.
    if (unknown.current.length > 0) setQueue((q) => [...q, ...unknown.current]);
  }

  async function verified() {
    const fresh = user ? await reloadUser(user.id) : null;
    if (fresh) dispatch(userRefreshed(fresh));
  }

  return (
    <EditSection
      id="educations"
      description={t('edit.descriptions.educations')}
      footer={
        <SaveBar
          onSave={() => void saveAndAsk()}
          progress={progress}
          dirty={unsaved}
          failed={failed}
          extra={
            unsaved && !running && user ? (
              <Button
                variant="ghost"
                onClick={() => dispatch(educationsLoaded(user.study_centres))}
              >
                {t('section.discard')}
              </Button>
            ) : null
          }
        />
      }
    >
      <ListEditor<TEducation>
        items={items}
        disabled={running}
        view={(e) => ({
          title: e.course_name,
          subtitle: e.name,
          start: e.start_date,
          end: e.studying_here ? null : e.end_date,
          description: e.description,
        })}
        renderForm={(item, close) => (
          <EducationForm
            item={item}
            onCancel={close}
            onSubmit={(values) => {
              if (item) dispatch(educationEdited({ id: item.id, changes: values }));
              else dispatch(educationAdded({ ...values, id: newTempId() }));
              close();
            }}
          />
        )}
        onRemove={(item) => dispatch(educationRemoved(item.id))}
        extraActions={(item) =>
          isSavedId(item.id) && CAN_REQUEST.has(item.verify_status_id ?? 1) ? (
            <Button
              variant="ghost"
              disabled={running}
              onClick={() => setQueue((q) => [...q, { id: item.id as number, name: item.name }])}
            >
              {t('verify.request')}
            </Button>
          ) : null
        }
        texts={{
          add: t('educations.add'),
          empty: t('educations.empty'),
          deleteTitle: (v) => t('educations.delete_title', { name: `${v.title} · ${v.subtitle}` }),
        }}
      />
      <StudyVerification
        queue={queue}
        onNext={() => setQueue((q) => q.slice(1))}
        verify={calls.verify}
        onVerified={() => void verified()}
      />
    </EditSection>
  );
}
