import { listQuery } from '@/lib/schemas/common';
import { idSchema } from '@/lib/schemas/profile';
import {
  notificationClickedAnswer,
  notificationsAnswer,
  notificationsClickedAllAnswer,
} from '../answers/notifications';
import { defineOperations } from '../registry';

export const notificationsOperations = defineOperations([
  {
    method: 'get',
    path: '/notifications',
    summary: 'The caller’s notifications, newest first, with how many are unread.',
    tag: 'Notifications',
    auth: 'user',
    query: listQuery(20),
    responses: { 200: notificationsAnswer },
  },
  {
    method: 'patch',
    path: '/notifications/clicked',
    summary: 'Marks one notification as opened.',
    tag: 'Notifications',
    auth: 'user',
    body: idSchema,
    responses: { 200: notificationClickedAnswer },
  },
  {
    method: 'patch',
    path: '/notifications/clicked_all',
    summary: 'Marks every notification as opened.',
    tag: 'Notifications',
    auth: 'user',
    responses: { 200: notificationsClickedAllAnswer },
  },
  {
    method: 'get',
    path: '/notifications/stream',
    summary: 'The live stream of new notifications (server-sent events).',
    tag: 'Notifications',
    auth: 'user',
    responses: {
      200: { contentType: 'text/event-stream', description: 'One `notification` event each.' },
    },
  },
]);
