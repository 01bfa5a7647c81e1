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
} as const;

/** Messages of our own, for cases the spec leaves to the server. */
export const SERVER_MESSAGES = {
  invalidCredentials: 'Invalid email or password.',
  emailTaken: 'An account with this email already exists.',
  invalidEmail: 'Please enter a valid email address.',
  passwordTooShort: 'Password must be at least 6 characters long',
  currentPasswordWrong: 'Current password is incorrect',
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
