import { useMemo } from 'react';
import { useProfileCalls } from '@/services/profile-api';
import { experienceEvents } from '@/store/profile-list-events';
import {
  experienceAdded,
  experienceEdited,
  experienceRemoved,
  experiencesLoaded,
  experiencesSaved,
} from '@/store/profile-slice';
import type { TExperience } from '@/types/user';
import { ExperienceForm } from './experience-form';
import { isSavedId } from '@/lib/profile/save-diff';
import { ListSection, type TListKind } from './list-section';
import { RequestVerification } from './request-verification';

/** Experiences: the list section with the workplace calls (docs/product.md "The calls", "Error catalogue" texts). */
export function ExperiencesSection() {
  const calls = useProfileCalls().workplaces;
  const kind = useMemo<TListKind<TExperience>>(
    () => ({
      id: 'experiences',
      api: calls,
      saved: (s) => s.auth.user?.workplaces ?? [],
      edited: (s) => s.profile.experiences,
      unsaved: (s) => s.profile.unsaved?.experiences ?? false,
      events: experienceEvents,
      markSaved: experiencesSaved,
      actions: {
        loaded: experiencesLoaded,
        added: experienceAdded,
        edited: experienceEdited,
        removed: experienceRemoved,
      },
      view: (e) => ({
        title: e.position,
        subtitle: e.workplace_name,
        start: e.start_date,
        end: e.work_here ? null : e.end_date,
        description: e.description,
      }),
      renderForm: (props) => <ExperienceForm {...props} />,
      messages: { success: 'messages.experiences.success', error: 'messages.experiences.error' },
      texts: {
        add: 'experiences.add',
        empty: 'experiences.empty',
        deleteTitle: 'experiences.delete_title',
        description: 'edit.descriptions.experiences',
      },
    }),
    [calls],
  );
  return (
    <ListSection
      kind={kind}
      extraActions={(item, running) =>
        isSavedId(item.id) ? (
          <RequestVerification
            target={{ kind: 'workplace', entry: item }}
            title={item.position}
            disabled={running}
          />
        ) : null
      }
    />
  );
}
