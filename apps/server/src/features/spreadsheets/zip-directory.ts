import { SPREADSHEET_LIMITS, SPREADSHEET_LIMIT_TEXTS } from '@mergeboard/core';
import { AppError } from '../../http/app-error';

/** A file inside a ZIP archive, as its central directory describes it. */
export interface ZipEntry {
  name: string;
  /** 0 stored, 8 deflated; the only two methods spreadsheets use. */
  method: number;
  encrypted: boolean;
  compressedSize: number;
  uncompressedSize: number;
  localHeaderOffset: number;
}

const END_OF_DIRECTORY = 0x06054b50;
const ZIP64_END_LOCATOR = 0x07064b50;
const ZIP64_END_OF_DIRECTORY = 0x06064b50;
const DIRECTORY_ENTRY = 0x02014b50;
/** The end record is 22 bytes, followed by a comment of at most 65,535. */
const END_RECORD_SIZE = 22;
const MAX_COMMENT = 0xffff;
/** A 16- or 32-bit field at its maximum means "see the ZIP64 record". */
const ZIP64_MARK_16 = 0xffff;
const ZIP64_MARK_32 = 0xffffffff;
const ZIP64_EXTRA_FIELD = 0x0001;

const damaged = () => new AppError('spreadsheet_not_supported', SPREADSHEET_LIMIT_TEXTS.notSpreadsheet);

function u64(bytes: DataView, offset: number): number {
  const value = bytes.getBigUint64(offset, true);
  if (value > BigInt(Number.MAX_SAFE_INTEGER)) throw damaged();
  return Number(value);
}

/** Where the central directory is and how many entries it says it has. */
function locateDirectory(bytes: DataView): { offset: number; size: number; count: number } {
  const lowest = Math.max(0, bytes.byteLength - END_RECORD_SIZE - MAX_COMMENT);
  for (let at = bytes.byteLength - END_RECORD_SIZE; at >= lowest; at -= 1) {
    if (bytes.getUint32(at, true) !== END_OF_DIRECTORY) continue;
    const count = bytes.getUint16(at + 10, true);
    const size = bytes.getUint32(at + 12, true);
    const offset = bytes.getUint32(at + 16, true);
    const zip64 = count === ZIP64_MARK_16 || size === ZIP64_MARK_32 || offset === ZIP64_MARK_32;
    if (!zip64) return { offset, size, count };
    const locator = at - 20;
    if (locator < 0 || bytes.getUint32(locator, true) !== ZIP64_END_LOCATOR) throw damaged();
    const record = u64(bytes, locator + 8);
    if (record + 56 > bytes.byteLength || bytes.getUint32(record, true) !== ZIP64_END_OF_DIRECTORY) {
      throw damaged();
    }
    return { count: u64(bytes, record + 32), size: u64(bytes, record + 40), offset: u64(bytes, record + 48) };
  }
  throw damaged();
}

/** The sizes and offset a ZIP64 extra field holds in place of the fields marked 0xFFFFFFFF. */
function zip64Values(bytes: DataView, extraStart: number, extraEnd: number, marked: boolean[]): number[] {
  for (let at = extraStart; at + 4 <= extraEnd;) {
    const id = bytes.getUint16(at, true);
    const length = bytes.getUint16(at + 2, true);
    if (id === ZIP64_EXTRA_FIELD) {
      const values: number[] = [];
      let field = at + 4;
      for (const isMarked of marked) {
        if (!isMarked) continue;
        if (field + 8 > at + 4 + length) throw damaged();
        values.push(u64(bytes, field));
        field += 8;
      }
      return values;
    }
    at += 4 + length;
  }
  throw damaged();
}

function readEntries(bytes: DataView, directory: { offset: number; size: number; count: number }) {
  const decoder = new TextDecoder();
  const entries: ZipEntry[] = [];
  let at = directory.offset;
  for (let n = 0; n < directory.count; n += 1) {
    if (at + 46 > bytes.byteLength || bytes.getUint32(at, true) !== DIRECTORY_ENTRY) throw damaged();
    const nameLength = bytes.getUint16(at + 28, true);
    const extraLength = bytes.getUint16(at + 30, true);
    const commentLength = bytes.getUint16(at + 32, true);
    const nameStart = at + 46;
    const extraStart = nameStart + nameLength;
    if (extraStart + extraLength > bytes.byteLength) throw damaged();
    const fields = [
      bytes.getUint32(at + 24, true), // uncompressed size
      bytes.getUint32(at + 20, true), // compressed size
      bytes.getUint32(at + 42, true), // local header offset
    ];
    const marked = fields.map((value) => value === ZIP64_MARK_32);
    if (marked.some(Boolean)) {
      const wide = zip64Values(bytes, extraStart, extraStart + extraLength, marked);
      marked.forEach((isMarked, i) => {
        if (isMarked) fields[i] = wide.shift()!;
      });
    }
    const [uncompressedSize, compressedSize, localHeaderOffset] = fields as [number, number, number];
    entries.push({
      name: decoder.decode(new Uint8Array(bytes.buffer, bytes.byteOffset + nameStart, nameLength)),
      method: bytes.getUint16(at + 10, true),
      encrypted: (bytes.getUint16(at + 8, true) & 1) === 1,
      compressedSize,
      uncompressedSize,
      localHeaderOffset,
    });
    at = extraStart + extraLength + commentLength;
  }
  return entries;
}

/**
 * The entries of a ZIP archive, from its central directory alone: nothing is inflated yet. An
 * archive that would unpack past the limits is refused here: too many entries, too many bytes
 * in all, or an entry packed more tightly than any spreadsheet part is (a bomb). The sizes are
 * the archive's own claims; the reader holds each entry to its claim while inflating it.
 */
export function readZipDirectory(archive: Uint8Array): ZipEntry[] {
  const bytes = new DataView(archive.buffer, archive.byteOffset, archive.byteLength);
  if (bytes.byteLength < END_RECORD_SIZE) throw damaged();
  const directory = locateDirectory(bytes);
  if (directory.count > SPREADSHEET_LIMITS.maxArchiveEntries) {
    throw new AppError('spreadsheet_too_large', SPREADSHEET_LIMIT_TEXTS.tooManyArchiveEntries);
  }
  if (directory.offset + directory.size > bytes.byteLength) throw damaged();
  const entries = readEntries(bytes, directory);
  let unpacked = 0;
  for (const entry of entries) {
    unpacked += entry.uncompressedSize;
    if (unpacked > SPREADSHEET_LIMITS.maxUnpackedBytes) {
      throw new AppError('spreadsheet_too_large', SPREADSHEET_LIMIT_TEXTS.unpacksTooLarge);
    }
    const ratio = entry.uncompressedSize / Math.max(1, entry.compressedSize);
    if (
      entry.uncompressedSize > SPREADSHEET_LIMITS.packRatioFreeBytes &&
      ratio > SPREADSHEET_LIMITS.maxPackRatio
    ) {
      throw new AppError('spreadsheet_too_large', SPREADSHEET_LIMIT_TEXTS.packedTooTightly);
    }
  }
  return entries;
}
