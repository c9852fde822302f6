import type { ListedGoods } from '@shop/contract';
import { useId, useState } from 'react';
import type { KeyboardEvent } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { useLocation, useNavigate } from 'react-router';
import { HighlightedName } from '../catalog/highlighted-name.tsx';
import { listingPath } from '../catalog/listing-params.ts';
import { useSuggestions } from '../catalog/queries.ts';
import { useDebouncedValue } from './use-debounced-value.ts';

const DEBOUNCE_MS = 250;
const HOME_PATHS = new Set(['/', '/home']);

/** The keyword of the listing being shown, so the box says what the results are for after a reload. */
function useListedKeyword(): string {
  const { pathname, search } = useLocation();
  return HOME_PATHS.has(pathname) ? (new URLSearchParams(search).get('keyword') ?? '') : '';
}

/**
 * The header's search: submitting lists the matching goods on the home route (`/?keyword=…`); while typing, a
 * listbox suggests goods by name (WAI-ARIA combobox with list autocomplete: arrows move through the
 * suggestions, Enter opens the chosen goods or searches, Escape closes the list and then clears the field). The
 * words of each suggested name that matched what was typed are marked.
 */
export function SearchBox() {
  const intl = useIntl();
  const navigate = useNavigate();
  const listed = useListedKeyword();
  const [text, setText] = useState(listed);
  const [shownFor, setShownFor] = useState(listed);
  const [open, setOpen] = useState(false);
  const [active, setActive] = useState(-1);
  const id = useId();
  const listId = `${id}-list`;

  // A navigation to another listing (or away) puts its keyword in the box.
  if (shownFor !== listed) {
    setShownFor(listed);
    setText(listed);
  }

  const keyword = useDebouncedValue(text.trim(), DEBOUNCE_MS);
  const suggestions = useSuggestions(keyword, open);
  const items: ListedGoods[] = open && text.trim() !== '' ? (suggestions.data?.data ?? []) : [];
  const expanded = items.length > 0;

  const close = () => {
    setOpen(false);
    setActive(-1);
  };
  const choose = (goods: ListedGoods) => {
    close();
    void navigate(`/detail?id=${encodeURIComponent(goods.id)}`);
  };

  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    switch (event.key) {
      case 'ArrowDown':
        event.preventDefault();
        if (!open) setOpen(true);
        else if (expanded) setActive((index) => (index + 1) % items.length);
        break;
      case 'ArrowUp':
        event.preventDefault();
        if (expanded) setActive((index) => (index <= 0 ? items.length - 1 : index - 1));
        break;
      case 'Enter': {
        const chosen = expanded && active >= 0 ? items[active] : undefined;
        if (chosen) {
          event.preventDefault();
          choose(chosen);
        }
        break;
      }
      case 'Escape':
        // Also keeps the browser from clearing a search field on the first Escape.
        event.preventDefault();
        if (expanded) close();
        else setText('');
        break;
      case 'Tab':
        close();
        break;
    }
  };

  return (
    <form
      role="search"
      className="search"
      onSubmit={(event) => {
        event.preventDefault();
        close();
        const wanted = text.trim();
        void navigate(wanted ? listingPath({ keyword: wanted }) : '/');
      }}
    >
      <label htmlFor={`${id}-input`} className="visually-hidden">
        <FormattedMessage id="search.label" />
      </label>
      <input
        id={`${id}-input`}
        type="search"
        role="combobox"
        autoComplete="off"
        enterKeyHint="search"
        maxLength={100}
        aria-autocomplete="list"
        aria-expanded={expanded}
        aria-controls={listId}
        aria-activedescendant={expanded && active >= 0 ? `${listId}-${active}` : undefined}
        placeholder={intl.formatMessage({ id: 'search.placeholder' })}
        value={text}
        onChange={(event) => {
          setText(event.target.value);
          setOpen(true);
          setActive(-1);
        }}
        onKeyDown={onKeyDown}
        onBlur={close}
      />
      <button type="submit" className="search-submit">
        <svg viewBox="0 0 24 24" width="20" height="20" aria-hidden="true" focusable="false">
          <circle cx="10.5" cy="10.5" r="6.5" fill="none" stroke="currentColor" strokeWidth="2.2" />
          <path d="m15.5 15.5 5 5" stroke="currentColor" strokeWidth="2.2" strokeLinecap="round" />
        </svg>
        <span className="visually-hidden">
          <FormattedMessage id="search.submit" />
        </span>
      </button>
      <ul
        id={listId}
        role="listbox"
        className="search-suggestions"
        aria-label={intl.formatMessage({ id: 'search.suggestions' })}
        hidden={!expanded}
      >
        {items.map((goods, index) => (
          <li
            key={goods.id}
            id={`${listId}-${index}`}
            role="option"
            aria-selected={index === active}
            // Keeps the focus in the field, so the list is not closed by the click that chooses from it.
            onMouseDown={(event) => event.preventDefault()}
            onClick={() => choose(goods)}
          >
            <HighlightedName name={goods.name} highlights={goods.highlights} />
          </li>
        ))}
      </ul>
      <p className="visually-hidden" role="status">
        {open && keyword !== '' && suggestions.data && !suggestions.isPlaceholderData && (
          <FormattedMessage id="search.suggestionCount" values={{ count: items.length }} />
        )}
      </p>
    </form>
  );
}
