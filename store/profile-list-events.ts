import type { TListEvents } from '@/lib/profile/save-diff';
import type { TEducation, TExperience } from '@/types/user';
import {
  becameBusiness,
  studyCentreDeleted,
  studyCentreSaved,
  workplaceDeleted,
  workplaceSaved,
} from './auth-slice';
import type { AppDispatch } from './index';
import { educationCreated, experienceCreated } from './profile-slice';

/**
 * What each successful call of an experiences save changes in the store: the user's copy
 * follows the server, and a created draft takes its server id in the edited list (so a retry
 * never creates it twice). docs/product.md "States and transitions": a workplace saved with enable_business makes a business.
 */
export const experienceEvents = (dispatch: AppDispatch): TListEvents<TExperience> => ({
  created: (tempId, item) => {
    dispatch(experienceCreated({ tempId, item }));
    dispatch(workplaceSaved(item));
    if (item.enable_business) dispatch(becameBusiness());
  },
  updated: (item) => {
    dispatch(workplaceSaved(item));
    if (item.enable_business) dispatch(becameBusiness());
  },
  deleted: (id) => dispatch(workplaceDeleted({ id })),
});

/**
 * The same for education. `POST /user_study_centres` also answers `is_known`: it is not part of
 * the entry; a centre the platform did not know goes to `onUnknown` (the verification question).
 */
export const educationEvents = (
  dispatch: AppDispatch,
  onUnknown: (study: TEducation) => void = () => {},
): TListEvents<TEducation> => ({
  created: (tempId, created) => {
    const { is_known: isKnown, ...item } = created as TEducation & { is_known?: boolean };
    dispatch(educationCreated({ tempId, item }));
    dispatch(studyCentreSaved(item));
    if (isKnown === false) onUnknown(item);
  },
  updated: (item) => dispatch(studyCentreSaved(item)),
  deleted: (id) => dispatch(studyCentreDeleted({ id })),
});
