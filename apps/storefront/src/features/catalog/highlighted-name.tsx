import { highlightParts } from './highlight.ts';

/**
 * A goods name with the words that matched the search in `<mark>`. The marks add no words, so the name of the
 * link or option holding it stays the plain name for screen readers.
 */
export function HighlightedName({
  name,
  highlights,
}: {
  name: string;
  highlights?: readonly (readonly [number, number])[] | undefined;
}) {
  if (!highlights || highlights.length === 0) return <>{name}</>;
  return (
    <>
      {highlightParts(name, highlights).map((part, index) =>
        part.marked ? <mark key={index}>{part.text}</mark> : part.text,
      )}
    </>
  );
}
