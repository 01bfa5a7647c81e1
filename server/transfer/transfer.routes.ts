import type { FastifyError } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ListIdParams } from '../../common/schemas/lists.ts';
import { AccountExportFile, ImportPreview, ImportQuery, ImportResult, ListExportFile, ListExportQuery } from '../../common/schemas/transfer.ts';
import { IMPORT_BODY_MAX_BYTES, TRANSFER_MESSAGES } from '../../common/transfer.ts';
import { actorOf } from '../http/authenticate.ts';
import { answerError, errorBody } from '../http/error-handler.ts';
import type { ExportService } from './export.service.ts';
import type { ImportService } from './import.service.ts';

/** The file's bytes as they came: an import reads zips, JSON, CSV and text itself. */
export const IMPORT_CONTENT_TYPE = 'application/octet-stream';

/** `attachment` with the name in both forms browsers read (RFC 6266). */
const attachment = (fileName: string) =>
  `attachment; filename="${fileName.replace(/[^\x20-\x7e]|["\\]/g, '_')}"; filename*=UTF-8''${encodeURIComponent(fileName)}`;

/**
 * Import and export (docs/api.md, "Import and export"). An import's body is the file itself, up
 * to IMPORT_BODY_MAX_BYTES; it is not replayed by Idempotency-Key (its bytes would be fingerprinted),
 * as the import recognises the same file by its digest instead.
 */
export function transferRoutes(imports: ImportService, exports: ExportService): FastifyPluginAsyncZod {
  return async (app) => {
    app.addContentTypeParser(IMPORT_CONTENT_TYPE, { parseAs: 'buffer', bodyLimit: IMPORT_BODY_MAX_BYTES }, (_request, body, done) => done(null, body));
    app.setErrorHandler((error: FastifyError, request, reply) => {
      if (error.code === 'FST_ERR_CTP_BODY_TOO_LARGE') return reply.status(413).send(errorBody('too_large', TRANSFER_MESSAGES.uploadTooLarge));
      return answerError(error, request, reply);
    });
    const upload = { bodyLimit: IMPORT_BODY_MAX_BYTES, config: { idempotency: false } };
    const fileOf = (body: unknown) => (Buffer.isBuffer(body) ? body : Buffer.alloc(0));

    app.post('/imports/preview', { ...upload, schema: { querystring: ImportQuery, response: { 200: ImportPreview } } }, async (request) =>
      imports.preview(actorOf(request), request.query, fileOf(request.body)),
    );
    app.post('/imports', { ...upload, schema: { querystring: ImportQuery, response: { 201: ImportResult } } }, async (request, reply) =>
      reply.status(201).send(await imports.apply(actorOf(request), request.query, fileOf(request.body))),
    );
    app.get('/export', { schema: { response: { 200: AccountExportFile } } }, async (request, reply) => {
      const { fileName, zip } = await exports.exportAccount(actorOf(request));
      return reply.type('application/zip').header('content-disposition', attachment(fileName)).send(Buffer.from(zip.buffer, zip.byteOffset, zip.byteLength));
    });
    app.get('/lists/:id/export', { schema: { params: ListIdParams, querystring: ListExportQuery, response: { 200: ListExportFile } } }, async (request, reply) => {
      const { fileName, contentType, text } = await exports.exportList(actorOf(request), request.params.id, request.query);
      return reply.type(contentType).header('content-disposition', attachment(fileName)).send(text);
    });
  };
}
