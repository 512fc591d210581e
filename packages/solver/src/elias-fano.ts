// A sorted set of whole numbers below a universe u (up to 2^53) in Elias-Fano form: about
// 2 + log2(u / n) bits a member (docs/solution.md, format 2). Pure TypeScript over typed arrays, so
// the server and the browser read the same bytes. Layout (uint32 LE words):
//   [0..1] n (low, high word)   [2..3] u   [4] L, the low bits a member   [5] S, log2 of the sample step
//   [6] words of high bits      [7] samples
//   then the low parts (n * L bits, packed from bit 0 of word 0 up), the high bits (member i sets bit
//   (v_i >> L) + i, so each bucket's members are a run of ones closed by a zero), and the samples:
//   sample j = the position of zero number j * 2^S in the high bits.

const HEAD_WORDS = 8;
const SAMPLE_LOG = 8; // one sample every 256 zeros: at most 0.125 bits a bucket
const TWO32 = 2 ** 32;

/** Bits set in a 32-bit word. */
export function popcount(v: number): number {
  v -= (v >>> 1) & 0x55555555;
  v = (v & 0x33333333) + ((v >>> 2) & 0x33333333);
  return (Math.imul((v + (v >>> 4)) & 0x0f0f0f0f, 0x01010101) >>> 24) & 0xff;
}

/** The low bits a member gets for n members below u: floor(log2(u / n)), at most 31. */
function lowBits(n: number, u: number): number {
  if (n === 0) return 31;
  let l = 0;
  while (l < 31 && 2 ** (l + 1) * n <= u) l++;
  return l;
}

/** How many words the parts take, from n, u and L. */
function shape(n: number, u: number, l: number): { lowWords: number; highWords: number; samples: number } {
  const buckets = u === 0 ? 1 : Math.floor((u - 1) / 2 ** l) + 1;
  const highBits = n + buckets;
  return {
    lowWords: Math.ceil((n * l) / 32),
    highWords: Math.ceil(highBits / 32),
    samples: Math.floor((buckets - 1) / 2 ** SAMPLE_LOG) + 1,
  };
}

/** Writes a set member by member, in increasing order; `finish` gives its bytes. */
export class EliasFanoWriter {
  readonly #n: number;
  readonly #u: number;
  readonly #l: number;
  readonly #words: Uint32Array;
  readonly #lowAt: number;
  readonly #highAt: number;
  readonly #sampleAt: number;
  #i = 0;
  #last = -1;
  #zeros = 0; // zeros written to the high bits so far
  #bucket = 0; // the bucket those zeros have closed up to

