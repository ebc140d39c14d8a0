import { randomUUID } from 'node:crypto';
import { createWriteStream } from 'node:fs';
import { mkdir, rm, stat } from 'node:fs/promises';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import { MEDIA_MESSAGES } from '@pathwise/contract';
import type { FastifyRequest } from 'fastify';
import { AppError, badRequest, payloadTooLarge, unsupportedMediaType } from '../app-error.js';
import { imageSize, type MediaKind, sniffMime, videoDurationSeconds } from './inspect.js';
import { stripImageMetadata, stripVideoMetadata } from './strip-metadata.js';

export type StagedUpload = {
  fieldName: string;
  /** A temporary file of ours; move it with Storage.putFile or it is removed by discard(). */
  path: string;
  size: number;
  mime: string;
  kind: MediaKind;
  width: number | null;
  height: number | null;
  durationSeconds: number | null;
};

export type UploadRules = {
  /** Part names carrying files, e.g. `files` (repeated) or `file`. */
  fileFields: readonly string[];
  /**
   * Part names carrying a JSON document (sent as an application/json blob or as a text field), e.g. `post`.
   */
  jsonFields?: readonly string[];
  /** Accepted types, decided from the bytes, never from the browser's claim. */
  accept: Readonly<Record<string, MediaKind>>;
  maxFiles: number;
  /** Each file must be smaller than this. */
  maxBytes: number;
  maxVideoSeconds?: number;
  messages: {
    tooMany: string;
    badType: string;
    tooLarge: string;
    videoTooLong?: (seconds: number) => string;
    videoUnreadable?: string;
  };
};

export type ReceivedUploads = {
  fields: Record<string, string>;
  json: Record<string, unknown>;
  files: StagedUpload[];
  /** Removes every staged file still in the temporary directory. */
  discard(): Promise<void>;
};

const MAX_JSON_PART_BYTES = 1024 * 1024;

/**
 * Reads a multipart request, streaming each file to a temporary file (never whole bodies in memory)
 * and checking it by content. Any refusal removes everything staged so far and throws a 4xx.
 */
export async function receiveUploads(
  request: FastifyRequest,
  tmpDir: string,
  rules: UploadRules,
): Promise<ReceivedUploads> {
  if (!request.isMultipart()) throw unsupportedMediaType('Send this request as multipart/form-data.');
  await mkdir(tmpDir, { recursive: true });
  const files: StagedUpload[] = [];
  const fields: Record<string, string> = {};
  const json: Record<string, unknown> = {};
  const discard = () =>
    Promise.all(files.map((file) => rm(file.path, { force: true }))).then(() => undefined);

  try {
    const parts = request.parts({
      limits: {
        fileSize: rules.maxBytes - 1,
        files: rules.maxFiles + (rules.jsonFields?.length ?? 0) + 1,
        fieldSize: MAX_JSON_PART_BYTES,
      },
    });
    for await (const part of parts) {
      if (part.type === 'field') {
        // A field sent with `Content-Type: application/json` (curl -F 'post=…;type=application/json')
        // arrives parsed by the multipart plugin; any other field arrives as text.
        const parsed = part.mimetype === 'application/json';
        if (rules.jsonFields?.includes(part.fieldname)) {
          json[part.fieldname] = parsed ? part.value : parseJsonPart(part.fieldname, String(part.value));
        } else fields[part.fieldname] ??= parsed ? JSON.stringify(part.value) : String(part.value);
        continue;
      }
      if (rules.jsonFields?.includes(part.fieldname)) {
        json[part.fieldname] = parseJsonPart(part.fieldname, (await part.toBuffer()).toString('utf8'));
        continue;
      }
      if (!rules.fileFields.includes(part.fieldname)) {
        part.file.resume();
        throw badRequest(`Unexpected file part "${part.fieldname}".`);
      }
      if (files.length === rules.maxFiles) {
        part.file.resume();
        throw badRequest(rules.messages.tooMany);
      }
      const staged = path.join(tmpDir, randomUUID());
      files.push({
        fieldName: part.fieldname,
        path: staged,
        size: 0,
        mime: '',
        kind: 'IMAGE',
        width: null,
        height: null,
        durationSeconds: null,
      });
      await pipeline(part.file, createWriteStream(staged));
      // The plugin stops a file at the limit and lets the rest of the body through: a cut file must be
      // refused for its size before its bytes are inspected (they would not decode).
      if (part.file.truncated) throw payloadTooLarge(rules.messages.tooLarge);
      const size = part.file.bytesRead;
      if (size === 0 && !part.filename) {
        await rm(files.pop()!.path, { force: true });
        continue;
      }
      Object.assign(files.at(-1)!, await inspectStaged(staged, size, rules));
    }
    return { fields, json, files, discard };
  } catch (error) {
    await discard();
    throw translateMultipartError(error, rules);
  }
}

async function inspectStaged(stagedPath: string, size: number, rules: UploadRules) {
  const mime = await sniffMime(stagedPath);
  const kind = mime ? rules.accept[mime] : undefined;
  if (!mime || !kind) throw unsupportedMediaType(rules.messages.badType);
  const details = {
    size,
    mime,
    kind,
    width: null as number | null,
    height: null as number | null,
    durationSeconds: null as number | null,
  };
  if (kind === 'IMAGE') {
    const dimensions = await imageSize(stagedPath);
    if (!dimensions) throw unsupportedMediaType(rules.messages.badType);
    Object.assign(details, dimensions);
  }
  if (kind === 'VIDEO') {
    const seconds = await videoDurationSeconds(stagedPath);
    if (seconds === null) throw badRequest(rules.messages.videoUnreadable ?? rules.messages.badType);
    if (rules.maxVideoSeconds !== undefined && seconds > rules.maxVideoSeconds) {
      throw badRequest(rules.messages.videoTooLong?.(Math.round(seconds)) ?? rules.messages.badType);
    }
    details.durationSeconds = seconds;
  }
  // Before anything is stored: a photo or video must not tell others where it was taken or with what.
  if (kind === 'IMAGE') await stripImageMetadata(stagedPath, mime);
  if (kind === 'VIDEO') await stripVideoMetadata(stagedPath);
  if (kind !== 'PDF') details.size = (await stat(stagedPath)).size;
  return details;
}

function parseJsonPart(name: string, text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    throw badRequest(`The "${name}" part is not valid JSON.`);
  }
}

function translateMultipartError(error: unknown, rules: UploadRules): unknown {
  if (error instanceof AppError) return error;
  const code = (error as { code?: string }).code;
  if (code === 'FST_REQ_FILE_TOO_LARGE') return payloadTooLarge(rules.messages.tooLarge);
  if (code === 'FST_INVALID_JSON_FIELD_ERROR') return badRequest(MEDIA_MESSAGES.invalidJsonPart);
  if (code === 'FST_FILES_LIMIT') return badRequest(rules.messages.tooMany);
  if (code === 'FST_PARTS_LIMIT' || code === 'FST_FIELDS_LIMIT')
    return badRequest('The request has too many parts.');
  if (code === 'FST_INVALID_MULTIPART_CONTENT_TYPE')
    return unsupportedMediaType('Send this request as multipart/form-data.');
  // The parser (busboy) reports a missing boundary or a cut body as plain errors without a code;
  // system errors (disk, permissions) carry one and stay 500s.
  if (error instanceof Error && code === undefined) return badRequest(MEDIA_MESSAGES.malformedMultipart);
  return error;
}
