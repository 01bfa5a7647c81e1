import {
  getAccountLinkingAccessToken,
  getIntentName,
  getRequestType,
  getSlotValue,
  SkillBuilders,
  type ErrorHandler,
  type HandlerInput,
  type RequestHandler,
} from 'ask-sdk-core';
import type { RequestEnvelope, Response, ResponseEnvelope } from 'ask-sdk-model';
import type { FastifyBaseLogger } from 'fastify';
import { ALEXA_SPEECH } from '../../common/alexa.ts';
import { MESSAGES, SERVER_MESSAGES } from '../../common/messages.ts';
import type { Actor } from '../access/actor.ts';
import { DomainError } from '../domain/errors.ts';
import { statusOf } from '../http/error-status.ts';
import type { Conversation, VoiceActions, VoiceAnswer } from './voice-actions.ts';
import { ssmlText } from './spoken.ts';

/** The custom intents of the interaction model (docs/alexa/interaction-model.json) and their slots. */
export const INTENTS = {
  addItem: 'AddItemIntent',
  readList: 'ReadListIntent',
  checkOffItem: 'CheckOffItemIntent',
} as const;
export const SLOTS = { item: 'item', list: 'list' } as const;
/** The built-in intents the skill answers; the interaction model must declare them. */
export const BUILT_IN_INTENTS = {
  help: 'AMAZON.HelpIntent',
  stop: 'AMAZON.StopIntent',
  cancel: 'AMAZON.CancelIntent',
  fallback: 'AMAZON.FallbackIntent',
  navigateHome: 'AMAZON.NavigateHomeIntent',
} as const;

/** The session attribute that remembers the list a conversation is about. */
const LAST_LIST = 'listId';

/** What each request is handled with: the linked user, when the request carried a valid token. */
interface RequestContext {
  actor: Actor | undefined;
}

const actorOf = (input: HandlerInput) => (input.context as RequestContext).actor;
const isIntent = (input: HandlerInput, ...names: string[]) =>
  getRequestType(input.requestEnvelope) === 'IntentRequest' && names.includes(getIntentName(input.requestEnvelope));
const slot = (input: HandlerInput, name: string) => getSlotValue(input.requestEnvelope, name) ?? undefined;

/** Speech is plain text until here: escaped once, so a list called "Tom & Jerry's" is read, not parsed. */
function say(input: HandlerInput, text: string, options: { listen?: boolean } = {}): Response {
  const builder = input.responseBuilder.speak(ssmlText(text));
  if (options.listen) builder.reprompt(ssmlText(ALEXA_SPEECH.reprompt));
  return builder.withShouldEndSession(!options.listen).getResponse();
}

function conversationOf(input: HandlerInput): Conversation {
  const lastListId: unknown = input.requestEnvelope.session ? input.attributesManager.getSessionAttributes()[LAST_LIST] : undefined;
  return { lastListId: typeof lastListId === 'string' ? lastListId : undefined };
}

/**
 * The answer of an action. A one-shot request ("Alexa, ask Listo to add milk to groceries") ends
 * with it; inside a conversation the skill was opened for, it listens for the next request.
 */
function answer(input: HandlerInput, { speech, listId }: VoiceAnswer): Response {
  const session = input.requestEnvelope.session;
  if (session && listId) input.attributesManager.setSessionAttributes({ [LAST_LIST]: listId });
  return say(input, speech, { listen: session !== undefined && !session.new });
}

const handlers = (actions: VoiceActions): RequestHandler[] => [
  {
    canHandle: (input) => getRequestType(input.requestEnvelope) === 'SessionEndedRequest',
    handle: (input) => input.responseBuilder.getResponse(),
  },
  {
    // Not linked, or unlinked since: Alexa shows a card in its app that starts linking.
    canHandle: (input) => actorOf(input) === undefined,
    handle: (input) => {
      input.responseBuilder.withLinkAccountCard();
      return say(input, ALEXA_SPEECH.linkAccount);
    },
  },
  {
    canHandle: (input) => getRequestType(input.requestEnvelope) === 'LaunchRequest',
    handle: (input) => say(input, ALEXA_SPEECH.welcome, { listen: true }),
  },
  {
    canHandle: (input) => isIntent(input, INTENTS.addItem),
    handle: async (input) =>
      answer(input, await actions.add(actorOf(input)!, slot(input, SLOTS.item), slot(input, SLOTS.list), conversationOf(input))),
  },
  {
    canHandle: (input) => isIntent(input, INTENTS.readList),
    handle: async (input) => answer(input, await actions.read(actorOf(input)!, slot(input, SLOTS.list), conversationOf(input))),
  },
  {
    canHandle: (input) => isIntent(input, INTENTS.checkOffItem),
    handle: async (input) =>
      answer(input, await actions.checkOff(actorOf(input)!, slot(input, SLOTS.item), slot(input, SLOTS.list), conversationOf(input))),
  },
  {
    canHandle: (input) => isIntent(input, BUILT_IN_INTENTS.help, BUILT_IN_INTENTS.navigateHome),
    handle: (input) => say(input, ALEXA_SPEECH.help, { listen: true }),
  },
  {
    canHandle: (input) => isIntent(input, BUILT_IN_INTENTS.stop, BUILT_IN_INTENTS.cancel),
    handle: (input) => say(input, ALEXA_SPEECH.goodbye),
  },
  {
    // The fallback intent, and any request this skill does not know.
    canHandle: () => true,
    handle: (input) => say(input, `${ALEXA_SPEECH.notUnderstood} ${ALEXA_SPEECH.help}`, { listen: true }),
  },
];

/** A refusal said in words: the app's scopes, a read-only list, or the service's own message. */
function spokenRefusal(error: DomainError): string {
  if (error.message === SERVER_MESSAGES.scopeMissing) return ALEXA_SPEECH.notAllowed;
  if (error.message === MESSAGES.listForbidden) return ALEXA_SPEECH.readOnly;
  return error.message;
}

const errorHandler = (log: FastifyBaseLogger): ErrorHandler => ({
  canHandle: () => true,
  handle: (input, error) => {
    if (error instanceof DomainError && statusOf(error) < 500) return say(input, spokenRefusal(error));
    log.error({ err: error }, 'skill request failed');
    return say(input, ALEXA_SPEECH.failed);
  },
});

export interface VoiceSkillDeps {
  actions: VoiceActions;
  /** The linked user behind an access token of the skill's own OAuth client, or undefined. */
  authenticate: (accessToken: string) => Promise<Actor | undefined>;
  log: FastifyBaseLogger;
}

/** The skill (ask-sdk-core): a verified request envelope in, the response envelope out. */
export function createVoiceSkill(deps: VoiceSkillDeps) {
  const skill = SkillBuilders.custom()
    .addRequestHandlers(...handlers(deps.actions))
    .addErrorHandlers(errorHandler(deps.log))
    .create();
  return {
    async respond(envelope: RequestEnvelope): Promise<ResponseEnvelope> {
      const token = getAccountLinkingAccessToken(envelope);
      const actor = token ? await deps.authenticate(token) : undefined;
      return skill.invoke(envelope, { actor } satisfies RequestContext);
    },
  };
}

export type VoiceSkill = ReturnType<typeof createVoiceSkill>;
