import { z } from 'zod';
import { idSchema } from './common.ts';
import { fieldLabels } from '../schema-messages.ts';
import { validationMessages as m } from '../messages.ts';

/** A document (ID, contract: PDF or image) or a photo (an image only). */
export const DOCUMENT_KINDS = ['document', 'photo'] as const;
export type DocumentKind = (typeof DOCUMENT_KINDS)[number];

/** What an upload may be, found from its first bytes. */
export const DOCUMENT_TYPES = ['application/pdf', 'image/png', 'image/jpeg', 'image/webp'] as const;
export type DocumentType = (typeof DOCUMENT_TYPES)[number];
export const IMAGE_TYPES: readonly DocumentType[] = ['image/png', 'image/jpeg', 'image/webp'];
/** For the file picker; the server decides from the bytes, not from this list. */
export const DOCUMENT_ACCEPT: Record<DocumentKind, string> = {
  document: '.pdf,.png,.jpg,.jpeg,.webp,application/pdf,image/png,image/jpeg,image/webp',
  photo: '.png,.jpg,.jpeg,.webp,image/png,image/jpeg,image/webp',
};
export const DOCUMENT_NAME_MAX_LENGTH = 200;
export const MAX_DOCUMENTS_PER_DRIVER = 50;

export const driverDocumentSchema = z.object({
  id: z.uuid(),
  driverId: z.uuid(),
  kind: z.enum(DOCUMENT_KINDS),
  name: z.string(),
  contentType: z.enum(DOCUMENT_TYPES),
  sizeBytes: z.number().int(),
  hasThumbnail: z.boolean(),
  uploadedByEmail: z.string().nullable(),
  createdAt: z.iso.datetime({ offset: true }),
});
export type DriverDocument = z.infer<typeof driverDocumentSchema>;

export const driverDocumentListSchema = z.object({ items: z.array(driverDocumentSchema) });
export type DriverDocumentList = z.infer<typeof driverDocumentListSchema>;

export const driverDocumentUploadedSchema = z.object({
  responseCode: z.number().int(),
  msg: z.array(z.string()),
  document: driverDocumentSchema,
});
export type DriverDocumentUploaded = z.infer<typeof driverDocumentUploadedSchema>;

export const documentKindSchema = z.enum(DOCUMENT_KINDS, { error: m.mustBeOneOf(fieldLabels.kind, 'document', 'photo') });

export const driverDocumentParamsSchema = z.object({ driverId: idSchema, documentId: idSchema });

export const documentFileQuerySchema = z.object({
  variant: z.enum(['original', 'thumbnail'], { error: m.mustBeOneOf(fieldLabels.variant, 'original', 'thumbnail') }).default('original'),
});
