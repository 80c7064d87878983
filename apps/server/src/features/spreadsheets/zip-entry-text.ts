import { Readable } from 'node:stream';
import { TextDecoder } from 'node:util';
import { createInflateRaw } from 'node:zlib';
import { SPREADSHEET_LIMIT_TEXTS } from '@mergeboard/core';
import { AppError } from '../../http/app-error';
import type { ZipEntry } from './zip-directory';

const LOCAL_HEADER = 0x04034b50;
const LOCAL_HEADER_SIZE = 30;
const STORED = 0;
const DEFLATED = 8;
/** Inflated a piece at a time, so a part is never held whole. */
const CHUNK_BYTES = 64 * 1024;

const damaged = () => new AppError('spreadsheet_not_supported', SPREADSHEET_LIMIT_TEXTS.notSpreadsheet);

/** The entry's packed bytes, found through its local header. */
function packedBytes(archive: Uint8Array, entry: ZipEntry): Uint8Array {
  const view = new DataView(archive.buffer, archive.byteOffset, archive.byteLength);
  const at = entry.localHeaderOffset;
  if (at + LOCAL_HEADER_SIZE > archive.byteLength || view.getUint32(at, true) !== LOCAL_HEADER)
    throw damaged();
  const start = at + LOCAL_HEADER_SIZE + view.getUint16(at + 26, true) + view.getUint16(at + 28, true);
  if (start + entry.compressedSize > archive.byteLength) throw damaged();
  return archive.subarray(start, start + entry.compressedSize);
}

function* pieces(bytes: Uint8Array): Generator<Uint8Array> {
  for (let at = 0; at < bytes.byteLength; at += CHUNK_BYTES) yield bytes.subarray(at, at + CHUNK_BYTES);
}

/** XML parts are UTF-8 unless a UTF-16 byte order mark says otherwise. */
function decoderFor(head: Uint8Array): TextDecoder {
  if (head[0] === 0xff && head[1] === 0xfe) return new TextDecoder('utf-16le');
  if (head[0] === 0xfe && head[1] === 0xff) return new TextDecoder('utf-16be');
  return new TextDecoder('utf-8');
}

/**
 * An archive entry's text, inflated and decoded a chunk at a time. The entry may not unpack past
 * the size the central directory claimed for it (the claim the archive was judged by): a file
 * whose directory lies is refused as soon as it overflows its claim.
 */
export async function* entryText(archive: Uint8Array, entry: ZipEntry): AsyncGenerator<string> {
  if (entry.encrypted || (entry.method !== STORED && entry.method !== DEFLATED)) throw damaged();
  const packed = packedBytes(archive, entry);
  const chunks: Iterable<Uint8Array> | AsyncIterable<Uint8Array> =
    entry.method === STORED
      ? pieces(packed)
      : Readable.from([packed]).pipe(createInflateRaw({ chunkSize: CHUNK_BYTES }));
  let decoder: TextDecoder | null = null;
  let unpacked = 0;
  try {
    for await (const chunk of chunks) {
      unpacked += chunk.byteLength;
      if (unpacked > entry.uncompressedSize) {
        throw new AppError('spreadsheet_not_supported', SPREADSHEET_LIMIT_TEXTS.unpacksPastItsClaim);
      }
      decoder ??= decoderFor(chunk);
      yield decoder.decode(chunk, { stream: true });
    }
  } catch (error) {
    if (error instanceof AppError) throw error;
    throw damaged();
  }
  if (decoder) yield decoder.decode();
}
