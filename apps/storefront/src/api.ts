import { createApiClient } from '@shop/api-client';
import { API_BASE, API_ERROR_TOAST_MS } from '@shop/contract';
import { takeEarly } from './features/start-up/early-replies.ts';
import { currentLocale, intlStore } from './i18n/intl-store.ts';
import { loadingStore } from './features/loading/loading-store.ts';
import { showToast } from './features/toast/toast-store.ts';
import { failureText } from './i18n/failure-text.ts';

/** The storefront's API client: the current locale on every request, envelope errors as 1 s toasts (spec §8). */
export const api = createApiClient({
  baseUrl: API_BASE,
  getLocale: currentLocale,
  // Before the first catalog has loaded (the start-up look-up of the shop's default locale) nothing is shown.
  onError: (message) => {
    if (intlStore.get()) showToast(message, { tone: 'error', duration: API_ERROR_TOAST_MS });
  },
  translateFailure: failureText,
  // A start-up request the boot script already sent is answered from its reply.
  fetch: (input, init) => takeEarly(String(input), init) ?? fetch(input, init),
});

const tracked =
  <A extends unknown[], R>(name: string, call: (...args: A) => Promise<R>) =>
  (...args: A): Promise<R> =>
    loadingStore.track(name, () => call(...args));

/**
 * Every call the pages make, each as a named effect of the loading store (spec §4: `common/fetchGoods`,
 * `user/login` …). Pages call these, never `api` directly, so the progress bar and busy buttons follow them.
 */
export const effects = {
  fetchGoods: tracked('common/fetchGoods', api.goods.list),
  // Its own effect: typing in the search box must not put the page's goods lists into their loading state.
  suggestGoods: tracked('common/suggestGoods', api.goods.list),
  fetchGood: tracked('common/fetchGood', api.goods.get),
  fetchCategories: tracked('common/fetchCategories', api.categories.list),
  fetchRelated: tracked('common/fetchRelated', api.browsing.related),
  fetchRecentlyViewed: tracked('common/fetchRecentlyViewed', api.browsing.recentlyViewed),
  recordViewed: tracked('common/recordViewed', api.browsing.recordViewed),
  fetchCharges: tracked('common/fetchCharges', api.charges.list),
  createCharge: tracked('common/createCharge', api.charges.create),
  fetchSystems: tracked('common/fetchSystems', api.systems.get),
  fetchMarkets: tracked('common/fetchMarkets', api.markets.list),
  fetchMarket: tracked('common/fetchMarket', api.markets.current),
  chooseMarket: tracked('common/chooseMarket', api.markets.choose),
  rememberLocale: tracked('user/rememberLocale', api.users.rememberLocale),
  fetchCoupons: tracked('common/fetchCoupons', api.coupons.list),
  claimCoupon: tracked('common/claimCoupon', api.coupons.claim),

  fetchRegions: tracked('user/fetchRegions', api.regions.list),
  fetchRegionChildren: tracked('user/fetchRegionChildren', api.regions.children),
  register: tracked('user/register', api.users.register),
  sendCode: tracked('user/sendCode', api.verificationCodes.send),
  login: tracked('user/login', api.users.login),
  logout: tracked('user/logout', api.users.logout),
  fetchCurrentUser: tracked('user/fetchCurrentUser', api.users.me),
  fetchUser: tracked('user/fetchUser', api.users.get),
  editUser: tracked('user/editUser', api.users.edit),
  uploadAvatar: tracked('user/uploadAvatar', api.users.uploadAvatar),
  forget: tracked('user/forget', api.users.forget),
  resetPassword: tracked('user/resetPassword', api.users.resetPassword),
  editPassword: tracked('user/editPassword', api.users.editPassword),
  activate: tracked('user/activate', api.users.activate),
  resendActivation: tracked('user/resendActivation', api.users.resendActivation),

  fetchAddresses: tracked('address/fetchAddresses', api.addresses.list),
  createAddress: tracked('address/createAddress', api.addresses.create),
  updateAddress: tracked('address/updateAddress', api.addresses.update),
  removeAddress: tracked('address/removeAddress', api.addresses.remove),

  fetchCart: tracked('cart/fetchCart', api.cart.get),
  addCartItem: tracked('cart/addItem', api.cart.addItem),
  fetchWishlist: tracked('wishlist/fetchWishlist', api.wishlist.get),
  addToWishlist: tracked('wishlist/add', api.wishlist.add),
  removeFromWishlist: tracked('wishlist/remove', api.wishlist.remove),
  shareWishlist: tracked('wishlist/share', api.wishlist.share),
  unshareWishlist: tracked('wishlist/unshare', api.wishlist.unshare),
  fetchSharedWishlist: tracked('wishlist/fetchShared', api.wishlist.shared),
  subscribeStockAlert: tracked('stockAlerts/subscribe', api.stockAlerts.subscribe),
  unsubscribeStockAlerts: tracked('stockAlerts/unsubscribe', api.stockAlerts.unsubscribe),
  updateCartItem: tracked('cart/updateItem', api.cart.updateItem),
  removeCartItem: tracked('cart/removeItem', api.cart.removeItem),

  previewOrder: tracked('order/previewOrder', api.orders.preview),
  placeOrder: tracked('order/placeOrder', api.orders.place),
  previewGuestOrder: tracked('order/previewGuestOrder', api.guestOrders.preview),
  placeGuestOrder: tracked('order/placeGuestOrder', api.guestOrders.place),
  fetchOrders: tracked('order/fetchOrders', api.orders.list),
  fetchOrder: tracked('order/fetchOrder', api.orders.get),
  cancelOrder: tracked('order/cancelOrder', api.orders.cancel),
  confirmOrder: tracked('order/confirmOrder', api.orders.confirm),
  requestReturn: tracked('order/requestReturn', api.orders.requestReturn),
};
