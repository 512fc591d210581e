// The two sides of every variant.

/** The sides: the fox side (one or two foxes) and the geese. */
export const SIDES = ['fox', 'geese'] as const;
/** A side: `fox` moves the fox or foxes, `geese` the geese. */
export type Side = (typeof SIDES)[number];

/** The side that is not `side`. */
export function opponent(side: Side): Side {
  return side === 'fox' ? 'geese' : 'fox';
}
