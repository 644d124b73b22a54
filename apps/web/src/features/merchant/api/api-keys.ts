import type { ApiKey, ApiKeyCreateRequest } from '@ledgerline/contract';
import { merchantApiRoutes } from '@ledgerline/contract/merchant-api/routes';
import { merchantKeys } from '../keys';
import { companyQuery, idParams, merchantCollection } from './collection';

/*
 * The company's API keys (spec 2 §7 public-api/apikey): list, create (the answer holds the secret,
 * the only time it is shown), rename or enable/disable, delete.
 */
const routes = merchantApiRoutes.apiKeys;

export const apiKeys = merchantCollection({
  key: merchantKeys.apiKeys,
  list: async (client, customerId, signal): Promise<ApiKey[]> =>
    (await client.route(routes.list, { query: companyQuery(customerId) }, { signal })).apiKeys,
  create: (client, customerId, input: Omit<ApiKeyCreateRequest, 'customerId'>) =>
    client.route(routes.create, { body: { customerId, ...input } }),
  update: (client, customerId, id, change: { name?: string; enabled?: boolean }) =>
    client.route(routes.update, { params: idParams(id), body: { customerId, ...change } }),
  remove: (client, customerId, id) =>
    client.route(routes.delete, { params: idParams(id), query: companyQuery(customerId) }),
});
