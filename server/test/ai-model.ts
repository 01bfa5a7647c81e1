import http from 'node:http';
import type { AddressInfo, Socket } from 'node:net';

/**
 * A local stand-in for the Gemini API and an OpenAI-compatible server, speaking their real wire
 * formats, so the tests run the real SDKs end to end: Gemini's
 * `POST /{version}/models/{model}:generateContent` answered with `candidates[].content.parts[].text`
 * (errors as `{error: {code, status, message}}`), and OpenAI's `POST /v1/chat/completions`
 * answered with `choices[].message.content` (errors as `{error: {message, type, code}}`).
 * What the "model" says is scripted per test; by default it answers every question sensibly.
 */

export type ModelBehaviour =
  /** The model answers this JSON (serialised as its text). */
  | { answer: unknown }
  /** The model answers this text as it is (e.g. not JSON). */
  | { text: string }
  /** The API answers with an error status. */
  | { status: number; message?: string }
  /** The API never answers. */
  | { hang: true }
  /** The model answers sensibly, after this long. */
  | { delayMs: number };

export interface RecordedRequest {
  api: 'gemini' | 'openai';
  path: string;
  headers: http.IncomingHttpHeaders;
  // The SDKs' request bodies, as JSON; tests look at the fields they care about.
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  body: any;
}

export interface FakeModelServer {
  url: string;
  requests: RecordedRequest[];
  /** The next requests' behaviours, in order; after them, the default answers. */
  script(...behaviours: ModelBehaviour[]): void;
  /** Forgets the requests seen and the behaviours not used. */
  reset(): void;
  start(): Promise<void>;
  close(): Promise<void>;
}

/** What a sensible model answers, read from the request: the items it names and the schema it asks for. */
function defaultAnswer(schema: Record<string, unknown>, input: string): unknown {
  const properties = (schema.properties ?? {}) as Record<string, unknown>;
  const items = /\{"items":\[.*\]\}/.exec(input)?.[0];
  const names: string[] = items ? (JSON.parse(items) as { items: { name: string }[] }).items.map((item) => item.name) : [];
  if ('translations' in properties) {
    return { translations: names.map((name, index) => ({ index, text: `${name} (fr)` })) };
  }
  const entry = ((properties.items as { items?: { properties?: Record<string, unknown> } }).items?.properties ?? {});
  if ('department' in entry) {
    const department = (name: string) => (/milk|cheese|yogurt/i.test(name) ? 'Dairy & Eggs' : /apple|banana/i.test(name) ? 'Produce' : 'Other');
    return {
      items: names.map((name, index) => ({ index, department: department(name), category: 'Model category', priority: 'low' })),
    };
  }
  if ('properties' in entry) {
    return { items: names.map((name, index) => ({ index, properties: [{ key: 'note', value: `note on ${name}` }] })) };
  }
  return { items: ['2 bottles milk', 'eggs'] };
}

function geminiBody(text: string) {
  return {
    candidates: [{ content: { role: 'model', parts: [{ text }] }, finishReason: 'STOP', index: 0 }],
    usageMetadata: { promptTokenCount: 10, candidatesTokenCount: 10, totalTokenCount: 20 },
    modelVersion: 'fake',
  };
}

function openAiBody(text: string, model: string) {
  return {
    id: 'chatcmpl-fake',
    object: 'chat.completion',
    created: Math.floor(Date.now() / 1000),
    model,
    choices: [{ index: 0, message: { role: 'assistant', content: text, refusal: null }, finish_reason: 'stop', logprobs: null }],
    usage: { prompt_tokens: 10, completion_tokens: 10, total_tokens: 20 },
  };
}

function errorBody(api: 'gemini' | 'openai', status: number, message: string) {
  if (api === 'gemini') {
    return { error: { code: status, message, status: status === 429 ? 'RESOURCE_EXHAUSTED' : 'INTERNAL' } };
  }
  return { error: { message, type: status === 429 ? 'requests' : 'server_error', param: null, code: status === 429 ? 'rate_limit_exceeded' : null } };
}

export function createFakeModelServer(): FakeModelServer {
  const requests: RecordedRequest[] = [];
  const queue: ModelBehaviour[] = [];
  const sockets = new Set<Socket>();

  const server = http.createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      const path = request.url ?? '';
      const api = path.endsWith(':generateContent') ? 'gemini' : path.endsWith('/chat/completions') ? 'openai' : undefined;
      if (!api) {
        response.writeHead(404).end();
        return;
      }
      const body = JSON.parse(Buffer.concat(chunks).toString('utf8') || '{}');
      requests.push({ api, path, headers: request.headers, body });
      const behaviour = queue.shift();
      if (behaviour && 'hang' in behaviour) return;
      const send = (status: number, payload: unknown) => {
        const answer = () => response.writeHead(status, { 'content-type': 'application/json' }).end(JSON.stringify(payload));
        if (behaviour && 'delayMs' in behaviour) setTimeout(answer, behaviour.delayMs);
        else answer();
      };
      if (behaviour && 'status' in behaviour) {
        send(behaviour.status, errorBody(api, behaviour.status, behaviour.message ?? 'scripted failure'));
        return;
      }
      let text: string;
      if (behaviour && 'text' in behaviour) {
        text = behaviour.text;
      } else if (behaviour && 'answer' in behaviour) {
        text = JSON.stringify(behaviour.answer);
      } else {
        const schema = api === 'gemini' ? body.generationConfig?.responseJsonSchema : body.response_format?.json_schema?.schema;
        const input =
          api === 'gemini'
            ? body.contents[0].parts.map((part: { text?: string }) => part.text ?? '').join('\n')
            : [body.messages[1].content].flat().map((part: string | { text?: string }) => (typeof part === 'string' ? part : (part.text ?? ''))).join('\n');
        text = JSON.stringify(defaultAnswer(schema ?? {}, input));
      }
      send(200, api === 'gemini' ? geminiBody(text) : openAiBody(text, body.model));
    });
  });
  server.on('connection', (socket) => {
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
  });

  const fake: FakeModelServer = {
    url: '',
    requests,
    script: (...behaviours) => void queue.push(...behaviours),
    reset() {
      requests.length = 0;
      queue.length = 0;
    },
    async start() {
      await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
      fake.url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    },
    async close() {
      for (const socket of sockets) socket.destroy();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
  return fake;
}
