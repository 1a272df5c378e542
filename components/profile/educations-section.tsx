import { useMemo, useRef, useState } from 'react';
import { isSavedId } from '@/lib/profile/save-diff';
import { useProfileCalls } from '@/services/profile-api';
import { educationEvents } from '@/store/profile-list-events';
import {
  educationAdded,
  educationEdited,
  educationRemoved,
  educationsLoaded,
  educationsSaved,
} from '@/store/profile-slice';
import type { TEducation } from '@/types/user';
import { EducationForm } from './education-form';
import { ListSection, type TListKind } from './list-section';
import { RequestVerification } from './request-verification';
import { StudyVerification } from './study-verification';

/**
 * Education: the list section with the study-centre calls. A new centre the platform does not
 * know (`is_known` false in the POST answer) leads to the verification question (docs/product.md "Screens and routes").
 */
export function EducationsSection() {
  const calls = useProfileCalls().studyCentres;
  const [queue, setQueue] = useState<TEducation[]>([]);
  const unknown = useRef<TEducation[]>([]);

  const kind = useMemo<TListKind<TEducation>>(
    () => ({
      id: 'educations',
      api: calls,
      saved: (s) => s.auth.user?.study_centres ?? [],
      edited: (s) => s.profile.educations,
      unsaved: (s) => s.profile.unsaved?.educations ?? false,
      events: (dispatch) => educationEvents(dispatch, (study) => unknown.current.push(study)),
      markSaved: educationsSaved,
      actions: {
        loaded: educationsLoaded,
        added: educationAdded,
        edited: educationEdited,
        removed: educationRemoved,
      },
      view: (e) => ({
        title: e.course_name,
        subtitle: e.name,
        start: e.start_date,
        end: e.studying_here ? null : e.end_date,
        description: e.description,
      }),
      renderForm: (props) => <EducationForm {...props} />,
      messages: { success: 'messages.education.success', error: 'messages.education.error' },
      texts: {
        add: 'educations.add',
        empty: 'educations.empty',
        deleteTitle: 'educations.delete_title',
        description: 'edit.descriptions.educations',
      },
    }),
    [calls],
  );

  // Asked even after a partial failure: those centres are on the server already.
  const saveAndAsk = async (save: () => Promise<unknown>) => {
    unknown.current = [];
    await save();
    if (unknown.current.length > 0) setQueue((q) => [...q, ...unknown.current]);
  };

  return (
    <ListSection
      kind={kind}
      onSave={saveAndAsk}
      extraActions={(item, running) =>
        isSavedId(item.id) ? (
          <RequestVerification
            target={{ kind: 'study', entry: item }}
            title={item.course_name}
            disabled={running}
          />
        ) : null
      }
    >
      <StudyVerification
        queue={queue}
        onNext={() => setQueue((q) => q.slice(1))}
        verify={calls.verify}
      />
    </ListSection>
  );
}
