import { useTranslation } from 'next-i18next/pages';
import { useMemo } from 'react';
import { Button } from '@/components/ui/button';
import { newTempId, type TListApi } from '@/lib/profile/save-diff';
import type { TI18n } from '@/services/result';
import { createWorkplace, deleteWorkplace, updateWorkplace } from '@/services/profile-service';
import { useAppDispatch, useAppSelector } from '@/store/hooks';
import { experienceSaveEvents } from '@/store/profile-save-events';
import {
  experienceAdded,
  experienceEdited,
  experienceRemoved,
  experiencesLoaded,
  experiencesSaved,
  selectExperiences,
  selectUnsaved,
} from '@/store/profile-slice';
import type { TExperience, TUser } from '@/types/user';
import { EditSection, SaveBar } from './edit-section';
import { ExperienceForm } from './experience-form';
import { ListEditor } from './list-editor';
import { useListSave } from './use-list-save';

/** The experience endpoints as the save runner calls them. */
export const experienceApi = (i18n: TI18n): TListApi<TExperience> => ({
  create: (payload) => createWorkplace(payload, i18n),
  update: (payload) => updateWorkplace(payload, i18n),
  remove: (id) => deleteWorkplace(id, i18n),
});

const EXPERIENCES_MESSAGES = {
  success: 'messages.experiences.success',
  error: 'messages.experiences.error',
};

/** Experiences: edited here as a list, saved by diff with the section's Save button (seed §4). */
export function ExperiencesSection({
  api,
  reloadUser,
}: {
  api?: TListApi<TExperience>;
  reloadUser?: (id: number) => Promise<TUser | null>;
}) {
  const { t, i18n } = useTranslation('profile');
  const dispatch = useAppDispatch();
  const items = useAppSelector(selectExperiences);
  const unsaved = useAppSelector(selectUnsaved).experiences;
  const user = useAppSelector((s) => s.auth.user);
  const defaultApi = useMemo(() => experienceApi(i18n), [i18n]);
  const { save, progress, failed, running } = useListSave<TExperience>({
    api: api ?? defaultApi,
    saved: (s) => s.auth.user?.workplaces ?? [],
    edited: (s) => s.profile.experiences,
    events: experienceSaveEvents,
    markSaved: experiencesSaved,
    load: experiencesLoaded,
    messages: EXPERIENCES_MESSAGES,
    reloadUser,
  });

  return (
    <EditSection
      id="experiences"
      description={t('edit.descriptions.experiences')}
      footer={
        <SaveBar
          onSave={() => void save()}
          progress={progress}
          dirty={unsaved}
          failed={failed}
          extra={
            unsaved && !running && user ? (
              <Button variant="ghost" onClick={() => dispatch(experiencesLoaded(user.workplaces))}>
                {t('section.discard')}
              </Button>
            ) : null
          }
        />
      }
    >
      <ListEditor<TExperience>
        items={items}
        disabled={running}
        view={(e) => ({
          title: e.position,
          subtitle: e.workplace_name,
          start: e.start_date,
          end: e.work_here ? null : e.end_date,
          description: e.description,
        })}
        renderForm={(item, close) => (
          <ExperienceForm
            item={item}
            onCancel={close}
            onSubmit={(values) => {
              if (item) dispatch(experienceEdited({ id: item.id, changes: values }));
              else dispatch(experienceAdded({ ...values, id: newTempId() }));
              close();
            }}
          />
        )}
        onRemove={(item) => dispatch(experienceRemoved(item.id))}
        texts={{
          add: t('experiences.add'),
          empty: t('experiences.empty'),
          deleteTitle: (v) => t('experiences.delete_title', { name: `${v.title} · ${v.subtitle}` }),
        }}
      />
    </EditSection>
  );
}
