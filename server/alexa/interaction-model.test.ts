import fs from 'node:fs';
import path from 'node:path';
import { expect, it } from 'vitest';
import { BUILT_IN_INTENTS, INTENTS, SLOTS } from './skill.ts';

/** The interaction model an operator pastes into the Alexa console (docs/deploy.md) speaks the skill's language. */
const MODEL_FILE = path.resolve(import.meta.dirname, '../../docs/alexa/interaction-model.json');

interface Intent {
  name: string;
  slots?: { name: string; type: string }[];
  samples: string[];
}

it('declares exactly the intents the skill handles, with their slots used in the samples', () => {
  const model = JSON.parse(fs.readFileSync(MODEL_FILE, 'utf8'));
  const intents: Intent[] = model.interactionModel.languageModel.intents;
  expect(intents.map((intent) => intent.name).sort()).toEqual([...Object.values(INTENTS), ...Object.values(BUILT_IN_INTENTS)].sort());
  const slotNames = new Set<string>(Object.values(SLOTS));
  const types = new Set(model.interactionModel.languageModel.types.map((type: { name: string }) => type.name));
  for (const intent of intents) {
    for (const slot of intent.slots ?? []) {
      expect(slotNames).toContain(slot.name);
      expect(types).toContain(slot.type);
    }
    const used = new Set(intent.samples.flatMap((sample) => [...sample.matchAll(/\{(\w+)\}/g)].map((match) => match[1])));
    expect([...used].sort()).toEqual((intent.slots ?? []).map((slot) => slot.name).sort());
  }
});
