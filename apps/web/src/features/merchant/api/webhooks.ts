import { useInfiniteQuery, useMutation, useQueryClient } from '@tanstack/react-query';
import { webhookRoutes, type Webhook, type WebhookUpdateBody } from '@ledgerline/contract';
import { useApiClient } from '@/app/session';
import { merchantKeys, type WebhookLogFilter } from '../keys';
import { companyQuery, idParams, merchantCollection } from './collection';

/*
 * The company's webhook endpoints (spec 2 §7 public-api/webhook): list, create and rotate (their
 * answers hold the `whsec_` secret, the only times it is shown), change, delete, ping a URL; and
 * the request log (public-api/webhookRequest), 20 attempts a page by cursor, with redelivery.
 * The routes that name an endpoint act for the session's company (its Customer-Id).
 */
export const webhooks = merchantCollection({
  key: merchantKeys.webhooks,
  list: async (client, customerId, signal): Promise<Webhook[]> =>
    (await client.route(webhookRoutes.list, { query: companyQuery(customerId) }, { signal }))
      .webhooks,
  create: (client, customerId, input: { name: string; url: string; enabled?: boolean }) =>
    client.route(webhookRoutes.create, { body: { customerId, ...input } }),
  update: (client, _customerId, id, change: WebhookUpdateBody) =>
    client.route(webhookRoutes.update, { params: idParams(id), body: change }),
  remove: (client, _customerId, id) => client.route(webhookRoutes.remove, { params: idParams(id) }),
});

export function useRotateWebhookSecret(customerId: number) {
  const client = useApiClient();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => client.route(webhookRoutes.rotateSecret, { params: idParams(id) }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: merchantKeys.webhooks(customerId) }),
  });
}

/** Whether a URL may be used and what it answers (nothing is stored). */
export function usePingWebhook(customerId: number) {
  const client = useApiClient();
  return useMutation({
    mutationFn: (url: string) => client.route(webhookRoutes.ping, { body: { customerId, url } }),
  });
}

/** The delivery attempts, newest first, a page at a time by the cursor the previous page answered. */
export function useWebhookLog(customerId: number, filter: WebhookLogFilter | null) {
  const client = useApiClient();
  return useInfiniteQuery({
    queryKey: merchantKeys.webhookLog(customerId, filter ?? {}),
    enabled: filter !== null,
    initialPageParam: undefined as string | undefined,
    queryFn: ({ pageParam, signal }) =>
      client.route(
        webhookRoutes.requests,
        {
          query: {
            ...companyQuery(customerId),
            ...(filter?.query ? { query: filter.query } : {}),
            ...(filter?.fromDate ? { fromDate: filter.fromDate } : {}),
            ...(filter?.toDate ? { toDate: filter.toDate } : {}),
            ...(pageParam ? { cursor: pageParam } : {}),
          },
        },
        { signal },
      ),
    getNextPageParam: (page) => page.nextCursor ?? undefined,
  });
}

/** Sends one message again by hand (the same webhook-id); the log then shows the new attempt. */
export function useRedeliver(customerId: number) {
  const client = useApiClient();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (messageId: string) =>
      client.route(webhookRoutes.redeliver, { params: { messageId } }),
    onSuccess: () =>
      queryClient.invalidateQueries({ queryKey: merchantKeys.webhookLog(customerId) }),
  });
}
