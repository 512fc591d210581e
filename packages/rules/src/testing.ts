// For tests of this library and of the ones built on it (`@fg/rules/testing`): the setups that random games and
// properties run over, so every suite covers the same ground.

/** Every variant, each with its default options and, where it has options, their far end: [variant id, options]. */
export const VARIANT_SETUPS: readonly [string, Record<string, unknown>][] = [
  ['standard', {}],
  ['standard', { geese: 17, sideways: true }],
  ['two-foxes', {}],
  ['big-cross', {}],
  ['raevskak', {}],
  ['raevskak', { geese: 15 }],
];
