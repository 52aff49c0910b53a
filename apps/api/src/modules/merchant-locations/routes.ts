// The merchant centre's locations page under /api/merchant/{merchant_id}/ (docs/api.md "Merchant
// centre: locations"): owners and managers, in a session that passed the second factor. Thin:
// schema, service, status.
import multipart from '@fastify/multipart';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { privateNoStore } from '../../lib/http.ts';
import { optionalBody } from '../../lib/request-body.ts';
import { readImageField } from '../media/lib/image-upload-field.ts';
import { UPLOAD_MAX_BYTES } from '../media/lib/uploaded-images.ts';
import { currentMember, requireMerchantRole } from '../merchant-access/lib/access.ts';
import { MerchantParams } from '../merchant-insights/schema.ts';
import { LocationParams, MerchantListingOut, MerchantLocationOut, MerchantLocationUpdateBody } from './schema.ts';
import { changeLocation, getListing, uploadImage } from './service.ts';

const security = [{ bearer: [] }];
const tags = ['merchant: locations'];
const ownerOrManager = requireMerchantRole('owner', 'manager');
const WHO = 'Owners and managers of the business, in a session that passed the second factor.';

export const merchantLocationRoutes: FastifyPluginAsyncZod = async (app) => {
  const { deps } = app;
  await app.register(multipart, { limits: { fileSize: UPLOAD_MAX_BYTES, files: 1 } });

  app.get(
    '/api/merchant/:merchant_id/locations/',
    { onRequest: ownerOrManager, schema: { tags, summary: "The business's logo, photo and locations (hours, phone, links)", description: WHO, security, params: MerchantParams, response: { 200: MerchantListingOut } } },
    async (request, reply) => {
      privateNoStore(reply);
      return getListing(deps, currentMember(request).merchantId);
    },
  );

  app.patch(
    '/api/merchant/:merchant_id/locations/:id/',
    {
      onRequest: ownerOrManager,
      schema: {
        tags,
        summary: "Change a location's opening hours, phone, website, menu or booking link",
        description: `${WHO} The fields sent change; null or blank clears one. Links are http:// or https:// addresses; opening hours are {mon: [{open: "09:00", close: "17:00"}], ...} (at most 3 ranges a day, open before close; absent days closed). \`version\` is the one you read (409 with \`current\` otherwise). Name, address and pin are LocalSaver's. Audited (location.merchant_update).`,
        security,
        params: LocationParams,
        body: optionalBody(MerchantLocationUpdateBody),
        response: { 200: MerchantLocationOut },
      },
    },
    async (request, reply) => {
      privateNoStore(reply);
      const member = currentMember(request);
      return changeLocation(deps, member, member.merchantId, request.params.id, request.body, request.ip);
    },
  );

  for (const kind of ['logo', 'photo'] as const) {
    app.put(
      `/api/merchant/:merchant_id/${kind}/`,
      {
        onRequest: ownerOrManager,
        schema: {
          tags,
          summary: `Replace the business's ${kind}: multipart, one file field \`file\``,
          description: `${WHO} JPEG, PNG, WebP or AVIF up to 5 MB (checked by its bytes); ${kind === 'logo' ? 'fitted into 400 x 400' : 'at most 1600 wide'}, re-encoded as WebP without metadata (the console's pipeline). Audited (merchant.upload_${kind}).`,
          consumes: ['multipart/form-data'],
          security,
          params: MerchantParams,
          response: { 200: MerchantListingOut.shape.merchant },
        },
      },
      async (request, reply) => {
        privateNoStore(reply);
        const member = currentMember(request);
        return uploadImage(deps, member, member.merchantId, kind, await readImageField(request), request.ip);
      },
    );
  }
};
