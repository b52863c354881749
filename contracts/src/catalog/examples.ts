/**
 * The home page's examples of what the search box understands (a text, a part number as people write
 * it, a licence plate). The demo data guarantees each one answers: the part number is sold by stores
 * and has substitutes, the plate is in the demo registry (infra/demo-data tests both).
 */
export const HOME_EXAMPLES = {
  text: 'pastillas de freno',
  partNumber: 'WK 616/1',
  plate: 'AAC054',
} as const;
