import type SearchableMap from 'minisearch/SearchableMap';

/** A node of MiniSearch's radix tree (`SearchableMap._tree`): edge labels to children, '' to a stored value. */
type RadixNode = Map<string, unknown>;
const LEAF = '';

/**
 * The keys of `map` within `maxDistance` edits of `query`, with their distance, where a swap of two neighbouring
 * letters counts as one edit (optimal string alignment, as Meilisearch and Typesense count typos).
 *
 * MiniSearch's own `fuzzyGet` counts Levenshtein distance, where a swap is two edits: to count it as one the
 * search asked it again for every swapped variant of the word — ten walks of the tree for a ten-letter word with
 * two typos allowed, most of a cold search's time. This is one walk: the same row-by-row matrix over the tree
 * (Steve Hanov's method, as MiniSearch does it) with the transposition cell added, which needs the row before
 * the previous one and the letter before the current one. A row whose smallest figure is over the budget ends
 * the branch, as in MiniSearch: no later cell, transposition included, can come back under it (a transposition
 * two rows down costs at least as much as the substitution one row down from the same cell).
 */
export function fuzzyTerms(
  map: SearchableMap<unknown>,
  query: string,
  maxDistance: number,
): Map<string, number> {
  const found = new Map<string, number>();
  const columns = query.length + 1;
  const rows = columns + maxDistance;
  const matrix = new Uint8Array(rows * columns).fill(maxDistance + 1);
  for (let j = 0; j < columns; j++) matrix[j] = j;
  for (let i = 1; i < rows; i++) matrix[i * columns] = i;
  const codes = new Int32Array(query.length);
  for (let j = 0; j < query.length; j++) codes[j] = query.charCodeAt(j);
  walk(map._tree as RadixNode, codes, maxDistance, found, matrix, 1, columns, rows, '', -1);
  return found;
}

function walk(
  node: RadixNode,
  query: Int32Array,
  maxDistance: number,
  found: Map<string, number>,
  matrix: Uint8Array,
  row: number,
  columns: number,
  rows: number,
  prefix: string,
  letterBefore: number,
): void {
  for (const key of node.keys()) {
    if (key === LEAF) {
      const distance = matrix[row * columns - 1]!;
      if (distance <= maxDistance) found.set(prefix, distance);
      continue;
    }
    let i = row;
    let before = letterBefore;
    let within = true;
    for (let pos = 0; pos < key.length; pos++, i++) {
      // A term longer than the query by more than the budget cannot match.
      if (i >= rows) {
        within = false;
        break;
      }
      const letter = key.charCodeAt(pos);
      const here = columns * i;
      const above = here - columns;
      const twoAbove = above - columns;
      let rowMin = matrix[here]!;
      const from = Math.max(0, i - maxDistance - 1);
      const to = Math.min(columns - 1, i + maxDistance);
      for (let j = from; j < to; j++) {
        const queryLetter = query[j]!;
        let distance = Math.min(
          matrix[above + j]! + (letter === queryLetter ? 0 : 1),
          matrix[above + j + 1]! + 1,
          matrix[here + j]! + 1,
        );
        // Letters i-1, i of the term are letters j, j-1 of the query (1-based j + 1 here): one swap.
        if (before >= 0 && j > 0 && letter === query[j - 1] && before === queryLetter) {
          distance = Math.min(distance, matrix[twoAbove + j - 1]! + 1);
        }
        matrix[here + j + 1] = distance;
        if (distance < rowMin) rowMin = distance;
      }
      if (rowMin > maxDistance) {
        within = false;
        break;
      }
      before = letter;
    }
    if (within)
      walk(
        node.get(key) as RadixNode,
        query,
        maxDistance,
        found,
        matrix,
        i,
        columns,
        rows,
        prefix + key,
        before,
      );
  }
}
