import type { AllowedIp, AllowedIpCreateRequest } from '@ledgerline/contract';
import { merchantApiRoutes } from '@ledgerline/contract/merchant-api/routes';
import { merchantKeys } from '../keys';
import { companyQuery, idParams, merchantCollection } from './collection';

/* The company's allowed IP ranges (spec 2 §7 public-api/allowedip): list, add, enable/disable, delete. */
const routes = merchantApiRoutes.allowedIps;

export const allowedIps = merchantCollection({
  key: merchantKeys.allowedIps,
  list: async (client, customerId, signal): Promise<AllowedIp[]> =>
    (await client.route(routes.list, { query: companyQuery(customerId) }, { signal })).allowedIps,
  create: (client, customerId, input: Omit<AllowedIpCreateRequest, 'customerId'>) =>
    client.route(routes.create, { body: { customerId, ...input } }),
  update: (client, customerId, id, change: { enabled: boolean }) =>
    client.route(routes.update, { params: idParams(id), body: { customerId, ...change } }),
  remove: (client, customerId, id) =>
    client.route(routes.delete, { params: idParams(id), query: companyQuery(customerId) }),
});
