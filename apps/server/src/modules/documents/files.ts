import { createHash } from 'node:crypto';
import {
  DOCUMENT_FILE_MIME,
  DOCUMENT_MAX_BYTES,
  DOCUMENT_PARTS,
  detectDocumentFileKind,
  isEncryptedPdf,
  type DocumentFileKind,
  type DocumentPart,
} from '@ledgerline/domain';
import { AppError } from '../../lib/errors';

/*
 * The multipart body of an upload and its files (spec 2 §3 "Document upload"). Fastify hands the
 * body over as one buffer (the content-type parser in routes.ts bounds it); the platform's own
 * multipart reader (undici's Response.formData) splits it, so no hand-written boundary parsing.
 */

export interface CheckedFile {
  part: DocumentPart;
  kind: DocumentFileKind;
  mimeType: string;
  fileName: string;
  bytes: Uint8Array;
  sha256: string;
  encrypted: boolean;
  password: string | null;
}

export interface ParsedUpload {
  /** The `data` field as text (JSON), or undefined when absent. */
  data: string | undefined;
  files: Partial<Record<DocumentPart, File>>;
}

const KNOWN_FIELDS = new Set<string>(['data', ...DOCUMENT_PARTS]);

export async function parseMultipart(
  body: Buffer,
  contentType: string | undefined,
): Promise<ParsedUpload> {
  let form: FormData;
  try {
    form = await new Response(new Blob([new Uint8Array(body)]), {
      headers: { 'content-type': contentType ?? '' },
    }).formData();
  } catch {
    throw AppError.invalid({ _: 'validation.multipart' }, 'The upload is not a readable form');
  }
  const out: ParsedUpload = { data: undefined, files: {} };
  for (const [name, value] of form.entries()) {
    if (!KNOWN_FIELDS.has(name))
      throw AppError.invalid({ [name.slice(0, 64)]: 'validation.unknownField' }, 'Unknown field');
    if (name === 'data') {
      if (typeof value !== 'string' || out.data !== undefined)
        throw AppError.invalid({ data: 'validation.invalidValue' }, 'The data part is malformed');
      out.data = value;
      continue;
    }
    const part = name as DocumentPart;
    if (typeof value === 'string' || out.files[part] !== undefined)
      throw AppError.invalid({ [part]: 'validation.invalidValue' }, 'Send one file per part');
    out.files[part] = value;
  }
  return out;
}

/** A name safe to keep and show: the last path segment, printable characters, at most 128. */
function safeFileName(name: string, kind: DocumentFileKind): string {
  const base = name.split(/[\\/]/).pop() ?? '';
  // eslint-disable-next-line no-control-regex -- control characters are what is removed
  const clean = base.replace(/[\u0000-\u001f\u007f"<>|*?]/g, '').trim();
  return (clean || `document.${kind}`).slice(0, 128);
}

/**
 * Checks one file by its content: a PDF, JPEG, PNG or HEIC of at most 10 MB; a password-protected
 * PDF comes with its password. (No kept library here can decrypt a PDF to test the password:
 * pdf-lib reads only unencrypted files, so the password is required and kept for compliance.)
 */
export async function checkFile(
  part: DocumentPart,
  file: File,
  password: string | undefined,
): Promise<CheckedFile> {
  if (file.size === 0)
    throw AppError.invalid({ [part]: 'validation.fileEmpty' }, 'The file is empty');
  if (file.size > DOCUMENT_MAX_BYTES)
    throw AppError.invalid({ [part]: 'validation.fileTooLarge' }, 'The file is larger than 10 MB');
  const bytes = new Uint8Array(await file.arrayBuffer());
  const kind = detectDocumentFileKind(bytes);
  if (kind === null)
    throw AppError.invalid(
      { [part]: 'validation.fileType' },
      'Only PDF, JPEG, PNG and HEIC files are accepted',
    );
  const encrypted = kind === 'pdf' && isEncryptedPdf(bytes);
  if (encrypted && password === undefined)
    throw AppError.invalid(
      { [part]: 'validation.filePasswordRequired' },
      'This PDF is password protected: give its password',
    );
  return {
    part,
    kind,
    mimeType: DOCUMENT_FILE_MIME[kind],
    fileName: safeFileName(file.name, kind),
    bytes,
    sha256: createHash('sha256').update(bytes).digest('hex'),
    encrypted,
    password: encrypted ? (password ?? null) : null,
  };
}