  /** A writer for exactly `n` members, each below `u`. */
  constructor(n: number, u: number) {
    if (!Number.isSafeInteger(n) || !Number.isSafeInteger(u) || n < 0 || u < 0 || n > u)
      throw new RangeError(`bad set size ${n} of ${u}`);
    this.#n = n;
    this.#u = u;
    this.#l = lowBits(n, u);
    const s = shape(n, u, this.#l);
    this.#words = new Uint32Array(HEAD_WORDS + s.lowWords + s.highWords + s.samples);
    this.#lowAt = HEAD_WORDS;
    this.#highAt = HEAD_WORDS + s.lowWords;
    this.#sampleAt = this.#highAt + s.highWords;
    const w = this.#words;
    w[0] = n % TWO32;
    w[1] = Math.floor(n / TWO32);
    w[2] = u % TWO32;
    w[3] = Math.floor(u / TWO32);
    w[4] = this.#l;
    w[5] = SAMPLE_LOG;
    w[6] = s.highWords;
    w[7] = s.samples;
  }

  /** Adds the next member: larger than the last one, below u. */
  push(v: number): void {
    if (!(v > this.#last && v < this.#u) || this.#i >= this.#n)
      throw new RangeError(`member ${v} out of order or range (last ${this.#last}, u ${this.#u})`);
    const w = this.#words;
    const scale = 2 ** this.#l;
    const high = Math.floor(v / scale);
    const low = v - high * scale;
    this.#closeBuckets(high);
    const bit = this.#i * this.#l;
    if (this.#l > 0) {
      const at = this.#lowAt + (bit >>> 5);
      const off = bit & 31;
      w[at] = w[at]! | (low << off);
      if (off + this.#l > 32) w[at + 1] = w[at + 1]! | (low >>> (32 - off));
    }
    const pos = high + this.#i;
    w[this.#highAt + (pos >>> 5)] = w[this.#highAt + (pos >>> 5)]! | (1 << (pos & 31));
    this.#i++;
    this.#last = v;
  }

  /** The set's bytes (a multiple of 4 long), once every member is in. */
  finish(): Uint8Array {
    if (this.#i !== this.#n) throw new RangeError(`${this.#i} members written of ${this.#n}`);
    const buckets = this.#u === 0 ? 1 : Math.floor((this.#u - 1) / 2 ** this.#l) + 1;
    this.#closeBuckets(buckets);
    return new Uint8Array(this.#words.buffer);
  }

  /** Writes the zeros that close every bucket below `bucket` (zeros are the bits left clear), sampling them. */
  #closeBuckets(bucket: number): void {
    while (this.#bucket < bucket) {
      if ((this.#zeros & ((1 << SAMPLE_LOG) - 1)) === 0)
        this.#words[this.#sampleAt + (this.#zeros >>> SAMPLE_LOG)] = this.#bucket + this.#i;
      this.#zeros++;
      this.#bucket++;
    }
  }
}

/** A set read from EliasFanoWriter's bytes (kept as a view, not copied). */
export class EliasFano {
  /** How many members. */
  readonly size: number;
  /** Every member is below it. */
  readonly universe: number;
  readonly #l: number;
  readonly #scale: number;
  readonly #low: Uint32Array;
  readonly #high: Uint32Array;
  readonly #samples: Uint32Array;
  readonly #highBits: number;

  /** Reads the set in `bytes` (4-byte aligned); throws a RangeError when its parts do not add up. */
  constructor(bytes: Uint8Array) {
    if (bytes.byteOffset % 4 !== 0 || bytes.length % 4 !== 0 || bytes.length < 4 * HEAD_WORDS)
      throw new RangeError(`a set of ${bytes.length} bytes at offset ${bytes.byteOffset}: not a whole set`);
    const w = new Uint32Array(bytes.buffer, bytes.byteOffset, bytes.length / 4);
    this.size = w[0]! + w[1]! * TWO32;
    this.universe = w[2]! + w[3]! * TWO32;
    this.#l = w[4]!;
    const s = shape(this.size, this.universe, this.#l);
    if (
      this.#l !== lowBits(this.size, this.universe) ||
      w[5] !== SAMPLE_LOG ||
      w[6] !== s.highWords ||
      w[7] !== s.samples ||
      w.length !== HEAD_WORDS + s.lowWords + s.highWords + s.samples
    )
      throw new RangeError(`a set's header does not match its ${bytes.length} bytes`);
    this.#scale = 2 ** this.#l;
    this.#low = w.subarray(HEAD_WORDS, HEAD_WORDS + s.lowWords);
    this.#high = w.subarray(HEAD_WORDS + s.lowWords, HEAD_WORDS + s.lowWords + s.highWords);
    this.#samples = w.subarray(HEAD_WORDS + s.lowWords + s.highWords);
    this.#highBits = this.size + (this.universe === 0 ? 1 : Math.floor((this.universe - 1) / this.#scale) + 1);
  }

  /** Whether v is a member. */
  has(v: number): boolean {
    if (!(v >= 0 && v < this.universe)) return false;
    const high = Math.floor(v / this.#scale);
    const low = v - high * this.#scale;
    let pos = this.#bucketStart(high);
    let i = pos - high;
    const hw = this.#high;
    while ((hw[pos >>> 5]! >>> (pos & 31)) & 1) {
      const got = this.#lowPart(i);
      if (got >= low) return got === low;
      pos++;
      i++;
    }
    return false;
  }

  /** The members lo <= v < lo + n (n <= 32) as a mask: bit v - lo. */
  maskIn(lo: number, n: number): number {
    const hi = lo + n;
    const bucket = Math.floor(lo / this.#scale);
    let pos = this.#bucketStart(bucket);
    let i = pos - bucket;
    let base = bucket * this.#scale;
    const hw = this.#high;
    let out = 0;
    while (base < hi && pos < this.#highBits) {
      if ((hw[pos >>> 5]! >>> (pos & 31)) & 1) {
        const v = base + this.#lowPart(i);
        if (v >= hi) break;
        if (v >= lo) out |= 1 << (v - lo);
        i++;
      } else base += this.#scale;
      pos++;
    }
    return out;
  }

  /** Calls `visit` with every member v, lo <= v < hi, in increasing order. */
  forEachIn(lo: number, hi: number, visit: (v: number) => void): void {
    if (hi <= lo || lo >= this.universe) return;
    let bucket = Math.floor(Math.max(0, lo) / this.#scale);
    let pos = this.#bucketStart(bucket);
    let i = pos - bucket;
    const hw = this.#high;
    while (pos < this.#highBits) {
      if ((hw[pos >>> 5]! >>> (pos & 31)) & 1) {
        const v = bucket * this.#scale + this.#lowPart(i);
        if (v >= hi) return;
        if (v >= lo) visit(v);
        i++;
      } else {
        bucket++;
        if (bucket * this.#scale >= hi) return;
      }
      pos++;
    }
  }

  /** Calls `visit` with every member in increasing order. */
  forEach(visit: (v: number) => void): void {
    this.forEachIn(0, this.universe, visit);
  }

  /** The low part of member i. */
  #lowPart(i: number): number {
    const l = this.#l;
    if (l === 0) return 0;
    const bit = i * l;
    const at = bit >>> 5;
    const off = bit & 31;
    let v = this.#low[at]! >>> off;
    if (off + l > 32) v |= this.#low[at + 1]! << (32 - off);
    return l === 32 ? v >>> 0 : v & ((1 << l) - 1);
  }

  /** The position in the high bits where bucket b's run of ones starts: just after zero number b - 1. */
  #bucketStart(b: number): number {
    if (b === 0) return 0;
    const z = b - 1; // the zero to find
    let pos = this.#samples[z >>> SAMPLE_LOG]!;
    let left = z & ((1 << SAMPLE_LOG) - 1); // zeros still to pass after the sampled one
    if (left === 0) return pos + 1;
    pos++;
    const hw = this.#high;
    let word = pos >>> 5;
    let zeros = ~hw[word]! & (-1 << (pos & 31)); // the zeros at or after pos in this word
    for (;;) {
      if (word === hw.length - 1) zeros &= this.#highBits % 32 === 0 ? -1 : (1 << (this.#highBits % 32)) - 1;
      const c = popcount(zeros);
      if (c >= left) break;
      left -= c;
      zeros = ~hw[++word]!;
    }
    // The left-th zero of this word (counting from 1).
    for (let j = 1; j < left; j++) zeros &= zeros - 1;
    return word * 32 + (31 - Math.clz32(zeros & -zeros)) + 1;
  }
}
