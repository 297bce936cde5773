/**
 * A byte view that fetch's BodyInit accepts (TypeScript wants the view over an
 * ArrayBuffer, not a SharedArrayBuffer). No copy unless the memory is shared.
 */
export function bodyBytes(bytes: Uint8Array): Uint8Array<ArrayBuffer> {
  const { buffer } = bytes;
  return buffer instanceof ArrayBuffer
    ? new Uint8Array(buffer, bytes.byteOffset, bytes.byteLength)
    : Uint8Array.from(bytes);
}
