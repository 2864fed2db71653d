/** Business constants and timings of spec 000 §9 and spec 001 §9, in one place. */
export const limits = {
  passwordMinLength: 6,
  cardSearchMinChars: 2,
  suggestionsShown: 5,
  deviceCodeTtlMinutes: 9,
  massDeleteCountdownSeconds: 5,
  topSellingLimit: 10,
  latestSoldLimit: 20,
  upchargePercent: 45,
  cartListHeightPx: 300,
  paymentListHeightPx: 400,
  storefrontCardMaxWidthPx: 250,
  refundWindowDays: 14,
  minimumAge: 18,
  /** Bodies above this are refused with 413 before they are parsed. */
  jsonBodyLimitBytes: 256 * 1024,
} as const;

export const timings = {
  toastAutoCloseMs: 2000,
  pendingOrdersPollMs: 10_000,
  orderHistoryPollMs: 90_000,
  orderingRefreshMs: 5000,
  orderingSearchDebounceMs: 500,
  settingsReloadDelayMs: 1500,
  resetRedirectMs: 3000,
  storefrontFadeStaggerMs: 30,
  storefrontScrollDelayMs: 200,
  adminAnalyticsRefreshMs: 30_000,
  captchaScriptPollMs: 10,
} as const;

export const qualities = ['NM', 'LP', 'MP', 'HP', 'D'] as const;
export type Quality = (typeof qualities)[number];

export const finishes = ['nonfoil', 'foil', 'etched'] as const;
export type Finish = (typeof finishes)[number];

/**
 * Each finish as every screen, mail and export names it. The staff ordering screen alone says "Normal" for nonfoil,
 * as the spec (001, inventory search hit) has it.
 */
export const finishNames: Record<Finish, string> = { nonfoil: 'Non-Foil', foil: 'Foil', etched: 'Etched' };

/** The languages a stock row can be in, as Scryfall codes them (`ph`: Phyrexian); English first, the default. */
export const languages = ['en', 'de', 'fr', 'it', 'es', 'pt', 'ja', 'ko', 'ru', 'zhs', 'zht', 'ph'] as const;
export type Language = (typeof languages)[number];

/** The languages priced as a share of the English price (English is the 100 % they are shares of). */
export const pricedLanguages = languages.filter((l): l is Exclude<Language, 'en'> => l !== 'en');
export type PricedLanguage = (typeof pricedLanguages)[number];

/** Each language's name as players write it. */
export const languageNames: Record<Language, string> = {
  en: 'English',
  de: 'German',
  fr: 'French',
  it: 'Italian',
  es: 'Spanish',
  pt: 'Portuguese',
  ja: 'Japanese',
  ko: 'Korean',
  ru: 'Russian',
  zhs: 'Chinese (Simplified)',
  zht: 'Chinese (Traditional)',
  ph: 'Phyrexian',
};

/** Kinds of shop-made sealed products (DESIGN: sealed stock), in the order the form offers them. */
export const sealedCategories = [
  'Booster Box',
  'Booster Pack',
  'Collector Booster',
  'Bundle',
  'Commander Deck',
  'Starter Deck',
  'Prerelease Kit',
  'Other',
] as const;
export type SealedCategory = (typeof sealedCategories)[number];

/** Bounds of a sealed product, shared by the server's schema and the web form's own checks. */
export const sealedLimits = {
  nameMaxLength: 200,
  setCodeMaxLength: 10,
  maxPriceDollars: 100_000,
  maxQuantity: 100_000,
  pageSize: 50,
} as const;

export const teamRoles = ['Manager', 'Employee', 'Watcher'] as const;
export const shopRoles = ['Owner', ...teamRoles] as const;
export type ShopRole = (typeof shopRoles)[number];

export const platformRoles = ['user', 'admin', 'website_staff', 'superadmin'] as const;
export type PlatformRole = (typeof platformRoles)[number];

export const feedbackTypes = [
  { value: 'general', label: 'General' },
  { value: 'bug', label: 'Bug' },
  { value: 'feature', label: 'Feature Request' },
  { value: 'ui', label: 'UI' },
  { value: 'suggestion', label: 'Suggestion' },
  { value: 'other', label: 'Other' },
] as const;

/** The admin area's feedback dialog (spec 001 §2.11). */
export const adminFeedbackTypes = [
  { value: 'general', label: 'General' },
  { value: 'bug', label: 'Bug' },
  { value: 'feature', label: 'Feature' },
  { value: 'admin', label: 'Admin' },
  { value: 'system', label: 'System' },
  { value: 'urgent', label: 'Urgent' },
] as const;

/**
 * Bounds and fallbacks of the admin area's numbers (spec 001 §5, §9): a value
 * outside the bounds is refused by the server; an empty or invalid entry in
 * a form becomes the fallback.
 */
export const adminBounds = {
  max_stores_per_user: { min: 1, max: 10, fallback: 1 },
  password_min_length: { min: 6, max: 32, fallback: 8 },
  session_timeout_hours: { min: 1, max: 168, fallback: 24 },
  rate_limit_per_minute: { min: 10, max: 1000, fallback: 100 },
  smtp_port: { min: 1, max: 65535, fallback: 587 },
  max_inventory_items: { min: 1, max: 10_000, fallback: 1000 },
} as const;
export type AdminBound = (typeof adminBounds)[keyof typeof adminBounds];

/** The admin area's constants (spec 001 §9): price steps, the store performance bar, report ranges. */
export const adminLimits = {
  bulkPriceStepPercent: 10,
  storePerformanceFullAt: 500,
  descriptionCut: 100,
  inventoryPageSize: 50,
} as const;

/** Report date ranges (spec 001 §2.9): value, label and length in days. */
export const reportRanges = [
  { value: '7d', label: '7 days', days: 7 },
  { value: '30d', label: '30 days', days: 30 },
  { value: '3m', label: '3 months', days: 91 },
  { value: '1y', label: '1 year', days: 365 },
] as const;
export type ReportRange = (typeof reportRanges)[number]['value'];

/** Cookie names of spec 000 §3; no expiry, path /. */
export const cookies = {
  authToken: 'auth_token',
  shopName: 'shopname',
  userRole: 'user_role',
  isAdmin: 'is_admin',
} as const;

/**
 * Cloudflare's documented dummy token. In captcha test mode the page skips the
 * widget and sends this fixed value (spec 000 §5 "test-mode exception").
 */
export const CAPTCHA_TEST_TOKEN = 'XXXX.DUMMY.TOKEN.XXXX';

/** The product's own name, shown in the header, footer and storefront. */
export const PRODUCT_NAME = 'Cardstock';
