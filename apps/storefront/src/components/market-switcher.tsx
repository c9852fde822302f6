import { FormattedMessage } from 'react-intl';
import { useCurrentMarket, useMarkets } from '../features/shop/queries.ts';
import { effects } from '../api.ts';
import { HeaderSelect, returnsToHeaderMenu } from './header-select.tsx';

const MENU = 'market';

/** Whether this page load follows a market choice (the header menu opens for it). */
export const returnsToMarketMenu = returnsToHeaderMenu(MENU);

/**
 * Where the shopper buys from: every price is in that market's currency. The choice is kept by the shop (a
 * cookie, and the account when signed in); the page reloads so that every price on it follows. At checkout the
 * delivery country decides, whatever is chosen here.
 */
export function MarketSwitcher() {
  const markets = useMarkets().data;
  const current = useCurrentMarket().data;
  if (!markets || markets.length < 2 || !current) return null;
  return (
    <HeaderSelect
      name={MENU}
      className="locale-switcher market-switcher"
      label={<FormattedMessage id="market.label" />}
      hint={<FormattedMessage id="locale.hint" />}
      value={current.code}
      options={markets.map((market) => ({
        value: market.code,
        label: `${market.name} · ${market.currency}`,
      }))}
      onChoose={async (code) => {
        await effects.chooseMarket(code);
        window.location.reload();
      }}
    />
  );
}
