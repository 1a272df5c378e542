import * as v from 'valibot';
import { ok } from '../registry';
import { notificationAnswer } from './users';

// Notifications (docs/api.md "Notifications").

const count = () => v.pipe(v.number(), v.integer());

/** A page of a list as server/services/profile/common.ts paginated() writes it. */
export const page = <S extends v.GenericSchema>(item: S) => ({
  data: v.array(item),
  total: count(),
  page: count(),
  per_page: count(),
  last_page: count(),
});

export const notificationsAnswer = ok(
  v.strictObject({ ...page(notificationAnswer), unread: count() }),
);

export const notificationClickedAnswer = ok(notificationAnswer);

export const notificationsClickedAllAnswer = ok(v.strictObject({ updated: count() }));
