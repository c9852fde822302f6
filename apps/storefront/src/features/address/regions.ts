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

/** The code chosen at `level` when it is one of that level's choices, else undefined. */
export function chosenAt(levels: Region[][], codes: readonly string[], level: number): string | undefined {
  const code = codes[level];
  return code && levels[level]?.some((region) => region.code === code) ? code : undefined;
}

/**
 * The index of the first select still to choose (the path stops before a region with no children), or -1 when
 * the path is complete. `levels` are the choices shown (see `regionLevels` and the cities and districts
 * fetched below them); while the next level is still loading (`pending`), the path is not complete.
 */
export function firstMissingLevel(levels: Region[][], codes: readonly string[], pending = false): number {
  for (let level = 0; level < levels.length; level++) {
    if (!chosenAt(levels, codes, level)) return level;
  }
  return pending ? levels.length : -1;
}
