import {
  IDEMPOTENCY_HEADER,
  IDEMPOTENCY_KEY_MAX_LENGTH,
  ITEM_BATCH_MAX,
  ITEM_CONTENT_MAX_LENGTH,
  ITEM_PROPERTIES_MAX_BYTES,
  LIST_ITEMS_MAX,
} from './constants.ts';

/** User-facing messages from the product spec (sections 4, 5, 6 and 8), defined once. */
export const MESSAGES = {
  loginFailed: 'Login failed. Please check your credentials.',
  registrationFailed: 'Registration failed. Please try again.',
  passwordResetSent: 'If an account exists for that email, a reset link has been sent.',
  passwordResetFailed: 'Failed to send reset email',
  profileUpdated: 'Profile updated successfully!',
  profileUpdateFailed: 'Failed to update profile',
  passwordChanged: 'Password changed successfully!',
  passwordChangeFailed: 'Failed to change password',
  newPasswordTooShort: 'New password must be at least 6 characters long',
  newPasswordsDoNotMatch: 'New passwords do not match',
  currentPasswordRequired: 'Current password is required',
  listNotFound: 'List not found or not accessible',
  listForbidden: "You don't have permission to access this list",
  joinFailed: 'Failed to join list',
  removeAccessConfirm: 'Are you sure you want to remove access for this user?',
  shareSettingsUpdated: 'Share settings updated successfully!',
  shareSettingsFailed: 'Failed to update share settings: ',
  updateAccessFailed: 'Failed to update access: ',
  removeAccessFailed: 'Failed to remove access: ',
  tempListNoItems: 'Please wait for the list to be created before adding items.',
  tempListNoPhotos: 'Please wait for the list to be created before analyzing photos.',
  tempListNoImages: 'Please wait for the list to be created before adding images.',
} as const;

/** The warning of POST /items/batch for an item that is already on the list, unchecked. */
export const duplicateItemWarning = (name: string) => `"${name}" is already on this list`;

/** Messages of our own, for cases the spec leaves to the server. */
export const SERVER_MESSAGES = {
  invalidCredentials: 'Invalid email or password.',
  emailTaken: 'An account with this email already exists.',
  invalidEmail: 'Please enter a valid email address.',
  passwordTooShort: 'Password must be at least 6 characters long',
  currentPasswordWrong: 'Current password is incorrect',
  itemContentRequired: 'Item content cannot be empty',
  itemContentNotText: 'Item content must be text',
  itemContentTooLong: `An item must be at most ${ITEM_CONTENT_MAX_LENGTH} characters long`,
  itemBatchEmpty: 'Add at least one item',
  itemBatchTooLarge: `At most ${ITEM_BATCH_MAX} items can be added at once`,
  listFull: `A list can hold at most ${LIST_ITEMS_MAX.toLocaleString('en-US')} items`,
  itemNotFound: 'Item not found',
  itemPropertiesTooLarge: `Item properties must be at most ${ITEM_PROPERTIES_MAX_BYTES.toLocaleString('en-US')} bytes as JSON`,
  itemUpdateEmpty: 'Send at least one of content, is_completed, position or properties',
  itemOrderMismatch: 'The order must name every item of the list exactly once',
  idempotencyKeyInvalid: `${IDEMPOTENCY_HEADER} must be 1 to ${IDEMPOTENCY_KEY_MAX_LENGTH} characters long`,
  idempotencyKeyReused: `This ${IDEMPOTENCY_HEADER} was already used for a different request`,
  idempotencyInProgress: `A request with this ${IDEMPOTENCY_HEADER} is still in progress; retry in a moment`,
  emailNotEditable: 'Email cannot be changed.',
  notSignedIn: 'Please sign in to continue.',
  resetLinkInvalid: 'This reset link is invalid or has expired. Please request a new one.',
  tooManyAttempts: 'Too many attempts. Please wait a minute and try again.',
  notFound: 'Not found',
  invalidJson: 'The request body is not valid JSON.',
  bodyTooLarge: 'The request body is too large.',
  unsupportedMediaType: 'Send the request body as JSON (Content-Type: application/json).',
  internal: 'Something went wrong on our side. Please try again.',
} as const;
