/**
 * A copy of a text that holds on to nothing else. A parsed text is often a slice of the 64 KB
 * chunk of XML it was read from, and V8 keeps the whole chunk alive as long as the slice lives:
 * kept in a row, slices would keep every chunk of a sheet in memory. Flattening a concatenation
 * makes a string of its own.
 */
export function detached(text: string): string {
  return text.length < SLICE_MIN_LENGTH ? text : ` ${text}`.slice(1);
}

/** V8 copies shorter substrings instead of slicing (SlicedString::kMinLength). */
const SLICE_MIN_LENGTH = 13;
