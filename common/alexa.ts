import { SERVER_MESSAGES } from './messages.ts';

/**
 * The voice assistant: the account-linking page, the linked apps in Account Settings,
 * and what the skill says. Every path, word and message of the feature, defined once.
 */

/** The page the Alexa app opens to link an account: the skill's "Authorization URI". */
export const ALEXA_LOGIN_PATH = '/alexa-login';
/** Below the API base: where the linking page posts its form. */
export const ALEXA_AUTHORIZE_PATH = '/auth/alexa/auth';
/** Below the API base: where the linking page gets its form's token. */
export const ALEXA_LINK_FORM_PATH = '/auth/alexa/form';
/** Below the API base: the skill's "Access Token URI". */
export const ALEXA_TOKEN_PATH = '/auth/alexa/token';
/** Below the API base: the skill's HTTPS endpoint. */
export const ALEXA_SKILL_PATH = '/alexa/skill';
/** What the linked apps of Account Settings call the Alexa client. */
export const ALEXA_CLIENT_NAME = 'Alexa';

/**
 * The query parameters of an authorization request (RFC 6749 section 4.1.1, RFC 7636 section 4.3)
 * that the linking page carries to the server; any other parameter is dropped on the way.
 */
export const AUTHORIZATION_PARAMS = [
  'client_id',
  'redirect_uri',
  'state',
  'response_type',
  'scope',
  'code_challenge',
  'code_challenge_method',
] as const;
export type AuthorizationParam = (typeof AUTHORIZATION_PARAMS)[number];

/** The parameter by which the server, sending the browser back to the linking page, says what went wrong. */
export const LINK_ERROR_PARAM = 'error';

/** Why the linking page was shown again, and what it then says. */
export const LINK_ERRORS = {
  invalid_credentials: SERVER_MESSAGES.invalidCredentials,
  rate_limited: SERVER_MESSAGES.tooManyAttempts,
  invalid_client: 'This link does not come from an app this Listo server knows. Start account linking again in the Alexa app.',
  invalid_request: 'This link is incomplete. Start account linking again in the Alexa app.',
  stale_form: 'This sign-in form has expired, or was sent from another site. Please sign in again.',
} as const;
export type LinkError = keyof typeof LINK_ERRORS;

export const LINK_PAGE_TEXT = {
  title: 'Link your Listo account',
  intro: 'Sign in to let Alexa add items to your lists, read them out and check items off.',
  submit: 'Link Account',
  busy: 'Linking…',
  failed: 'Your account could not be linked. Please try again.',
} as const;

export const LINKED_APPS_TEXT = {
  title: 'Linked apps',
  none: 'No apps are linked to your account. Voice and AI assistants are linked from their own app.',
  linkedOn: (date: string) => `Linked on ${date}`,
  unlink: 'Unlink',
  unlinking: 'Unlinking…',
  unlinkConfirm: (name: string) => `Unlink ${name}? It can no longer reach your lists until you link it again.`,
  unlinked: (name: string) => `${name} is unlinked.`,
  unlinkFailed: 'Failed to unlink: ',
  tryAgain: 'please try again.',
  loadFailed: 'Your linked apps could not be loaded.',
} as const;

/** The server's own answers to the account-linking and skill calls. */
export const ALEXA_SERVER_MESSAGES = {
  linkedAppNotFound: 'No app with this id is linked to your account.',
  signatureInvalid: 'The request does not carry a valid Alexa signature.',
  timestampInvalid: 'The request is too old, or dated in the future.',
  wrongSkill: 'The request is meant for another skill.',
  notSkillRequest: 'The request is not an Alexa skill request.',
  certificateDownloadsExceeded: 'Too many new signing certificates. Please try again in a minute.',
  requestReplayed: 'This request was received before.',
  tooManySkillRequests: 'Too many skill requests at once. Please try again shortly.',
  twoClientAuthentications:
    'The client must authenticate one way only: by HTTP Basic, or with client_id and client_secret in the body (RFC 6749 2.3).',
} as const;

/**
 * The most one answer says, counted on its SSML (the text escaped: "&" is "&amp;"). Alexa refuses
 * an outputSpeech over 8,000 characters, and the user then hears only that the skill failed; the
 * 500 below it leave room for the <speak> element the SDK wraps the text in, with plenty to spare.
 * https://developer.amazon.com/en-US/docs/alexa/custom-skills/request-and-response-json-reference.html#response-format
 */
export const ALEXA_SPEECH_MAX_CHARS = 7_500;
/**
 * What the user said, said back ("I couldn't find a list called …"), is cut to this: a slot holds
 * a few spoken words, and a longer one is no one's speech.
 */
export const SPOKEN_ECHO_MAX_CHARS = 100;

/** What the skill says. Plain text: the skill escapes it for SSML when it speaks. */
export const ALEXA_SPEECH = {
  welcome: "Welcome to Listo. You can say: add milk to groceries, or: what's on groceries?",
  help: "You can say: add milk to groceries, what's on groceries, or: check off milk. What would you like to do?",
  reprompt: 'What would you like to do?',
  goodbye: 'Goodbye.',
  notUnderstood: "Sorry, I didn't get that.",
  linkAccount: 'To use Listo, link your Listo account in the Alexa app. I have sent a card there to help you.',
  noLists: 'You have no lists yet. Create one in the Listo app.',
  whichItem: 'Which item? For example: add milk to groceries.',
  listNotFound: (spoken: string, names: string) => `I couldn't find a list called ${spoken}. Your lists are: ${names}.`,
  added: (items: string, list: string) => `Added ${items} to ${list}.`,
  alreadyOn: (items: string, list: string) => `${items} is already on ${list}.`,
  nothingOn: (list: string) => `There's nothing left on ${list}.`,
  /** `items` as `joinSpoken` says them, with "and N more" at the end when not all are said. */
  listItems: (list: string, count: number, items: string) => `${list} has ${count} ${count === 1 ? 'item' : 'items'}: ${items}.`,
  andMore: (more: number) => `and ${more} more`,
  checkedOff: (item: string, list: string) => `Checked off ${item} on ${list}.`,
  itemNotOnList: (item: string, list: string) => `I couldn't find ${item} on ${list}.`,
  itemNotFound: (item: string) => `I couldn't find ${item} on any of your lists.`,
  notAllowed: "Listo doesn't let Alexa do that. You can do it in the Listo app.",
  readOnly: 'You can read that list, but not change it.',
  failed: 'Sorry, something went wrong. Please try again.',
} as const;
