import { z } from 'zod';
import {
  EMAIL_MAX_LENGTH,
  FIRST_NAME_MAX_LENGTH,
  PASSWORD_MAX_LENGTH,
  PASSWORD_MIN_LENGTH,
} from '../constants.ts';
import { MESSAGES, SERVER_MESSAGES } from '../messages.ts';
import { trimUnseen } from '../unseen-text.ts';

/** Payloads of the auth calls, shared by Fastify validation and the web client. */

export const Email = z
  .string({ error: SERVER_MESSAGES.invalidEmail })
  .trim()
  .toLowerCase()
  .max(EMAIL_MAX_LENGTH, { error: SERVER_MESSAGES.invalidEmail })
  .pipe(z.email({ error: SERVER_MESSAGES.invalidEmail }));

const NewPassword = (message: string) =>
  z
    .string({ error: message })
    .min(PASSWORD_MIN_LENGTH, { error: message })
    .max(PASSWORD_MAX_LENGTH, { error: SERVER_MESSAGES.passwordTooLong });

const FirstName = z.string().overwrite(trimUnseen).max(FIRST_NAME_MAX_LENGTH, {
  error: `First name must be at most ${FIRST_NAME_MAX_LENGTH} characters long`,
});

export const RegisterBody = z.strictObject({
  email: Email,
  password: NewPassword(SERVER_MESSAGES.passwordTooShort),
  first_name: FirstName.optional(),
});
export type RegisterBody = z.infer<typeof RegisterBody>;

export const LoginBody = z.strictObject({
  email: Email,
  password: z
    .string({ error: 'Password is required' })
    .min(1, { error: 'Password is required' })
    .max(PASSWORD_MAX_LENGTH, { error: SERVER_MESSAGES.passwordTooLong }),
});
export type LoginBody = z.infer<typeof LoginBody>;

// `email` first: the first problem found is the one answered, and an e-mail sent is the one to name.
export const ProfileBody = z.strictObject({
  email: z.never({ error: SERVER_MESSAGES.emailNotEditable }).optional(),
  first_name: FirstName,
});
export type ProfileBody = z.infer<typeof ProfileBody>;

const CurrentPassword = z
  .string({ error: MESSAGES.currentPasswordRequired })
  .min(1, { error: MESSAGES.currentPasswordRequired })
  .max(PASSWORD_MAX_LENGTH, { error: SERVER_MESSAGES.passwordTooLong });

export const ChangePasswordBody = z.strictObject({
  currentPassword: CurrentPassword,
  newPassword: NewPassword(MESSAGES.newPasswordTooShort),
});
export type ChangePasswordBody = z.infer<typeof ChangePasswordBody>;

/** DELETE /auth/account: the password again, so a token left on an open device cannot delete the account. */
export const DeleteAccountBody = z.strictObject({ currentPassword: CurrentPassword });
export type DeleteAccountBody = z.infer<typeof DeleteAccountBody>;

export const PasswordResetBody = z.strictObject({ email: Email });
export type PasswordResetBody = z.infer<typeof PasswordResetBody>;

/** The token of a mailed link (base64url, server/tokens.ts), with room to spare. */
const LINK_TOKEN_MAX_LENGTH = 200;
const LinkToken = z.string().min(1).max(LINK_TOKEN_MAX_LENGTH);
const LINK_TOKEN_SHAPE = new RegExp(`^[\\x21-\\x7e]{1,${LINK_TOKEN_MAX_LENGTH}}$`);

/**
 * Whether a link's token could be one of ours: visible ASCII, not too long. A link that a mail
 * client damaged (cut, wrapped, re-encoded) is told as an invalid link without asking the server,
 * whose answer would name the field's rule instead.
 */
export function couldBeLinkToken(token: string): boolean {
  return LINK_TOKEN_SHAPE.test(token);
}

export const PasswordResetConfirmBody = z.strictObject({
  token: LinkToken,
  newPassword: NewPassword(SERVER_MESSAGES.passwordTooShort),
});
export type PasswordResetConfirmBody = z.infer<typeof PasswordResetConfirmBody>;

/** A link's token from a verification mail (POST /auth/verify-email). */
export const VerifyEmailBody = z.strictObject({ token: LinkToken });
export type VerifyEmailBody = z.infer<typeof VerifyEmailBody>;

export const UserView = z.object({
  id: z.string(),
  email: z.string(),
  first_name: z.string().nullable(),
  can_use_ai: z.boolean(),
  /** Whether the owner proved the address; invitations to it wait until then. */
  email_verified: z.boolean(),
});
export type UserView = z.infer<typeof UserView>;

export const AuthResponse = z.object({ token: z.string(), user: UserView });
export type AuthResponse = z.infer<typeof AuthResponse>;

/** GET /auth/me, PUT /auth/profile, POST /auth/verify-email: the signed-in user. */
export const UserResponse = z.object({ user: UserView });
export type UserResponse = z.infer<typeof UserResponse>;

export const MessageResponse = z.object({ message: z.string() });
export type MessageResponse = z.infer<typeof MessageResponse>;
