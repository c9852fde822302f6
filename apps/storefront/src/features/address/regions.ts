import type { Region } from '@shop/contract';

/** The contract allows at most four levels: country, state or province, city, district. */
export const MAX_REGION_LEVELS = 4;

/**
 * The choices of each select to show for a path of codes: the countries, then the children of each chosen
 * region that has any. A code not found among its level's choices ends the path there.
 */
export function regionLevels(tree: Region[], codes: readonly string[]): Region[][] {
  const levels: Region[][] = [tree];
  for (const code of codes) {
    if (levels.length >= MAX_REGION_LEVELS) break;
    const children = levels.at(-1)?.find((region) => region.code === code)?.children;
    if (!children || children.length === 0) break;
    levels.push(children);
  }
  return levels;
}

/**
 * The index of the first select still to choose (the path stops before a region with no children), or -1 when
 * the path is complete.
 */
export function firstMissingLevel(tree: Region[], codes: readonly string[]): number {
  const levels = regionLevels(tree, codes);
  for (let level = 0; level < levels.length; level++) {
    const code = codes[level];
    if (!code || !levels[level]?.some((region) => region.code === code)) return level;
  }
  return -1;
}
