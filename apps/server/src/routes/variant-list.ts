// `GET /api/variants`'s answer, made once and again whenever a solution table is put in service: the API serves it,
// and a table page carries it in its HTML (routes/page-data.ts).
import { VARIANT_INFOS } from '@fg/rules';

import type { Solutions } from '../solution/solutions.js';

type SolvedSets = Pick<Solutions, 'solvedOptions' | 'onInstall'>;

/** Every variant with the option sets solved here (none: []). */
const listVariants = (solutions: SolvedSets) => ({
  variants: VARIANT_INFOS.map((info) => ({ ...info, solved: solutions.solvedOptions(info.id) })),
});

/** `GET /api/variants`'s answer. */
export type VariantList = ReturnType<typeof listVariants>;

/** The variant list as it stands now, made again when a table is installed. */
export function variantList(solutions: SolvedSets): () => VariantList {
  let variants = listVariants(solutions);
  solutions.onInstall(() => (variants = listVariants(solutions)));
  return () => variants;
}
