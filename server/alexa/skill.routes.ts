import type { FastifyPluginAsync } from 'fastify';
import { ALEXA_SKILL_PATH } from '../../common/alexa.ts';
import { AlexaSkillResponse } from '../../common/schemas/alexa.ts';
import { jsonBodyText } from '../http/json-body.ts';
import type { VoiceSkill } from './skill.ts';
import type { SkillRequestVerifier } from './skill-verifier.ts';

/**
 * The skill's HTTPS endpoint. Public: Alexa authenticates by signing the request, and names the
 * user by the access token inside it. The signature covers the exact bytes sent, so in this plugin
 * (and only here) a JSON body is kept as the text it arrived as, refused as every body is when it
 * is not UTF-8 JSON text; the verifier parses it.
 */
export function skillRoutes(verify: SkillRequestVerifier, skill: VoiceSkill): FastifyPluginAsync {
  return async (app) => {
    app.removeContentTypeParser('application/json');
    app.addContentTypeParser('application/json', { parseAs: 'buffer' }, (request, body, done) => {
      try {
        done(null, jsonBodyText(request, body as Buffer));
      } catch (error) {
        done(error as Error, undefined);
      }
    });
    // The body is not declared: it is verified as the bytes Alexa signed, then parsed (skill-verifier.ts).
    app.post(ALEXA_SKILL_PATH, { config: { public: true }, schema: { response: { 200: AlexaSkillResponse } } }, async (request) => {
      return skill.respond(await verify(request.body, request.headers, request.ip));
    });
  };
}
