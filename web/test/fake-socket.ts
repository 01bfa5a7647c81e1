import { act } from '@testing-library/react';
import type { ClientMessage, ServerMessage } from '../../common/realtime.ts';
import type { SocketLike } from '../core/net/live-client.ts';

/**
 * The browser's socket, replaced for tests of the live client's users: the test plays the server,
 * sending snapshots, changes and errors, and reads what the client sent.
 */
export class FakeSocket implements SocketLike {
  readyState = 0;
  sent: ClientMessage[] = [];
  onopen: SocketLike['onopen'] = null;
  onmessage: SocketLike['onmessage'] = null;
  onclose: SocketLike['onclose'] = null;
  onerror: SocketLike['onerror'] = null;
  send(data: string) {
    this.sent.push(JSON.parse(data) as ClientMessage);
  }
  close() {
    this.readyState = 3;
  }
  open() {
    this.readyState = 1;
    this.onopen?.({});
  }
  /** The id of the (latest) subscription to a topic, as the client sent it. */
  idOf(topic: string, listId?: string): string {
    const found = this.sent.filter(
      (message): message is Extract<ClientMessage, { type: 'subscribe' }> =>
        message.type === 'subscribe' && message.topic === topic && (listId === undefined || message.listId === listId),
    );
    const last = found.at(-1);
    if (!last) throw new Error(`no subscription to ${topic}`);
    return last.id;
  }
  receive(message: ServerMessage) {
    act(() => this.onmessage?.({ data: JSON.stringify(message) }));
  }
}
