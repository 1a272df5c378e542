import busboy from 'busboy';
import { AppError } from '@/server/errors';

// Reading an uploaded file from a multipart body: HTTP work, kept out of the services, which get
// the bytes and a name (server/services/profile/uploads.ts).

/** Room for the multipart framing and small fields around the file. */
const FRAMING_ALLOWANCE = 64 * 1024;
const MB = 1024 * 1024;

export type TReceivedFile = { bytes: Buffer; filename: string };

const tooLarge = (field: string, maxBytes: number) =>
  new AppError('payload_too_large', {
    message: `The file is larger than ${maxBytes / MB} MB.`,
    messageEs: `El archivo supera los ${maxBytes / MB} MB.`,
    errors: [{ path: field, code: 'file_too_large', params: { max: maxBytes / MB } }],
  });

const badForm = (field: string, code: 'invalid' | 'required' | 'file_empty') =>
  AppError.invalidField(field, code);

/**
 * Reads the file of the multipart `field` from the request body as it streams in, and stops
 * reading (413) as soon as more than `maxBytes` of file, or of body, arrived: a huge upload is
 * never read whole. Other parts are discarded.
 */
export async function readMultipartFile(
  req: Request,
  field: string,
  maxBytes: number,
): Promise<TReceivedFile> {
  const declared = Number(req.headers.get('content-length'));
  if (declared > maxBytes + FRAMING_ALLOWANCE) throw tooLarge(field, maxBytes);
  const contentType = req.headers.get('content-type') ?? '';
  if (!/^multipart\/form-data\s*;/i.test(contentType)) {
    throw new AppError('unsupported_media_type', {
      message: 'Send the file as multipart/form-data.',
      messageEs: 'Envía el archivo como multipart/form-data.',
    });
  }
  let parser: busboy.Busboy;
  try {
    parser = busboy({
      headers: { 'content-type': contentType },
      defParamCharset: 'utf8',
      limits: {
        fileSize: maxBytes,
        files: 3,
        fields: 10,
        fieldSize: 1024,
        parts: 20,
        headerPairs: 20,
      },
    });
  } catch {
    throw badForm(field, 'invalid');
  }

  let failure: AppError | null = null;
  let file: { chunks: Buffer[]; size: number; filename: string } | null = null;
  const finished = new Promise<void>((resolve, reject) => {
    parser.on('close', resolve);
    parser.on('error', reject);
  });
  finished.catch(() => {}); // awaited below, unless reading stopped early

  parser.on('file', (name: string, stream: NodeJS.ReadableStream, info: busboy.FileInfo) => {
    stream.on('error', () => {}); // a cut-off form errors the part too; the parser reports it
    if (name !== field || file) {
      stream.resume();
      return;
    }
    const entry = { chunks: [] as Buffer[], size: 0, filename: info.filename ?? '' };
    file = entry;
    stream.on('data', (chunk: Buffer) => {
      entry.chunks.push(chunk);
      entry.size += chunk.length;
    });
    stream.on('limit', () => {
      failure ??= tooLarge(field, maxBytes);
    });
  });

  const reader = req.body?.getReader();
  let received = 0;
  if (reader) {
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      received += value.byteLength;
      if (received > maxBytes + FRAMING_ALLOWANCE) failure ??= tooLarge(field, maxBytes);
      if (failure) break;
      if (!parser.write(value)) {
        await new Promise((resolve) => {
          parser.once('drain', resolve);
          parser.once('close', resolve);
          parser.once('error', resolve);
        });
      }
      if (failure) break;
    }
  }
  if (failure) {
    await reader?.cancel().catch(() => {});
    parser.destroy();
    throw failure;
  }
  parser.end();
  try {
    await finished;
  } catch {
    throw badForm(field, 'invalid');
  }
  if (failure) throw failure;
  const got = file as { chunks: Buffer[]; size: number; filename: string } | null;
  if (!got) throw badForm(field, 'required');
  if (got.size === 0) throw badForm(field, 'file_empty');
  return { bytes: Buffer.concat(got.chunks), filename: got.filename };
}
