import type { MessageKey } from './format.js';

/**
 * Stable English error codes exchanged between programs. The values are the exact message strings the
 * specification gives for server answers; clients compare against them, people never read them (the Spanish
 * text comes from `errorMessageKeys`).
 */
export const ErrorCodes = {
  // From the specification
  /** 401 from the substitutions lookup: the plans view is shown. */
  EXHAUSTED_SUBSTITUTIONS: 'Exhausted substitutions inquiries',
  /** 401 from the catalogue: the catalog_consultations plan tabs are shown. */
  EXHAUSTED_CATALOG: 'Exhausted catalog inquiries',
  /** 401 from the plate lookup: plans modal (guest: login prompt). */
  EXHAUSTED_PLATE: 'Exhausted license plate inquiries',
  /** 401 from substitutions, 403 from the plate lookup: the login modal opens and the return URL is remembered. */
  LOGIN_REQUIRED: 'Login required',
  /** 400 from the VIN lookup. */
  VIN_LENGTH: 'VIN must have 17 digits',
  /** 404 from the VIN lookup: the VIN names a vehicle (make, model, year) whose catalogue Tuerca does not have yet. */
  VIN_NOT_IN_CATALOG: 'Vehicle not in catalog',
  /** 503 from the plate lookup: the captcha resets and a service-intermittent alert shows (spec gives no text). */
  SERVICE_UNAVAILABLE: 'Service unavailable',
  /** 403 from the catalogue's Excel export without downloadPartsCatalog: the premium-feature prompt shows. */
  PREMIUM_FEATURE: 'Premium feature',

  // Platform codes for the generic cases
  VALIDATION_FAILED: 'Validation failed',
  NOT_FOUND: 'Not found',
  FORBIDDEN: 'Forbidden',
  TOO_MANY_REQUESTS: 'Too many requests',
  INVALID_CREDENTIALS: 'Invalid credentials',
  EMAIL_ALREADY_REGISTERED: 'Email already registered',
  SIGN_UP_INCOMPLETE: 'Sign-up incomplete',
  /** The plate service requires a solved human check (captcha token). */
  CAPTCHA_REQUIRED: 'Captcha required',
  INTERNAL_ERROR: 'Internal error',

  // Charging plans, trials and plan payments
  /** 409: the person already had the trial of this consultation type (once per person and type). */
  TRIAL_ALREADY_REQUESTED: 'Trial already requested',
  /** 400: trials exist only for the consultation types (plate, catalogue, substitutions, general). */
  TRIAL_NOT_AVAILABLE: 'Trial not available',
  /** 404: the plan chosen for a payment does not exist, is inactive or was deleted. */
  PLAN_NOT_AVAILABLE: 'Plan not available',
  /** 401 to the payment gateway: the event's checksum does not match. */
  PAYMENT_SIGNATURE_INVALID: 'Invalid payment signature',
  /** 409 to the payment gateway: amount or currency differ from the payment, or the transaction paid another one. */
  PAYMENT_MISMATCH: 'Payment mismatch',
  /** 409: a marketplace payment's time to pay ran out (its stock is released). */
  PAYMENT_EXPIRED: 'Payment expired',
  /** 413: a request body larger than the route takes (the payment webhook's events are a few KB). */
  PAYLOAD_TOO_LARGE: 'Payload too large',

  // Identity
  /** 409: the person keeps the most shipping addresses allowed. */
  TOO_MANY_ADDRESSES: 'Too many addresses',
  /** 400: the registration link is unknown, used or expired. */
  VERIFICATION_INVALID: 'Invalid verification link',

  // Integrations (issue 18)
  /** A warning on an import's row: the store has not mapped the row's brand label to a PIES brand (the row keeps its label). */
  BRAND_NOT_MAPPED: 'Brand not mapped',
  /**
   * 409 from publishing on MercadoLibre beyond what the store may list: anything without a marketplace-integration
   * plan in force, or more than its free publications (getFreepublicationsinML). Worded as the spec's
   * 'Exhausted … inquiries' codes; the console points to the marketplace-integration plans.
   */
  EXHAUSTED_ML_PUBLICATIONS: 'Exhausted MercadoLibre publications',
} as const;

/** Name of an error code, e.g. 'LOGIN_REQUIRED'. */
export type ErrorCodeName = keyof typeof ErrorCodes;

/** The wire value of an error code, e.g. 'Login required'. */
export type ErrorCode = (typeof ErrorCodes)[ErrorCodeName];

/** Spanish text shown to people for each error code. */
export const errorMessageKeys = {
  EXHAUSTED_SUBSTITUTIONS: 'plans.exhaustedSubstitutions',
  EXHAUSTED_CATALOG: 'plans.exhaustedCatalog',
  EXHAUSTED_PLATE: 'plans.exhaustedPlate',
  LOGIN_REQUIRED: 'session.loginRequired',
  VIN_LENGTH: 'vin.mustHave17',
  VIN_NOT_IN_CATALOG: 'vin.notInCatalogGeneric',
  SERVICE_UNAVAILABLE: 'errors.serviceUnavailable',
  PREMIUM_FEATURE: 'catalog.premiumFeature',
  VALIDATION_FAILED: 'validation.invalidValue',
  NOT_FOUND: 'errors.notFound',
  FORBIDDEN: 'auth.forbidden',
  TOO_MANY_REQUESTS: 'errors.tooManyRequests',
  INVALID_CREDENTIALS: 'auth.invalidCredentials',
  EMAIL_ALREADY_REGISTERED: 'auth.emailAlreadyRegistered',
  SIGN_UP_INCOMPLETE: 'auth.signUpIncomplete',
  CAPTCHA_REQUIRED: 'plate.captchaRequired',
  INTERNAL_ERROR: 'errors.unexpected',
  TRIAL_ALREADY_REQUESTED: 'plans.trialAlreadyRequested',
  TRIAL_NOT_AVAILABLE: 'plans.trialNotAvailable',
  PLAN_NOT_AVAILABLE: 'payments.planNotAvailable',
  PAYMENT_SIGNATURE_INVALID: 'payments.invalidSignature',
  PAYMENT_MISMATCH: 'payments.mismatch',
  PAYMENT_EXPIRED: 'payments.paymentExpired',
  PAYLOAD_TOO_LARGE: 'payments.eventTooLarge',
  TOO_MANY_ADDRESSES: 'addresses.tooMany',
  VERIFICATION_INVALID: 'auth.verificationInvalid',
  BRAND_NOT_MAPPED: 'integrations.pies.notMapped',
  EXHAUSTED_ML_PUBLICATIONS: 'integrations.ml.publicationsExhausted',
} as const satisfies Record<ErrorCodeName, MessageKey>;

const byValue = new Map<string, ErrorCodeName>(
  (Object.entries(ErrorCodes) as [ErrorCodeName, ErrorCode][]).map(([name, value]) => [value, name]),
);

/** The code name for a message received from a server, or undefined when it is not a known code. */
export function errorCodeName(message: string): ErrorCodeName | undefined {
  return byValue.get(message);
}

export function isErrorCode(message: string): message is ErrorCode {
  return byValue.has(message);
}
