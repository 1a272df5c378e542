import type { TWebhookEvent } from '@/lib/schemas/webhooks';
import type { TPage } from '@/types/marketplace';
import { api } from './api';

// A company's webhooks through the cache (docs/api.md "Webhooks"): its endpoints and each one's
// delivery log. Adding or deleting an endpoint reads the list again.

export type TWebhook = {
  id: number;
  url: string;
  events: TWebhookEvent[];
  enabled: boolean;
  disabled_at: string | null;
  failures: number;
  created_at: string;
  last_delivery: { status: TDeliveryStatus; created_at: string } | null;
};

export type TDeliveryStatus = 'pending' | 'delivered' | 'failed';

/** The new endpoint, with its secret: answered once. */
export type TNewWebhook = {
  id: number;
  url: string;
  events: TWebhookEvent[];
  secret: string;
  created_at: string;
};

export type TWebhookDelivery = {
  id: number;
  event: TWebhookEvent;
  message_id: string;
  status: TDeliveryStatus;
  attempts: number;
  last_status: number | null;
  last_error: string | null;
  created_at: string;
  delivered_at: string | null;
  next_attempt_at: string | null;
};

const listTag = (companyId: number) => ({ type: 'Webhooks' as const, id: companyId });

export const webhooksApi = api.injectEndpoints({
  endpoints: (b) => ({
    webhooks: b.query<TWebhook[], number>({
      query: (companyId) => ({ method: 'GET', url: `/companies/${companyId}/webhooks` }),
      providesTags: (_r, _e, companyId) => [listTag(companyId)],
    }),
    addWebhook: b.mutation<
      TNewWebhook,
      { companyId: number; url: string; events: TWebhookEvent[] }
    >({
      query: ({ companyId, ...data }) => ({
        method: 'POST',
        url: `/companies/${companyId}/webhooks`,
        data,
      }),
      invalidatesTags: (_r, error, { companyId }) => (error ? [] : [listTag(companyId)]),
    }),
    deleteWebhook: b.mutation<unknown, { companyId: number; webhookId: number }>({
      query: ({ companyId, webhookId }) => ({
        method: 'DELETE',
        url: `/companies/${companyId}/webhooks/${webhookId}`,
      }),
      invalidatesTags: (_r, error, { companyId }) => (error ? [] : [listTag(companyId)]),
    }),
    webhookDeliveries: b.query<
      TPage<TWebhookDelivery>,
      { companyId: number; webhookId: number; page?: number }
    >({
      query: ({ companyId, webhookId, page = 1 }) => ({
        method: 'GET',
        url: `/companies/${companyId}/webhooks/${webhookId}/deliveries?page=${page}`,
      }),
      providesTags: (_r, _e, { companyId }) => [listTag(companyId)],
    }),
  }),
});

export const {
  useWebhooksQuery,
  useAddWebhookMutation,
  useDeleteWebhookMutation,
  useWebhookDeliveriesQuery,
} = webhooksApi;
