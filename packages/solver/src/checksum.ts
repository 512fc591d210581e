// The checksum of the tables' arrays and sets, shared by both formats and by the browser (no Node APIs).

/** FNV-1a's step applied per uint32 word (not per byte, four times faster), as 8 hex digits. */
export function checksum(words: Uint32Array): string {
  let h = 0x811c9dc5;
  for (let i = 0; i < words.length; i++) h = Math.imul(h ^ words[i]!, 16777619);
  return (h >>> 0).toString(16).padStart(8, '0');
}
