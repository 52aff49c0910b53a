// Merchant photos through HTTP (docs/api.md "Merchant photos"): the business centre's calls under
// /api/merchant/{merchant_id}/photos/ (owners and managers, second factor passed) and the
// console's under /api/console/merchants/{id}/photos/ (editors). Thin: schema, service, status.
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { privateNoStore } from '../../lib/http.ts';
import { optionalBody } from '../../lib/request-body.ts';
import { assertStaffMayEditMerchant } from '../console-merchants/service.ts';
import { readImageUpload, registerImageUploads, uploadDescription } from '../media/lib/image-upload-field.ts';
import { currentMember, requireMerchantRole } from '../merchant-access/lib/access.ts';
import { MerchantParams } from '../merchant-insights/schema.ts';
import { currentStaff, requireStaff } from '../staff/lib/guard.ts';
import { IdParams } from '../console-merchants/schema.ts';
import { CentrePhotoParams, ConsolePhotoParams, MerchantPhotoListOut, MerchantPhotoOut, PhotoUpdateBody } from './schema.ts';
import { addPhoto, changePhoto, listPhotos, removePhoto } from './service.ts';
import { MERCHANT_PHOTOS_MAX } from '@market/domain/validation/merchant-photos';

const security = [{ bearer: [] }];
const centreTags = ['merchant: photos'];
const consoleTags = ['console: merchants'];
const ownerOrManager = requireMerchantRole('owner', 'manager');
const editors = requireStaff('editor');
const WHO = 'Owners and managers of the business, in a session that passed the second factor.';
const UPLOAD = `${uploadDescription('at most 1600 wide')} Text fields before the file: \`alt\` (required, at most 200 characters: what the photo shows) and \`location_id\` (optional: one of the business's locations; absent or blank for every location). At most ${MERCHANT_PHOTOS_MAX} photos a business (400 naming \`file\` beyond). Published at once.`;

export const merchantPhotoRoutes: FastifyPluginAsyncZod = async (app) => {
  const { deps } = app;
  // Multipart bodies are read by the upload routes of this plugin only.
  await registerImageUploads(app);

  app.get(
    '/api/merchant/:merchant_id/photos/',
    { onRequest: ownerOrManager, schema: { tags: centreTags, summary: "The business's photos, in order", description: WHO, security, params: MerchantParams, response: { 200: MerchantPhotoListOut } } },
    async (request, reply) => {
      privateNoStore(reply);
      return listPhotos(deps, currentMember(request).merchantId);
    },
  );

  app.post(
    '/api/merchant/:merchant_id/photos/',
    {
      onRequest: ownerOrManager,
      schema: { tags: centreTags, summary: 'Add a photo: multipart, text fields `alt` and `location_id`, then the file field `file`', description: `${WHO} ${UPLOAD} Audited (merchant_photo.create).`, consumes: ['multipart/form-data'], security, params: MerchantParams, response: { 201: MerchantPhotoOut } },
    },
    async (request, reply) => {
      privateNoStore(reply);
      const member = currentMember(request);
      const photo = await addPhoto(deps, member.user, member.merchantId, await readImageUpload(request), request.ip);
      return reply.status(201).send(photo);
    },
  );

  app.patch(
    '/api/merchant/:merchant_id/photos/:id/',
    {
      onRequest: ownerOrManager,
      schema: {
        tags: centreTags,
        summary: "Change a photo's alt text or location, or move it",
        description: `${WHO} The fields sent change. \`position\` is the photo's place in the list (0 first); the others close up behind it. \`location_id\` null: every location. Audited (merchant_photo.update).`,
        security,
        params: CentrePhotoParams,
        body: optionalBody(PhotoUpdateBody),
        response: { 200: MerchantPhotoOut },
      },
    },
    async (request, reply) => {
      privateNoStore(reply);
      const member = currentMember(request);
      return changePhoto(deps, member.user, member.merchantId, request.params.id, request.body, request.ip);
    },
  );

  app.delete(
    '/api/merchant/:merchant_id/photos/:id/',
    { onRequest: ownerOrManager, schema: { tags: centreTags, summary: 'Remove a photo (gone from the saver page at once)', description: `${WHO} Audited (merchant_photo.delete).`, security, params: CentrePhotoParams } },
    async (request, reply) => {
      const member = currentMember(request);
      await removePhoto(deps, member.user, member.merchantId, request.params.id, request.ip);
      return privateNoStore(reply).status(204).send();
    },
  );

  app.get(
    '/api/console/merchants/:id/photos/',
    { onRequest: editors, schema: { tags: consoleTags, summary: "A merchant's photos, in order (editors)", security, params: IdParams, response: { 200: MerchantPhotoListOut } } },
    async (request, reply) => {
      privateNoStore(reply);
      await assertStaffMayEditMerchant(deps, currentStaff(request), request.params.id);
      return listPhotos(deps, request.params.id);
    },
  );

  app.post(
    '/api/console/merchants/:id/photos/',
    {
      onRequest: editors,
      schema: { tags: consoleTags, summary: 'Add a photo to a merchant (editors): multipart, `alt`, `location_id`, then `file`', description: `${UPLOAD} Audited (merchant_photo.create).`, consumes: ['multipart/form-data'], security, params: IdParams, response: { 201: MerchantPhotoOut } },
    },
    async (request, reply) => {
      privateNoStore(reply);
      const staff = currentStaff(request);
      await assertStaffMayEditMerchant(deps, staff, request.params.id);
      const photo = await addPhoto(deps, staff, request.params.id, await readImageUpload(request), request.ip);
      return reply.status(201).send(photo);
    },
  );

  app.delete(
    '/api/console/merchants/:id/photos/:photo_id/',
    { onRequest: editors, schema: { tags: consoleTags, summary: "Remove a merchant's photo (editors)", description: 'Gone from the saver page at once. Audited (merchant_photo.delete).', security, params: ConsolePhotoParams } },
    async (request, reply) => {
      const staff = currentStaff(request);
      await assertStaffMayEditMerchant(deps, staff, request.params.id);
      await removePhoto(deps, staff, request.params.id, request.params.photo_id, request.ip);
      return privateNoStore(reply).status(204).send();
    },
  );
};
