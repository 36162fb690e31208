// Names database content by its bytes, so the same file opened again gets the same key (profiles, value indexes).
/**
 * A fast 64-bit (two 32-bit lanes) hash of database bytes, so the same file opened again gets the same
 * profile key. Not cryptographic: it only has to tell apart the databases one browser has seen.
 */
export function hashBytes(bytes: Uint8Array): string {
  let h1 = 0xdeadbeef ^ bytes.byteLength;
  let h2 = 0x41c6ce57 ^ bytes.byteLength;
  const words = Math.floor(bytes.byteLength / 4);
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  for (let index = 0; index < words; index += 1) {
    const word = view.getUint32(index * 4, true);
    h1 = Math.imul(h1 ^ word, 2654435761);
    h2 = Math.imul(h2 ^ word, 1597334677);
  }
  for (let index = words * 4; index < bytes.byteLength; index += 1) {
    h1 = Math.imul(h1 ^ bytes[index]!, 2654435761);
    h2 = Math.imul(h2 ^ bytes[index]!, 1597334677);
  }
  h1 = Math.imul(h1 ^ (h1 >>> 16), 2246822507) ^ Math.imul(h2 ^ (h2 >>> 13), 3266489909);
  h2 = Math.imul(h2 ^ (h2 >>> 16), 2246822507) ^ Math.imul(h1 ^ (h1 >>> 13), 3266489909);
  return `${(h2 >>> 0).toString(16).padStart(8, "0")}${(h1 >>> 0).toString(16).padStart(8, "0")}-${bytes.byteLength.toString(36)}`;
}
